import type { K3sEnvironment } from '../model/resolve';
import { quote } from './shell';
import { onNode } from './step';
import type { Step } from './step';

/**
 * What the file holds, one line per entry (`cluster <name> <server>`, `context <name>`,
 * `user <name>`); nothing when it does not exist. A file kubectl cannot read fails the step.
 */
const HELD = `held=$(if [ -f "$KUBECONFIG" ]; then kubectl --kubeconfig "$KUBECONFIG" config view -o jsonpath=${quote('{range .clusters[*]}cluster {.name} {.cluster.server}{"\\n"}{end}{range .contexts[*]}context {.name}{"\\n"}{end}{range .users[*]}user {.name}{"\\n"}{end}')}; fi)`;

/** The refusal of a file that holds more than this environment's entries, which would be lost. */
function ownFileGuard(context: string, server: string): string {
  const ours = [`cluster ${context} ${server}`, `context ${context}`, `user ${context}`].map((l) => `-e ${quote(l)}`).join(' ');
  const why = `$KUBECONFIG holds more than this environment's cluster, context and user ${context} at ${server}, and the runbook writes this file whole; move it away first, or merge into it (kubeconfig.file and kubeconfig.merge: true). It holds:`;
  return `${HELD}; others=$(printf '%s\\n' "$held" | grep -Fvx -e '' ${ours} || true); if [ -n "$others" ]; then echo "${why}" >&2; printf '%s\\n' "$others" | sed 's/^/  /' >&2; exit 1; fi`;
}

/** The refusal of a shared file whose entry of this name is another cluster's: merging would replace it. */
function sharedFileGuard(context: string, server: string): string {
  const was = `was=$(if [ -f "$KUBECONFIG" ]; then kubectl --kubeconfig "$KUBECONFIG" config view -o jsonpath=${quote(`{.clusters[?(@.name=="${context}")].cluster.server}`)}; fi)`;
  return `${was}; if [ -n "$was" ] && [ "$was" != ${quote(server)} ]; then echo "$KUBECONFIG has a cluster ${context} at $was, not ${server}: merging would replace it; delete it (kubectl config delete-cluster ${context}) or give this environment another kubeconfig.context" >&2; exit 1; fi`;
}

/**
 * Merges the fetched file into the shared one. kubectl reads a KUBECONFIG list as one config: the
 * first file that sets a name (cluster, user, context) wins, and so does the first current-context
 * (kubectl's "config" docs, "merging rules"), so this cluster's file goes first. `--raw` keeps the
 * credentials; without `--flatten` the entries that name files (certificate-authority: …) keep
 * naming them, and the merged file sits in the same folder, so relative names still resolve.
 */
const MERGE = 'umask 077 && if [ -f "$KUBECONFIG" ]; then previous=$(kubectl --kubeconfig "$KUBECONFIG" config current-context 2>/dev/null || true); KUBECONFIG="$KUBECONFIG.new:$KUBECONFIG" kubectl config view --raw > "$KUBECONFIG.merged" && mv "$KUBECONFIG.merged" "$KUBECONFIG.new"; fi';

/** The workstation's kubeconfig of this cluster: fetched from the founder, renamed, written or merged. */
export function kubeconfigStep(env: K3sEnvironment): Step {
  const { founder } = env;
  const server = `https://${env.apiServerEndpoint}:${env.apiPort}`;
  const { context, file, merge } = env.kubeconfig;
  const fetched = `Fetched from the founder, pointed at ${server} (${env.vip ? 'the VIP' : 'the server'}, never 127.0.0.1), renamed to \`${context}\`, mode 0600, never committed.`;
  const install = 'install -D -m 0600 "$KUBECONFIG.new" "$KUBECONFIG" && rm "$KUBECONFIG.new"';
  return {
    title: `Kubeconfig ${file} (context ${context})`,
    where: 'workstation',
    notes: [
      merge
        ? `${fetched} Merged into ${file} (\`kubeconfig.merge\`): the cluster, user and context \`${context}\` are added or replaced, every other entry the file holds stays. current-context becomes \`${context}\`, which the runbook's kubectl commands use; the step prints the one it replaced. A cluster \`${context}\` of another server in the file is refused.`
        : `${fetched} ${file} is the environment's own file, written whole: the runbook refuses a file that holds any cluster, context or user besides \`${context}\` at ${server}, so no other kubeconfig is overwritten.`,
    ],
    commands: [
      'mkdir -p "$(dirname "$KUBECONFIG")"',
      merge ? sharedFileGuard(context, server) : ownFileGuard(context, server),
      // umask 077: the credentials are never readable by others, not even half-written.
      `umask 077 && ${onNode(env, founder, 'sudo cat /etc/rancher/k3s/k3s.yaml')} | sed -E -e ${quote(`s#https://127\\.0\\.0\\.1:[0-9]+#${server}#`)} -e ${quote(`s/^([ -]*(name|cluster|user|current-context): )default$/\\1${context}/`)} > "$KUBECONFIG.new"`,
      ...(merge
        ? [`${MERGE} && ${install} && if [ -n "\${previous:-}" ] && [ "$previous" != ${quote(context)} ]; then echo "current-context is now ${context}, was $previous (kubectl config use-context $previous switches back)"; fi`]
        : [install]),
      'kubectl get --raw /readyz',
    ],
  };
}
