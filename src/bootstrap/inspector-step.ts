import type { K3sEnvironment } from '../model/resolve';
import { inspectorAccount } from '../model/inspector-account';
import { quote } from './shell';
import { REPO_ROOT, WAIT } from './step';
import type { Step } from './step';

/** Where the inspector's kubeconfig goes: beside the cluster's own, `<env>-inspector.kubeconfig`. */
export function inspectorKubeconfig(env: K3sEnvironment): string {
  const dir = env.kubeconfig.file.includes('/') ? env.kubeconfig.file.slice(0, env.kubeconfig.file.lastIndexOf('/')) : '.';
  return `${dir.startsWith('~/') ? `$HOME/${dir.slice(2)}` : dir}/${env.name}-inspector.kubeconfig`;
}

/**
 * The inspector's kubeconfig, minted as the operators' script did (a 7-day token of the read-only
 * ServiceAccount, re-minted on each run), then proved read-only with `auth can-i` before verify
 * reads the cluster with it. The token reaches the file through printf (a shell builtin), never
 * a command line another user could read. Each command runs in a shell of its own (run.sh's
 * `run`), so each names the file.
 */
function mintCommands(env: K3sEnvironment): string[] {
  const account = inspectorAccount(env);
  const file = inspectorKubeconfig(env);
  const config = [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `- name: ${env.name}`,
    '  cluster:',
    '    server: %s',
    '    certificate-authority-data: %s',
    'users:',
    `- name: ${account.name}`,
    '  user:',
    '    token: %s',
    'contexts:',
    `- name: ${env.name}-inspector`,
    '  context:',
    `    cluster: ${env.name}`,
    `    user: ${account.name}`,
    `current-context: ${env.name}-inspector`,
  ].join('\\n');
  const as = `kubectl --kubeconfig "${file}"`;
  const mint = [
    `SERVER="$(kubectl config view --minify -o jsonpath='{.clusters[0].cluster.server}')"`,
    `CA="$(kubectl config view --raw --minify --flatten -o jsonpath='{.clusters[0].cluster.certificate-authority-data}')"`,
    `TOKEN="$(kubectl -n ${account.namespace} create token ${account.name} --duration=168h)"`,
    `umask 077 && mkdir -p "$(dirname "${file}")" && printf ${quote(`${config}\\n`)} "$SERVER" "$CA" "$TOKEN" > "${file}"`,
  ].join(' && ');
  return [
    `kubectl -n ${account.namespace} wait serviceaccount/${account.name} --for=create --timeout=${WAIT.flux}`,
    mint,
    `${as} auth can-i list nodes >/dev/null`,
    `! ${as} auth can-i get secrets --all-namespaces >/dev/null`,
    `! ${as} auth can-i create deployments --all-namespaces >/dev/null`,
  ];
}

const verifyCommand = (env: K3sEnvironment) => `cd ${REPO_ROOT} && npm run --silent verify -- --env ${env.name} --kubeconfig "${inspectorKubeconfig(env)}"`;

/** The cold build's last step: Flux's layers Ready, then verify reads the cluster as the inspector. */
export function inspectorStep(env: K3sEnvironment): Step {
  const account = inspectorAccount(env);
  const running = env.flux.layers.filter((l) => !l.suspend).map((l) => l.name);
  return {
    title: 'Verify the cluster against the tree',
    where: 'workstation',
    notes: [
      `The layers Flux applies (${['flux-system', ...running].join(', ')}) Ready; then a kubeconfig of the read-only ServiceAccount ${account.namespace}/${account.name} (role ${account.role}, a 7-day token, re-minted whenever this step runs) at \`${inspectorKubeconfig(env)}\`, proved unable to read Secrets or write; then \`verify\` compares the live cluster with the committed tree and exits 1 on drift.`,
    ],
    commands: [
      ...['flux-system', ...running].map((name) => `kubectl -n flux-system wait kustomization/${name} --for=condition=Ready --timeout=${WAIT.flux}`),
      ...mintCommands(env),
      verifyCommand(env),
    ],
  };
}

/** Day 2: after every change Flux has applied, the same comparison. */
export function verifyAfterChangeStep(env: K3sEnvironment): Step {
  return {
    title: 'After each change: verify',
    where: 'workstation',
    notes: [
      `Once Flux has applied a merged change (\`kubectl -n flux-system get kustomizations\` Ready at the new revision), or a server was added, removed or restarted: mint the inspector's kubeconfig again (its token lasts 7 days) and run verify, which names every difference between the cluster and \`clusters/${env.name}/\`.`,
    ],
    commands: [...mintCommands(env), verifyCommand(env)],
  };
}
