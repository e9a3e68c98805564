import { createdVms, imagesInUse } from '../infra/adoption';
import { isK3s } from '../model/resolve';
import type { Environment } from '../model/resolve';

/**
 * The README's "Cloud images" section (libvirt, where OS disks are overlays of a base volume):
 * which nodes are built on which serial, and when a serial's volume goes. Empty elsewhere.
 */
export function imagesSection(env: Environment): string[] {
  if (!isK3s(env) || env.infrastructure.kind !== 'libvirt') return [];
  const created = createdVms(env);
  const adopted = env.vms.filter((vm) => !created.includes(vm)).map((vm) => vm.node.name);
  const { name, serial } = env.versions.cloudImage;
  const nodesOn = (s: string) => created.filter((vm) => vm.image === s).map((vm) => `${vm.node.name}${vm.imageRecorded ? '' : ' (unrecorded: follows the environment\'s image)'}`);
  return [
    '## Cloud images',
    '',
    ...(created.length > 0
      ? ['| image | OS disks built on it |', '| --- | --- |', ...imagesInUse(env).map((s) => `| ${name}-${s}${s === serial ? ' (the environment\'s)' : ''} | ${nodesOn(s).join(', ')} |`), '']
      : []),
    ...(adopted.length > 0 ? [`Adopted, on the disks they ran with: ${adopted.join(', ')}.`, ''] : []),
    `A node added now is built on ${name}-${serial}. A node moves to another image only when its OS disk is rebuilt: set its \`vm.image\` and follow "Rebuild a server onto another image" in [bootstrap/README.md](bootstrap/README.md), one server at a time (its data disk is kept). A serial's base volume stays while an OS disk is built on it and leaves the pool in the apply that rebuilds the last one.`,
    '',
  ];
}
