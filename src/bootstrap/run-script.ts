import type { ChartRelease } from '../charts/chart';
import type { HandoverPlan } from './handover-step';
import type { K3sEnvironment } from '../model/resolve';
import { quote } from './shell';
import { runbookSteps } from './steps';

/**
 * `bootstrap/run.sh`: the runbook's steps as one bash script. Each command line is the README's,
 * run by `bash -c` under `set -euo pipefail`, or only printed with `--dry-run`; `--list`,
 * `--from <n>` and `--only <n>` pick steps by the README's numbers.
 */
export function runScript(env: K3sEnvironment, cni?: ChartRelease, handover?: HandoverPlan): string {
  const book = runbookSteps(env, cni, handover);
  const count = book.steps.length;
  // Every option the loop below accepts: --allow-planned too where no server is planned (it changes nothing there).
  const usage = 'bash run.sh [--dry-run] [--list] [--from <n>] [--only <n>] [--allow-planned]';
  const lines = [
    '#!/usr/bin/env bash',
    `# Cold build of ${env.name}, generated from environments/${env.name}.ts by npm run synth (edit that file).`,
    `# The same steps as README.md in this folder. Usage: ${usage}`,
    ...(book.plannedGuard ? ['#   --allow-planned   build although servers are still planned (see README.md)'] : []),
    '# Each command line below is a string that `run` hands to bash: it expands when it runs.',
    '# shellcheck disable=SC2016,SC1003',
    'set -euo pipefail',
    'cd "$(dirname "$0")"',
    '',
    'DRY_RUN=0 LIST=0 FROM=1 ONLY=0 ALLOW_PLANNED=0',
    // Asked for, the usage is the answer (stdout, exit 0); after a mistake it goes with the error (stderr, exit 2).
    `usage() { echo 'Usage: ${usage}'; }`,
    'while [ $# -gt 0 ]; do',
    '  case "$1" in',
    '    --dry-run) DRY_RUN=1 ;;',
    '    --list) LIST=1 ;;',
    '    --allow-planned) ALLOW_PLANNED=1 ;;',
    '    --from | --only)',
    `      case "\${2:-}" in ''|*[!0-9]*) echo "$1 needs a step number (1-${count})" >&2; exit 2 ;; esac`,
    `      if [ "$2" -lt 1 ] || [ "$2" -gt ${count} ]; then echo "$1 $2: the steps are 1-${count} (bash run.sh --list)" >&2; exit 2; fi`,
    '      if [ "$1" = --from ]; then FROM=$2; else ONLY=$2; fi',
    '      shift ;;',
    '    -h | --help) usage; exit 0 ;;',
    '    *) echo "unknown option: $1" >&2; usage >&2; exit 2 ;;',
    '  esac',
    '  shift',
    'done',
    '',
    ...(book.plannedGuard
      ? [`if [ "$ALLOW_PLANNED" -eq 0 ] && [ "$LIST" -eq 0 ]; then`, `  echo ${quote(book.plannedGuard)} >&2`, '  exit 1', 'fi', '']
      : ['# No planned servers: --allow-planned changes nothing here.', ': "$ALLOW_PLANNED"', '']),
    ...book.preamble,
    '',
    '# step <n> <title>: true when step n is selected; prints its heading.',
    'step() {',
    '  if [ "$LIST" -eq 1 ]; then printf "%2d. %s\\n" "$1" "$2"; return 1; fi',
    '  if [ "$ONLY" -ne 0 ] && [ "$1" -ne "$ONLY" ]; then return 1; fi',
    '  if [ "$1" -lt "$FROM" ]; then return 1; fi',
    '  printf "\\n== %d. %s\\n" "$1" "$2"',
    '}',
    '# run <command line>: prints it, and runs it unless --dry-run.',
    'run() {',
    '  printf "+ %s\\n" "$1"',
    '  if [ "$DRY_RUN" -eq 0 ]; then bash -euo pipefail -c "$1"; fi',
    '}',
    '',
    ...book.steps.flatMap((step, i) => [
      `if step ${i + 1} ${quote(`${step.title} (on ${step.where})`)}; then`,
      ...step.commands.map((c) => `  run ${quote(c)}`),
      'fi',
    ]),
    '',
    `if [ "$LIST" -eq 0 ] && [ "$DRY_RUN" -eq 0 ] && [ "$ONLY" -eq 0 ]; then echo "${env.name}: done; Flux reconciles clusters/${env.name}/kubernetes"; fi`,
  ];
  return lines.join('\n');
}
