import { adoptionPlan } from '../infra/adoption';
import { adoptionCommands, adoptionNotes } from './adoption-steps';
import type { K3sEnvironment } from '../model/resolve';
import { quote, remote } from './shell';
import { REPO_ROOT, WAIT, onNode, sshOptions, sshTo, waitFor } from './step';
import { VM_CHANGE_TITLE } from './vm-day-two';
import type { Step } from './step';

// The machines before k3s: the VMs (Proxmox prerequisites, deploy or adoption, cloud-init) and,
// on bare metal, what Longhorn needs on each host.

/** A count → for_each migration moves addresses only: nothing changed, nothing destroyed. */
export const MIGRATION_EXPECT = 'change=0,destroy=0';

/** The Proxmox host's address, from the API endpoint. */
const proxmoxHost = (endpoint: string) => new URL(endpoint).hostname;

export function vmSteps(env: K3sEnvironment): Step[] {
  const infra = env.infrastructure;
  if (infra.kind === 'bare-metal') return [];
  const steps: Step[] = [];
  const fromRoot = (command: string) => `(cd ${REPO_ROOT} && ${command})`;
  if (infra.kind === 'proxmox') {
    const host = proxmoxHost(infra.endpoint);
    steps.push({
      title: `Proxmox prerequisites on ${infra.node}`,
      where: `Proxmox host ${host}`,
      notes: [
        `The cloud image is downloaded into datastore \`${infra.imageDatastore}\` as "Import" content, and the cloud-init vendor data (the guest agent) is uploaded there as a "Snippets" file over SSH: both content types are off on a fresh datastore. Enable them under Datacenter > Storage > ${infra.imageDatastore} > Content if the check fails.`,
        'The API token (`user@realm!tokenid=secret`) and the SSH user for snippet uploads come from the environment, never from the repository; the SSH key must be in your ssh-agent.',
      ],
      commands: [
        `: "\${PROXMOX_VE_API_TOKEN:?export PROXMOX_VE_API_TOKEN='user@pam!token=secret' first}" "\${PROXMOX_VE_SSH_USERNAME:?export PROXMOX_VE_SSH_USERNAME=root (snippet uploads go over SSH)}"`,
        ...['import', 'snippets'].map((content) => `ssh ${sshOptions} "$PROXMOX_VE_SSH_USERNAME@${host}" ${remote(`pvesm status --content ${content}`)} | awk 'NR > 1 { print $1 }' | grep -qx ${quote(infra.imageDatastore)}`),
      ],
    });
  }
  const adoption = adoptionPlan(env);
  const moved = infra.kind === 'libvirt' ? (infra.migrateFromCount ?? []) : [];
  const deploy = (flags = '') => fromRoot(`npm run deploy -- ${env.name}${flags}`);
  steps.push({
    title: adoption.imports.length > 0 ? 'Adopt the running VMs' : moved.length > 0 ? 'Move the old module\'s VMs to keyed addresses' : 'VMs',
    where: 'workstation',
    notes: [
      `\`npm run deploy -- ${env.name}\` applies the committed \`clusters/${env.name}/terraform/cdk.tf.json\` with your \`tofu\` (or \`terraform\`), fetching no npm package: it inspects any existing state first, runs \`init\` (which writes \`clusters/${env.name}/terraform/.terraform.lock.hcl\`: commit it, synth leaves it alone), then shows the plan and asks. State stays in \`.terraform-state/${env.name}.tfstate\` and the providers' temporary files${infra.kind === 'libvirt' ? " (libvirt's cloud-init ISOs)" : ''} beside it in \`.terraform-state/${env.name}/scratch\`, both git-ignored: move them together to plan from another machine.`,
      ...adoptionNotes(env, adoption),
      ...(moved.length > 0
        ? [
            `The count-based module this replaces declared ${moved.join(', ')} by index: copy its state to \`.terraform-state/${env.name}.tfstate\` first (\`tofu -chdir=<old module> state pull > .terraform-state/${env.name}.tfstate\`). \`--inspect\` then reads it and stops with the cause when it cannot be moved as it is (state written by the 0.8 provider, a resource this stack does not declare, a move that would rename and so replace a volume, a node left out of \`migrateFromCount\`). The moved OS disks keep the file they are overlays of (\`backing_store\` is never planned again). A move alone changes nothing and destroys nothing: \`--expect ${MIGRATION_EXPECT}\` applies the plan only then (what it adds, such as each node's image serial record, is new). A plan that updates a domain stops there, since each update stops its VM: apply such a change one server at a time, as Day 2's "${VM_CHANGE_TITLE}" does.`,
          ]
        : []),
    ],
    commands: adoption.imports.length > 0
      ? [...adoptionCommands(env), deploy(' --inspect'), deploy(` --expect ${adoption.expect}`)]
      : moved.length > 0
        ? [deploy(' --inspect'), deploy(` --expect ${MIGRATION_EXPECT}`)]
        : [deploy()],
  });
  steps.push({
    title: 'Wait for cloud-init on every VM',
    where: env.liveNodes.map((n) => n.name).join(', '),
    notes: ["A VM answers SSH before cloud-init has finished (packages, the guest agent, a data disk's mount); k3s goes on only after it."],
    commands: env.liveNodes.flatMap((node) => [
      waitFor(WAIT.ssh, `${sshTo(env, node)} true 2>/dev/null`),
      onNode(env, node, 'sudo cloud-init status --wait >/dev/null'),
    ]),
  });
  return steps;
}

export function longhornPrerequisites(env: K3sEnvironment): Step[] {
  // VMs get these from cloud-init; bare metal from the operator, before anything mounts a volume.
  if (!env.longhorn || env.infrastructure.kind !== 'bare-metal') return [];
  return [{
    title: 'Longhorn prerequisites on every live server',
    where: env.liveNodes.map((n) => n.name).join(', '),
    notes: ['iSCSI for every volume, an NFSv4 client for shared ones, and the data folder.'],
    commands: env.liveNodes.map((node) =>
      onNode(env, node, `sudo apt-get install -y ${env.longhorn!.nodePackages.join(' ')} && sudo systemctl enable --now iscsid && sudo install -d -m 0700 ${env.longhorn!.dataPath}`),
    ),
  }];
}
