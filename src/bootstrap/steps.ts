import type { ChartRelease } from '../charts/chart';
import { adoptionPlan } from '../infra/adoption';
import { LONGHORN_PACKAGES } from '../infra/cloud-init';
import { fluxOperatorRelease } from '../k8s/flux-instance';
import type { Environment, Node } from '../model/resolve';
import { CILIUM_VALUES_FILE, FLUX_INSTANCE_FILE, treeDir } from '../paths';
import * as versions from '../versions';
import { JOIN_TOKEN_FILE } from './k3s-config';
import { quote, remote } from './shell';

/**
 * One step of the cold build as data: where it acts, why, and the exact command lines. Every line
 * runs on the workstation from `clusters/<env>/bootstrap/` (a node is reached over SSH), after the
 * preamble's variables; the README shows these lines and run.sh runs them, so the two never differ.
 */
export interface Step {
  readonly title: string;
  /** `workstation`, a node's name, or the hypervisor. */
  readonly where: string;
  readonly notes: readonly string[];
  readonly commands: readonly string[];
}

/** The cold-build plan of an environment, and what stops it. */
export interface Runbook {
  readonly preamble: readonly string[];
  readonly steps: readonly Step[];
  /** Why run.sh refuses to start without `--allow-planned`, if it does. */
  readonly plannedGuard?: string;
  /** Steps for after the cold build (changes, servers added or removed), as prose with commands. */
  readonly dayTwo: readonly Step[];
}

/** From the bootstrap folder to the repository root. */
const REPO_ROOT = '../../..';
/** Seconds a wait may take before the step fails. */
const WAIT = { ssh: 900, apiserver: 300, vip: 300, rollout: '10m', flux: '10m' } as const;

const sshOptions = '-o StrictHostKeyChecking=accept-new -o ConnectTimeout=10';

/** `ssh -p 22 user@host` for a node, the access path the model knows (a NAT target where given). */
export function sshTo(env: Environment, node: Node): string {
  const target = env.ssh.get(node.name)!;
  return `ssh ${sshOptions} -p ${target.port} ${quote(target.user ? `${target.user}@${target.host}` : target.host)}`;
}

const onNode = (env: Environment, node: Node, command: string) => `${sshTo(env, node)} ${remote(command)}`;
/** Copies a bootstrap file to a node with its mode, creating the folder (root-owned). */
const copyTo = (env: Environment, node: Node, file: string, to: string, mode = '0600') => `${onNode(env, node, `sudo install -D -m ${mode} /dev/stdin ${to}`)} < ${quote(file)}`;
/** A loop that waits for `condition`, failing the step after `seconds`. */
const waitFor = (seconds: number, condition: string, pause = 5) => `timeout ${seconds} bash -c ${quote(`until ${condition}; do sleep ${pause}; done`)}`;

/** Kubernetes' release of a k3s version (v1.36.4+k3s1 → v1.36.4): the kubectl the workstation gets. */
const kubernetesOf = (k3s: string) => k3s.replace(/\+k3s\d+$/, '');

/** The home-relative kubeconfig path as the shell writes it. */
const shellPath = (file: string) => (file.startsWith('~/') ? `$HOME/${file.slice(2)}` : file);

function preamble(env: Environment): string[] {
  const helm = versions.tools.helm;
  return [
    `# ${env.name}: run from ${treeDir(env.name)}/bootstrap on a Linux workstation with ssh, curl, tar and sha256sum.`,
    `TOOLS="\${XDG_CACHE_HOME:-$HOME/.cache}/k3s-gitops-synth/tools"`,
    'case "$(uname -m)" in',
    `  x86_64 | amd64) ARCH=amd64 HELM_SHA256=${helm.sha256.amd64} ;;`,
    `  aarch64 | arm64) ARCH=arm64 HELM_SHA256=${helm.sha256.arm64} ;;`,
    '  *) echo "unsupported workstation architecture: $(uname -m)" >&2; exit 1 ;;',
    'esac',
    `export TOOLS ARCH HELM_SHA256 PATH="$TOOLS/bin:$PATH"`,
    `# This cluster's credentials: written by the kubeconfig step, used by every kubectl and helm below.`,
    `export KUBECONFIG="${shellPath(env.kubeconfig.file)}"`,
  ];
}

function toolsStep(env: Environment): Step {
  const helm = versions.tools.helm.version;
  const kubectl = kubernetesOf(env.k3s.version);
  return {
    title: 'Workstation tools',
    where: 'workstation',
    notes: [
      `helm ${helm} (checked against its release's SHA-256) and kubectl ${kubectl} (the cluster's Kubernetes release, checked against dl.k8s.io's checksum) go into $TOOLS/bin; nothing is installed system-wide.`,
    ],
    commands: [
      'command -v ssh curl tar sha256sum timeout >/dev/null',
      'mkdir -p "$TOOLS/bin"',
      `helm version --short 2>/dev/null | grep -q '^${helm}+' || { curl -fsSLo "$TOOLS/helm.tgz" "https://get.helm.sh/helm-${helm}-linux-$ARCH.tar.gz" && echo "$HELM_SHA256  $TOOLS/helm.tgz" | sha256sum -c --quiet - && tar -xzf "$TOOLS/helm.tgz" -C "$TOOLS/bin" --strip-components=1 "linux-$ARCH/helm" && rm "$TOOLS/helm.tgz"; }`,
      `kubectl version --client 2>/dev/null | grep -q 'Client Version: ${kubectl}$' || { curl -fsSLo "$TOOLS/bin/kubectl" "https://dl.k8s.io/release/${kubectl}/bin/linux/$ARCH/kubectl" && echo "$(curl -fsSL "https://dl.k8s.io/release/${kubectl}/bin/linux/$ARCH/kubectl.sha256")  $TOOLS/bin/kubectl" | sha256sum -c --quiet - && chmod 0755 "$TOOLS/bin/kubectl"; }`,
    ],
  };
}

/** The Proxmox host's address, from the API endpoint. */
const proxmoxHost = (endpoint: string) => new URL(endpoint).hostname;

function vmSteps(env: Environment): Step[] {
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

function longhornPrerequisites(env: Environment): Step[] {
  // VMs get these from cloud-init; bare metal from the operator, before anything mounts a volume.
  if (!env.longhorn || env.infrastructure.kind !== 'bare-metal') return [];
  return [{
    title: 'Longhorn prerequisites on every live server',
    where: env.liveNodes.map((n) => n.name).join(', '),
    notes: ['iSCSI for every volume, an NFSv4 client for shared ones, and the data folder.'],
    commands: env.liveNodes.map((node) =>
      onNode(env, node, `sudo apt-get install -y ${LONGHORN_PACKAGES.join(' ')} && sudo systemctl enable --now iscsid && sudo install -d -m 0700 ${env.longhorn!.dataPath}`),
    ),
  }];
}

const install = (env: Environment) => `curl -sfL https://get.k3s.io | sudo INSTALL_K3S_VERSION=${env.k3s.version} sh -s - server`;
const manifests = (env: Environment) => `${env.k3s.dataDir}/server/manifests`;

function serverFiles(env: Environment, node: Node): string[] {
  return [
    copyTo(env, node, `nodes/${node.name}/config.yaml`, '/etc/rancher/k3s/config.yaml'),
    ...(env.vip ? [copyTo(env, node, 'kube-vip.yaml', `${manifests(env)}/kube-vip.yaml`)] : []),
  ];
}

function founderSteps(env: Environment): Step[] {
  const { founder } = env;
  const steps: Step[] = [{
    title: `k3s on the founder, ${founder.name} (${founder.ip})`,
    where: founder.name,
    notes: [
      env.k3s.datastore === 'etcd' ? 'The founder initialises embedded etcd (`cluster-init`).' : 'One server on k3s\'s default datastore (sqlite), as the operators run it.',
      env.vip ? 'k3s applies `kube-vip.yaml` from its manifests folder: kube-vip runs on the host network and needs no CNI.' : 'No VIP: clients use the server\'s own address.',
    ],
    commands: [...serverFiles(env, founder), onNode(env, founder, install(env)), waitFor(WAIT.apiserver, `${sshTo(env, founder)} ${remote('sudo k3s kubectl get --raw /readyz')} >/dev/null 2>&1`)],
  }];
  if (env.vip) {
    steps.push({
      title: `Wait until the VIP ${env.vip} answers on ${env.apiPort}`,
      where: 'workstation',
      notes: ['Cilium is configured to reach the API through the VIP: nothing goes on before it answers.'],
      commands: [waitFor(WAIT.vip, `curl -ks -o /dev/null --max-time 2 https://${env.vip}:${env.apiPort}/livez`, 2)],
    });
  }
  const server = `https://${env.apiServerEndpoint}:${env.apiPort}`;
  const { context } = env.kubeconfig;
  steps.push({
    title: `Kubeconfig ${env.kubeconfig.file} (context ${context})`,
    where: 'workstation',
    notes: [
      `Fetched from the founder, pointed at ${server} (${env.vip ? 'the VIP' : 'the server'}, never 127.0.0.1), renamed to \`${context}\`, mode 0600, never committed. It refuses to replace a file that talks to another server: another environment's kubeconfig is never overwritten.`,
    ],
    commands: [
      'mkdir -p "$(dirname "$KUBECONFIG")"',
      // umask 077: the credentials are never readable by others, not even half-written.
      `umask 077 && ${onNode(env, founder, 'sudo cat /etc/rancher/k3s/k3s.yaml')} | sed -E -e ${quote(`s#https://127\\.0\\.0\\.1:[0-9]+#${server}#`)} -e ${quote(`s/^([ -]*(name|cluster|user|current-context): )default$/\\1${context}/`)} > "$KUBECONFIG.new"`,
      `if [ -f "$KUBECONFIG" ] && ! grep -qx ${quote(`    server: ${server}`)} "$KUBECONFIG"; then echo "$KUBECONFIG belongs to another cluster; move it away first" >&2; rm -f "$KUBECONFIG.new"; exit 1; fi`,
      'install -D -m 0600 "$KUBECONFIG.new" "$KUBECONFIG" && rm "$KUBECONFIG.new"',
      'kubectl get --raw /readyz',
    ],
  });
  return steps;
}

function cniStep(env: Environment, cni: ChartRelease): Step {
  const chart = cni.oci ?? `${cni.name}/${cni.chart}`;
  return {
    title: `Cilium ${cni.version} (Gateway API CRDs first)`,
    where: 'workstation',
    notes: [
      "Cilium's operator looks for the Gateway API CRDs once, at start. Flux later adopts this release with the very same values (`cilium-values.yaml` is the HelmRelease's `spec.values`).",
    ],
    commands: [
      `kubectl apply --server-side -f ${versions.gatewayApi.repo}/releases/download/${versions.gatewayApi.version}/standard-install.yaml`,
      ...(cni.oci ? [] : [`helm repo add ${cni.name} ${cni.repo}`]),
      `helm upgrade --install ${cni.name} ${chart} --version ${cni.version} --namespace ${cni.namespace} --values ${CILIUM_VALUES_FILE.replace('bootstrap/', '')}`,
      `kubectl -n ${cni.namespace} rollout status daemonset/cilium --timeout=${WAIT.rollout}`,
      `kubectl wait --for=condition=Ready node/${env.founder.name} --timeout=${WAIT.rollout}`,
    ],
  };
}

function joinSteps(env: Environment): Step[] {
  const { founder } = env;
  return env.liveNodes
    .filter((n) => n !== founder)
    .map((node) => ({
      title: `Join ${node.name} (${node.ip})`,
      where: node.name,
      notes: [`Joins the founder's own address (https://${env.apiHost}:${env.apiPort}), never the VIP, with the founder's token fetched now, so one server can be re-joined alone. One server at a time: etcd adds one member per join.`],
      commands: [
        `${onNode(env, founder, `sudo cat ${env.k3s.tokenPath}`)} | ${onNode(env, node, `sudo install -D -m 0600 /dev/stdin ${JOIN_TOKEN_FILE}`)}`,
        ...serverFiles(env, node),
        onNode(env, node, install(env)),
        `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`,
      ],
    }));
}

function verifyStep(env: Environment, cni?: ChartRelease): Step {
  return {
    title: 'Verify',
    where: 'workstation',
    notes: ['Every live server Ready, through the steady-state endpoint.'],
    commands: [
      `kubectl wait --for=condition=Ready node --all --timeout=${WAIT.rollout}`,
      ...(cni ? [`kubectl -n ${cni.namespace} rollout status daemonset/cilium --timeout=${WAIT.rollout}`] : []),
      'kubectl get nodes -o wide',
    ],
  };
}

function fluxStep(env: Environment): Step {
  const operator = fluxOperatorRelease();
  const ageKey = `${REPO_ROOT}/.age/${env.name}.agekey`;
  const secrets = env.secrets.length > 0 || env.flux.pullSecret !== undefined;
  const pull = env.flux.pullSecret;
  const install = `helm upgrade --install ${operator.name} ${operator.oci} --version ${operator.version} --namespace ${operator.namespace} --create-namespace --wait --timeout ${WAIT.flux}`;
  if (env.flux.bootstrapped) {
    return {
      title: 'Flux: hand the bootstrapped Flux over to flux-operator',
      where: 'workstation',
      notes: [
        'The cluster runs Flux from `flux bootstrap`. The operator takes over its controllers and its `flux-system` sync in place (no downtime); the annotations keep the root Kustomization from pruning them when the next commit drops `gotk-components.yaml` and the sync files.',
        `Then: remove \`flux.bootstrapped\` from \`src/environments/${env.name}.ts\`, \`git rm clusters/${env.name}/kubernetes/flux-system/gotk-components.yaml\`, \`npm run synth\`, commit and merge.`,
      ],
      commands: [
        install,
        `kubectl apply --server-side -f ${FLUX_INSTANCE_FILE.replace('bootstrap/', '')}`,
        `kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready --timeout=${WAIT.flux}`,
        'kubectl annotate --overwrite -f ../kubernetes/flux-system/gotk-components.yaml kustomize.toolkit.fluxcd.io/prune=disabled',
        'kubectl -n flux-system annotate --overwrite gitrepository/flux-system kustomization/flux-system kustomize.toolkit.fluxcd.io/prune=disabled',
      ],
    };
  }
  return {
    title: 'Flux, through flux-operator',
    where: 'workstation',
    notes: [
      `flux-operator ${operator.version} installs Flux ${versions.flux.version} as \`flux-instance.yaml\` says, with the sync of \`${env.flux.path}\`. From then on Flux keeps the operator's release and the FluxInstance (both in \`kubernetes/flux-system/\`) applied from Git.`,
      ...(secrets ? [`Flux decrypts the tree's SOPS Secrets with the age identity of ${env.name} (\`npm run secrets -- init ${env.name}\` wrote it to \`.age/${env.name}.agekey\`, outside Git).`] : []),
      ...(pull ? [`Flux pulls the repository with the Secret \`flux-system/${pull}\`, decrypted here from \`secrets/${env.name}/\` and applied once; Flux keeps it applied afterwards.`] : []),
    ],
    commands: [
      install,
      ...(secrets ? [`kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=${ageKey} --dry-run=client -o yaml | kubectl apply -f -`] : []),
      ...(pull ? [`(cd ${REPO_ROOT} && SOPS_AGE_KEY_FILE=.age/${env.name}.agekey npm run --silent secrets -- show ${env.name} flux-system/${pull}) | kubectl apply -f -`] : []),
      `kubectl apply --server-side -f ${FLUX_INSTANCE_FILE.replace('bootstrap/', '')}`,
      `kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready --timeout=${WAIT.flux}`,
      `kubectl -n flux-system wait kustomization/flux-system --for=condition=Ready --timeout=${WAIT.flux}`,
      'kubectl -n flux-system get kustomizations',
    ],
  };
}

/** Servers in the order a rolling restart takes them: the others first, the founder last. */
function restartOrder(env: Environment): Node[] {
  return [...env.liveNodes.filter((n) => n !== env.founder), env.founder];
}

function dayTwoSteps(env: Environment): Step[] {
  const order = restartOrder(env);
  const steps: Step[] = [{
    title: "A server's k3s config changed (SANs, flags, OIDC)",
    where: order.map((n) => n.name).join(', then '),
    notes: [
      'k3s reads `config.yaml` only when it starts. After the commit, restart the servers whose `nodes/<server>/config.yaml` changed, one at a time, in this order, each Ready before the next: two at once can lose etcd quorum.',
      ...(order.length === 1 ? ['With one server the API is down while it restarts.'] : []),
    ],
    commands: order.flatMap((node) => [
      copyTo(env, node, `nodes/${node.name}/config.yaml`, '/etc/rancher/k3s/config.yaml'),
      onNode(env, node, 'sudo systemctl restart k3s'),
      `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`,
    ]),
  }];
  if (env.k3s.datastore === 'etcd') {
    steps.push(
      {
        title: 'A server is added',
        where: 'workstation, then the new server',
        notes: [
          'Give it `state: \'live\'` (a planned server\'s IP is already in every certificate), `npm run synth`, commit; then run its "Join" step (`bash run.sh --list` numbers the steps, `bash run.sh --only <n>` runs one): k3s adds the etcd member as it joins. Keep an odd number of servers.',
        ],
        commands: ['kubectl get nodes -o wide'],
      },
      {
        title: 'A server is removed',
        where: 'workstation, then the server',
        notes: [
          'Drain it, delete its Node (k3s removes its etcd member), uninstall k3s on it, then remove it from the environment and synth. Never remove two at once, and never the last of a quorum. A VM\'s data disk is protected: set `protectData: false` for that one change.',
        ],
        commands: [
          'kubectl drain <server> --ignore-daemonsets --delete-emptydir-data',
          'kubectl delete node <server>',
          'ssh <server> sudo /usr/local/bin/k3s-uninstall.sh',
        ],
      },
    );
  }
  return steps;
}

/** The cold build of an environment, from empty hosts to a reconciling Flux. */
export function runbookSteps(env: Environment, cni?: ChartRelease): Runbook {
  const steps = [
    toolsStep(env),
    ...vmSteps(env),
    ...longhornPrerequisites(env),
    ...founderSteps(env),
    ...(cni ? [cniStep(env, cni)] : []),
    ...joinSteps(env),
    verifyStep(env, cni),
    fluxStep(env),
  ];
  const planned = env.plannedNodes.map((n) => n.name);
  return {
    preamble: preamble(env),
    steps,
    plannedGuard:
      planned.length > 0
        ? `${env.name} has planned servers (${planned.join(', ')}): it is not to be initialised until they exist. Mark them live once racked, or pass --allow-planned to build with ${env.liveNodes.map((n) => n.name).join(', ')} alone.`
        : undefined,
    dayTwo: dayTwoSteps(env),
  };
}
