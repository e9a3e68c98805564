import type { K3sEnvironment, Node } from '../model/resolve';
import { quote } from './shell';
import { copyTo, onNode } from './step';

// k3s on a server that runs it already (an adopted VM). k3s's installer rewrites k3s.service with only
// the arguments it is given (`server`: every other flag an earlier install set on the command line
// is dropped), rewrites k3s.service.env with the K3S_ variables of its own environment, and
// restarts k3s. So the earlier install's files are kept aside once, the difference is shown, and
// the install runs only for a k3s older than the pin.

const CONFIG = '/etc/rancher/k3s/config.yaml';
const KEPT = [CONFIG, '/etc/systemd/system/k3s.service', '/etc/systemd/system/k3s.service.env'];
/** What each file is kept as, the first time only: the earlier install's, never this runbook's. */
export const KEPT_SUFFIX = '.before-adoption';

/** The README's words for the step. */
export const adoptedServerNote = (env: K3sEnvironment, node: Node) =>
  `${node.name} runs k3s already (an adopted VM): the earlier install's \`config.yaml\`, \`k3s.service\` and \`k3s.service.env\` are kept once as \`<file>${KEPT_SUFFIX}\`, then the step shows how \`config.yaml\` differs from this tree's and what the unit runs. At the pin, ${env.k3s.version}, the install is skipped and k3s restarts only if \`config.yaml\` changed; older, the install runs (it rewrites the unit to \`k3s server\`, every other setting from \`config.yaml\`, and restarts k3s); newer, the step stops, since k3s does not downgrade.`;

/** The commands that take a running server to this tree's config and the pinned k3s, `install` the install line. */
export function adoptedServerCommands(env: K3sEnvironment, node: Node, install: string): string[] {
  const next = `${CONFIG}.next`;
  const pin = env.k3s.version;
  const on = (command: string) => onNode(env, node, command);
  const running = `running=$(${on('k3s --version 2>/dev/null || true')} | awk 'NR == 1 { print $3 }')`;
  const skip = on(`if sudo cmp -s ${CONFIG} ${next}; then sudo rm ${next}; echo 'config.yaml is unchanged: k3s not restarted'; else sudo mv ${next} ${CONFIG} && sudo systemctl restart k3s && echo 'config.yaml changed: k3s restarted'; fi`);
  return [
    on(`for f in ${KEPT.join(' ')}; do if sudo test -e "$f" && ! sudo test -e "$f${KEPT_SUFFIX}"; then sudo cp -a "$f" "$f${KEPT_SUFFIX}" && echo "kept $f as $f${KEPT_SUFFIX}"; fi; done`),
    copyTo(env, node, `nodes/${node.name}/config.yaml`, next),
    on(`sudo diff -u -N --label ${quote(`${CONFIG} (on ${node.name})`)} --label ${quote(`nodes/${node.name}/config.yaml (this tree)`)} ${CONFIG} ${next} || [ $? -eq 1 ]`),
    on(`if systemctl cat k3s >/dev/null 2>&1; then echo "k3s.service runs: $(systemctl show k3s --property=ExecStart --value | sed -n 's/.*argv\\[\\]=\\([^;]*\\) ;.*/\\1/p')"; echo 'an install writes: /usr/local/bin/k3s server (every other setting from ${CONFIG})'; fi`),
    [
      `${running}; if [ "$running" = ${pin} ]; then`,
      `echo "${node.name} runs k3s $running, the pinned version: install skipped (the binary and k3s.service stay as they are)"; ${skip};`,
      `elif [ -n "$running" ] && [ "$(printf '%s\\n' "$running" ${pin} | sort -V | tail -n 1)" = "$running" ]; then`,
      `echo "${node.name} runs k3s $running, newer than the pin ${pin}: nothing installed (k3s does not downgrade); pin k3s.version to $running" >&2; exit 1;`,
      `else echo "${node.name} runs k3s \${running:-none}, older than the pin: installing ${pin}"; ${on(`sudo mv ${next} ${CONFIG}`)} && ${on(install)}; fi`,
    ].join(' '),
  ];
}
