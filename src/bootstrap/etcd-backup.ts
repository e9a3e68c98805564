import type { K3sEnvironment } from '../model/resolve';
import { SERVER_TOKEN_SECRET, serverTokenSource } from '../model/server-token';
import { BACKUPS_DIR, backupsDir } from '../tree/paths';
import { quote } from './shell';
import { REPO_ROOT, WAIT, onNode, secretValue, sshTo, waitFor } from './step';
import type { Step } from './step';

// Backups that leave the machine they protect: an etcd snapshot copied to the workstation, and
// the server token a restore needs (k3s docs, datastore/backup-restore) kept as a SOPS secret of
// the environment. The token only ever travels through pipes: never printed, never on the
// workstation's disk in plaintext.

const TOKEN_REF = `${SERVER_TOKEN_SECRET.namespace}/${SERVER_TOKEN_SECRET.name}`;
/** Where the restore puts the snapshot and the token on the founder (root's alone, removed after). */
const RESTORE_DIR = '/var/lib/rancher/k3s-restore';
const RESTORE_SNAPSHOT = `${RESTORE_DIR}/etcd.db`;
const RESTORE_TOKEN = `${RESTORE_DIR}/token`;

const snapshotsDir = (env: K3sEnvironment) => `${env.k3s.dataDir}/server/db/snapshots`;
/** The environment's backups folder, from the bootstrap folder. */
const local = (env: K3sEnvironment) => `${REPO_ROOT}/${backupsDir(env.name)}`;

/** Pipes the founder's token into its SOPS source; a run that reads no token fails (pipefail). */
export function keepServerToken(env: K3sEnvironment): string {
  const read = onNode(env, env.founder, `sudo sed 's/^/${SERVER_TOKEN_SECRET.key}=/' ${env.k3s.tokenPath}`);
  return `(set -o pipefail; ${read} | (cd ${REPO_ROOT} && npm run --silent secrets -- set ${env.name} ${TOKEN_REF} --env-file -))`;
}

/**
 * An on-demand snapshot named `<name>-<node>-<timestamp>` (k3s's naming), copied to the
 * workstation's git-ignored backups folder (mode 0600: a snapshot holds every Secret of the
 * cluster), then the token, so the copy can be restored.
 */
export function backupCommands(env: K3sEnvironment, name: string): string[] {
  const newest = onNode(env, env.founder, `sudo sh -c ${quote(`ls -1t ${snapshotsDir(env)}/${name}-* | head -n 1`)}`);
  const to = `${local(env)}/\${snapshot##*/}`;
  return [
    `git -C ${REPO_ROOT} check-ignore -q ${backupsDir(env.name)}/ || { echo ${quote(`${backupsDir(env.name)}/ is not git-ignored: add ${BACKUPS_DIR}/ to the repository's .gitignore first (a snapshot holds every Secret of the cluster)`)} >&2; exit 1; }`,
    onNode(env, env.founder, `sudo k3s etcd-snapshot save --name ${name}`),
    `snapshot=$(${newest}) && test -n "$snapshot" && mkdir -p -m 0700 ${local(env)} && (umask 077 && printf '%s\\0' "$snapshot" | ${sshTo(env, env.founder)} ${quote('sudo xargs -0 cat --')} > "${to}.part") && mv "${to}.part" "${to}" && echo "copied to ${backupsDir(env.name)}/\${snapshot##*/}"`,
    keepServerToken(env),
  ];
}

/** The cold-build step that keeps the token, once the founder has made it. */
export function serverTokenStep(env: K3sEnvironment): Step {
  return {
    title: `Keep the server token, encrypted, in secrets/${env.name}/`,
    where: `${env.founder.name}, then workstation`,
    notes: [
      `A restore of an etcd snapshot needs the token the snapshot was taken with, and it exists only on the servers. It goes from ${env.k3s.tokenPath} on the founder through a pipe into \`npm run secrets -- set\`, encrypted to ${env.name}'s age recipients: it is never printed nor written in plaintext on the workstation. Run \`npm run secrets -- init ${env.name}\` once before, if ${env.name} has no age key of its own; commit the file after. The Day 2 backup writes it again (an unchanged token leaves the file byte for byte).`,
    ],
    commands: [keepServerToken(env)],
  };
}

/** Day 2: a backup on demand, and the restore of one. */
export function etcdBackupSteps(env: K3sEnvironment): Step[] {
  const { founder } = env;
  const others = env.liveNodes.filter((n) => n !== founder);
  const file = `"${local(env)}/$SNAPSHOT"`;
  return [
    {
      title: `Back up etcd to ${backupsDir(env.name)}/`,
      where: `${founder.name}, then workstation`,
      notes: [
        `k3s keeps its scheduled snapshots on the servers' own disks (\`${snapshotsDir(env)}\`), lost with them. This takes one now, copies it to \`${backupsDir(env.name)}/\` at the repository's root (git-ignored: the step refuses to copy otherwise; mode 0600, as private as \`.age/\`: it holds every Secret of the cluster) and keeps the server token in \`${serverTokenSource(env.name)}\` (commit it). Keep a copy of both folders off the workstation too.`,
      ],
      commands: backupCommands(env, 'on-demand'),
    },
    {
      title: `Restore etcd from a snapshot in ${backupsDir(env.name)}/`,
      where: `workstation, then ${[founder, ...others].map((n) => n.name).join(', ')}`,
      notes: [
        `The cluster goes back to the snapshot: every change since is lost (Flux applies Git's state again). \`export SNAPSHOT=<a file in ${backupsDir(env.name)}/>\` first. k3s stops on every server; the snapshot and the server token (decrypted from \`${serverTokenSource(env.name)}\` with ${env.name}'s age identity, through a pipe into a root-only file) go to ${founder.name}, which restores it as an etcd of one member (\`--cluster-reset\`, which exits when done); then ${founder.name} starts${others.length > 0 ? `, and ${others.map((n) => n.name).join(', ')} delete their etcd data and join it again, one at a time` : ''}. The two files are removed from ${founder.name} at the end.`,
        `A founder rebuilt empty runs its k3s step first with \`INSTALL_K3S_SKIP_START=true\` in the install line, so that k3s is installed and configured but starts no new cluster.`,
      ],
      commands: [
        `: "\${SNAPSHOT:?export SNAPSHOT=<a file in ${backupsDir(env.name)}/>}" && test -f ${file}`,
        ...[...others, founder].map((n) => onNode(env, n, 'sudo systemctl stop k3s')),
        `${onNode(env, founder, `sudo install -D -m 0600 /dev/stdin ${RESTORE_SNAPSHOT}`)} < ${file}`,
        `(set -o pipefail; (cd ${REPO_ROOT} && ${secretValue(env, TOKEN_REF, SERVER_TOKEN_SECRET.key)}) | ${onNode(env, founder, `sudo install -D -m 0600 /dev/stdin ${RESTORE_TOKEN} && sudo test -s ${RESTORE_TOKEN}`)})`,
        onNode(env, founder, `sudo k3s server --cluster-reset --cluster-reset-restore-path=${RESTORE_SNAPSHOT} --token-file=${RESTORE_TOKEN}`),
        onNode(env, founder, 'sudo systemctl start k3s'),
        waitFor(WAIT.apiserver, `${sshTo(env, founder)} ${quote('sudo k3s kubectl get --raw /readyz')} >/dev/null 2>&1`),
        `kubectl wait --for=condition=Ready node/${founder.name} --timeout=${WAIT.rollout}`,
        ...others.flatMap((n) => [onNode(env, n, `sudo rm -rf ${env.k3s.dataDir}/server/db && sudo systemctl start k3s`), `kubectl wait --for=condition=Ready node/${n.name} --timeout=${WAIT.rollout}`]),
        onNode(env, founder, `sudo rm -rf ${RESTORE_DIR}`),
      ],
    },
  ];
}
