import type { ChartRelease } from '../charts/chart';
import type { K3sEnvironment, Node } from '../model/resolve';
import { CILIUM_VALUES_FILE, treeDir } from '../tree/paths';
import { adoptedServerCommands, adoptedServerNote } from './adopted-k3s';
import { addressStep } from './address-step';
import { dayTwoSteps } from './day-two-steps';
import { etcdBackupSteps, serverTokenStep } from './etcd-backup';
import { isAdopted, vmDayTwoSteps } from './vm-day-two';
import { fluxStep } from './flux-step';
import { handoverStep } from './handover-step';
import { inspectorStep, verifyAfterChangeStep } from './inspector-step';
import { kubeconfigStep } from './kubeconfig-step';
import { rotationSteps } from './rotation-steps';
import { upgradeStep } from './upgrade-step';
import type { HandoverPlan } from './handover-step';
import { JOIN_TOKEN_FILE } from './k3s-config';
import { longhornPrerequisites, vmSteps } from './machine-steps';
import { quote, remote } from './shell';
import { WAIT, copyTo, k3sInstall, onNode, sshTo, waitFor } from './step';
import type { Step } from './step';

export type { Step } from './step';

/** The cold-build plan of an environment, and what stops it. */
export interface Runbook {
  readonly preamble: readonly string[];
  readonly steps: readonly Step[];
  /** Why run.sh refuses to start without `--allow-planned`, if it does. */
  readonly plannedGuard?: string;
  /** Steps for after the cold build (changes, servers added or removed), as prose with commands. */
  readonly dayTwo: readonly Step[];
}

/** Kubernetes' release of a k3s version (v1.36.4+k3s1 → v1.36.4): the kubectl the workstation gets. */
const kubernetesOf = (k3s: string) => k3s.replace(/\+k3s\d+$/, '');

/** The home-relative kubeconfig path as the shell writes it. */
const shellPath = (file: string) => (file.startsWith('~/') ? `$HOME/${file.slice(2)}` : file);

function preamble(env: K3sEnvironment): string[] {
  const helm = env.versions.tools.helm;
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

function toolsStep(env: K3sEnvironment): Step {
  const helm = env.versions.tools.helm.version;
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

const manifests = (env: K3sEnvironment) => `${env.k3s.dataDir}/server/manifests`;

/** The server's files and k3s: on a node that runs k3s already (adopted), kept, compared and installed only below the pin. */
function k3sOn(env: K3sEnvironment, node: Node): string[] {
  const kubeVip = env.vip ? [copyTo(env, node, 'kube-vip.yaml', `${manifests(env)}/kube-vip.yaml`)] : [];
  if (isAdopted(env, node)) return [...kubeVip, ...adoptedServerCommands(env, node, k3sInstall(env))];
  return [copyTo(env, node, `nodes/${node.name}/config.yaml`, '/etc/rancher/k3s/config.yaml'), ...kubeVip, onNode(env, node, k3sInstall(env))];
}

function founderSteps(env: K3sEnvironment): Step[] {
  const { founder } = env;
  const steps: Step[] = [{
    title: `k3s on the founder, ${founder.name} (${founder.ip})`,
    where: founder.name,
    notes: [
      env.k3s.datastore === 'etcd' ? 'The founder initialises embedded etcd (`cluster-init`).' : 'One server on k3s\'s default datastore (sqlite), as the operators run it.',
      env.vip ? 'k3s applies `kube-vip.yaml` from its manifests folder: kube-vip runs on the host network and needs no CNI.' : 'No VIP: clients use the server\'s own address.',
      ...(isAdopted(env, founder) ? [adoptedServerNote(env, founder)] : []),
    ],
    commands: [...k3sOn(env, founder), waitFor(WAIT.apiserver, `${sshTo(env, founder)} ${remote('sudo k3s kubectl get --raw /readyz')} >/dev/null 2>&1`)],
  }];
  if (env.vip) {
    steps.push({
      title: `Wait until the VIP ${env.vip} answers on ${env.apiPort}`,
      where: 'workstation',
      notes: ['Cilium is configured to reach the API through the VIP: nothing goes on before it answers.'],
      commands: [waitFor(WAIT.vip, `curl -ks -o /dev/null --max-time 2 https://${env.vip}:${env.apiPort}/livez`, 2)],
    });
  }
  steps.push(kubeconfigStep(env));
  return steps;
}

function cniStep(env: K3sEnvironment, cni: ChartRelease): Step {
  const chart = cni.oci ?? `${cni.name}/${cni.chart}`;
  return {
    title: `Cilium ${cni.version} (Gateway API CRDs first)`,
    where: 'workstation',
    notes: [
      "Cilium's operator looks for the Gateway API CRDs once, at start. Flux later adopts this release with the very same values (`cilium-values.yaml` is the HelmRelease's `spec.values`).",
    ],
    commands: [
      `kubectl apply --server-side -f ${env.versions.gatewayApi.repo}/releases/download/${env.versions.gatewayApi.version}/standard-install.yaml`,
      ...(cni.oci ? [] : [`helm repo add ${cni.name} ${cni.repo}`]),
      `helm upgrade --install ${cni.name} ${chart} --version ${cni.version} --namespace ${cni.namespace} --values ${CILIUM_VALUES_FILE.replace('bootstrap/', '')}`,
      `kubectl -n ${cni.namespace} rollout status daemonset/cilium --timeout=${WAIT.rollout}`,
      `kubectl wait --for=condition=Ready node/${env.founder.name} --timeout=${WAIT.rollout}`,
    ],
  };
}

function joinSteps(env: K3sEnvironment): Step[] {
  const { founder } = env;
  return env.liveNodes
    .filter((n) => n !== founder)
    .map((node) => ({
      title: `Join ${node.name} (${node.ip})`,
      where: node.name,
      notes: [
        `Joins the founder's own address (https://${env.apiHost}:${env.apiPort}), never the VIP, with the founder's token fetched now, so one server can be re-joined alone. One server at a time: etcd adds one member per join.`,
        ...(isAdopted(env, node) ? [adoptedServerNote(env, node)] : []),
      ],
      commands: [
        `${onNode(env, founder, `sudo cat ${env.k3s.tokenPath}`)} | ${onNode(env, node, `sudo install -D -m 0600 /dev/stdin ${JOIN_TOKEN_FILE}`)}`,
        ...k3sOn(env, node),
        `kubectl wait --for=condition=Ready node/${node.name} --timeout=${WAIT.rollout}`,
      ],
    }));
}

function verifyStep(env: K3sEnvironment, cni?: ChartRelease): Step {
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

/**
 * The cold build of an environment, from empty hosts to a reconciling Flux, then (with `handover`)
 * the retirement of an earlier install once Flux owns what it installed; `platformDayTwo` are the
 * Day 2 sections the component table contributes (placed before the servers' own: moving the
 * volumes off local-path comes before the restart that disables it).
 */
export function runbookSteps(env: K3sEnvironment, cni?: ChartRelease, handover?: HandoverPlan, platformDayTwo: readonly Step[] = []): Runbook {
  const etcd = env.k3s.datastore === 'etcd';
  const steps = [
    toolsStep(env),
    ...vmSteps(env),
    ...longhornPrerequisites(env),
    ...founderSteps(env),
    ...(cni ? [cniStep(env, cni)] : []),
    ...joinSteps(env),
    verifyStep(env, cni),
    ...(etcd ? [serverTokenStep(env)] : []),
    fluxStep(env),
    ...(handover ? [handoverStep(env, handover)] : []),
    inspectorStep(env),
  ];
  const planned = env.plannedNodes.map((n) => n.name);
  // The number run.sh gives a server's Join step, for the Day 2 sections that rejoin it.
  const joinStep = (node: Node) => { const i = steps.findIndex((st) => st.title.startsWith(`Join ${node.name} (`)); return i < 0 ? undefined : i + 1; };
  return {
    preamble: preamble(env),
    steps,
    plannedGuard:
      planned.length > 0
        ? `${env.name} has planned servers (${planned.join(', ')}): it is not to be initialised until they exist. Mark them live once racked, or pass --allow-planned to build with ${env.liveNodes.map((n) => n.name).join(', ')} alone.`
        : undefined,
    dayTwo: [
      ...(handover ? rotationSteps(env, handover) : []), ...platformDayTwo, ...dayTwoSteps(env, platformDayTwo.length > 0), upgradeStep(env),
      ...vmDayTwoSteps(env, joinStep), ...addressStep(env, joinStep), ...(etcd ? etcdBackupSteps(env) : []), verifyAfterChangeStep(env),
    ],
  };
}
