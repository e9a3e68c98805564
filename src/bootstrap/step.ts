import type { K3sEnvironment, Node } from '../model/resolve';
import { TOOL_NAME } from '../tree/tool-name';
import { k3sInstaller } from '../versions';
import { quote, remote } from './shell';

// What every step is made of: the step as data and the shell lines that reach a node.

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

/** From the bootstrap folder to the repository root. */
export const REPO_ROOT = '../../..';
/** Seconds a wait may take before the step fails. */
export const WAIT = { ssh: 900, apiserver: 300, vip: 300, rollout: '10m', flux: '10m' } as const;

export const sshOptions = '-o StrictHostKeyChecking=accept-new -o ConnectTimeout=10';

/** `ssh -p 22 user@host` for a node, the access path the model knows (a NAT target where given). */
export function sshTo(env: K3sEnvironment, node: Node): string {
  const target = env.ssh.get(node.name)!;
  return `ssh ${sshOptions} -p ${target.port} ${quote(target.user ? `${target.user}@${target.host}` : target.host)}`;
}

export const onNode = (env: K3sEnvironment, node: Node, command: string) => `${sshTo(env, node)} ${remote(command)}`;
/** Copies a bootstrap file to a node with its mode, creating the folder (root-owned). */
export const copyTo = (env: K3sEnvironment, node: Node, file: string, to: string, mode = '0600') => `${onNode(env, node, `sudo install -D -m ${mode} /dev/stdin ${to}`)} < ${quote(file)}`;
/** Reads one key of a Secret's encrypted source, decrypted onto stdout (run from the repository root). */
export const secretValue = (env: K3sEnvironment, ref: string, key: string) => `npm run --silent secrets -- show ${env.name} ${ref} | sed -n 's/^  ${key}: //p' | base64 -d`;
/** A loop that waits for `condition`, failing the step after `seconds`. */
export const waitFor = (seconds: number, condition: string, pause = 5) => `timeout ${seconds} bash -c ${quote(`until ${condition}; do sleep ${pause}; done`)}`;

/**
 * Applies the Secret on stdin server-side as the tool's own field manager: no annotation ever
 * holds its data. A client-side apply copies the whole object into the last-applied annotation,
 * and the API server keeps an existing copy current for the field manager `kubectl` alone
 * (apimachinery v0.36.3 pkg/util/managedfields/internal/lastappliedupdater.go), so the copy an
 * earlier runbook's client-side apply left is removed too.
 */
export const applySecret = (namespace: string, name: string) =>
  `kubectl apply --server-side --field-manager=${TOOL_NAME} --force-conflicts -f - && kubectl -n ${namespace} annotate secret ${name} kubectl.kubernetes.io/last-applied-configuration-`;
/** Where the pinned installer script is downloaded from: k3s-io/k3s at its commit. */
export const K3S_INSTALLER_URL = `https://raw.githubusercontent.com/k3s-io/k3s/${k3sInstaller.commit}/install.sh`;
const INSTALLER = 'k3s-install.sh';

/**
 * The install line of every server, at the cold build, a join and an upgrade: the pinned installer,
 * run only when its sha256 matches (as every other download of the runbook), at the pinned release.
 */
export const k3sInstall = (env: K3sEnvironment) =>
  `curl -sfLo ${INSTALLER} ${K3S_INSTALLER_URL} && echo '${k3sInstaller.sha256}  ${INSTALLER}' | sha256sum -c --quiet - && sudo INSTALL_K3S_VERSION=${env.k3s.version} sh ${INSTALLER} server`;
