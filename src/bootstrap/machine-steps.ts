import { adoptionPlan } from '../infra/adoption';
import type { Environment } from '../model/resolve';
import { quote, remote } from './shell';
import { REPO_ROOT, WAIT, onNode, sshOptions, sshTo, waitFor } from './step';
import type { Step } from './step';

// The machines before k3s: the VMs (Proxmox prerequisites, deploy or adoption, cloud-init) and,
// on bare metal, what Longhorn needs on each host.

/** The Proxmox host's address, from the API endpoint. */
const proxmoxHost = (endpoint: string) => new URL(endpoint).hostname;

export function vmSteps(env: Environment): Step[] {
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
  const lock = 'terraform/.terraform.lock.hcl';
  const moved = infra.kind === 'libvirt' ? (infra.migrateFromCount ?? []) : [];
  steps.push({
    title: adoption.imports.length > 0 ? 'Adopt the running VMs' : 'VMs',
    where: 'workstation',
    notes: [
      `\`npm run deploy -- ${env.name}\` (cdktf deploy, pinned) synthesizes the same JSON as \`clusters/${env.name}/terraform/cdk.tf.json\`, shows the plan and asks before applying (it runs \`terraform\`, or OpenTofu with \`TERRAFORM_BINARY_NAME=tofu\`); \`tofu -chdir=clusters/${env.name}/terraform init && tofu -chdir=clusters/${env.name}/terraform apply\` is the equivalent. Both keep state in \`.terraform-state/${env.name}.tfstate\` (git-ignored). Commit \`clusters/${env.name}/${lock}\` after the first \`tofu init\` (synth keeps it); cdktf writes its own in \`cdktf.out/\`.`,
      ...(adoption.imports.length > 0
        ? [
            `The environment adopts VMs that already run: the plan must say **${adoption.imports.length} to import**, ${adoption.creates.length + adoption.replaces.length} to add, ${adoption.replaces.length} to destroy${adoption.replaces.length > 0 ? ' (only the replaced volumes below)' : ''}, nothing else. Stop if it differs: a plan that would replace a running VM or disk fails on \`prevent_destroy\` instead.`,
            `Imported: ${adoption.imports.map((i) => `\`${i.to}\` ← \`${i.id}\``).join(', ')}.`,
            `Created: ${adoption.creates.map((c) => `\`${c}\``).join(', ')}.`,
            ...(adoption.replaces.length > 0 ? [`Replaced: ${adoption.replaces.map((r) => `\`${r.address}\` (${r.why})`).join(', ')}.`] : []),
          ]
        : []),
      ...(moved.length > 0
        ? [
            `The VMs of the count-based module this replaces move to keyed addresses (\`moved\` blocks for ${moved.join(', ')}): copy that module's state to \`.terraform-state/${env.name}.tfstate\` before the first plan (\`tofu -chdir=<old module> state pull > .terraform-state/${env.name}.tfstate\`). The plan must show every one of them as moved and **0 to destroy**; what this module declares beyond the old one (the checksummed base image, the seed ISO volumes) is added. A plan that destroys anything: stop, and adopt with \`infrastructure.adopt\` instead.`,
          ]
        : []),
    ],
    commands: [fromRoot(`npm run deploy -- ${env.name}`)],
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

export function longhornPrerequisites(env: Environment): Step[] {
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
