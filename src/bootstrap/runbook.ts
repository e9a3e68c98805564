import type { ChartRelease } from '../charts/chart';
import type { HandoverPlan } from './handover-step';
import type { K3sEnvironment } from '../model/resolve';
import { treeDir } from '../tree/paths';
import { runbookSteps } from './steps';
import type { Step } from './steps';

const fence = (lines: readonly string[]) => ['```sh', ...lines, '```', ''];

const section = (heading: string, step: Step, block = fence) => [
  `${heading} ${step.title}`,
  '',
  `*Where:* ${step.where}.`,
  '',
  ...step.notes.flatMap((n) => [n, '']),
  ...block(step.commands),
];

/**
 * A Day 2 block runs as one subshell with `set -euo pipefail`: pasted whole, a refusal or a failed
 * line stops the lines after it (the cold build's run.sh stops the same way), and an `exit` leaves
 * the subshell, not the operator's shell.
 */
const subshell = (lines: readonly string[]) => fence(['(', 'set -euo pipefail', ...lines, ')']);

/**
 * The cold-build runbook as Markdown: the same steps and command lines that `run.sh` runs, each
 * saying where it acts, then the day-2 procedures the model implies.
 */
export function runbook(env: K3sEnvironment, cni?: ChartRelease, handover?: HandoverPlan, platformDayTwo: readonly Step[] = []): string {
  const book = runbookSteps(env, cni, handover, platformDayTwo);
  return [
    `# Cold build of ${env.name}`,
    '',
    `Generated from \`environments/${env.name}.ts\` by \`npm run synth\`; edit that file, not this one.`,
    `Every command runs on your workstation from this folder (\`${treeDir(env.name)}/bootstrap\`); a node is reached`,
    'over SSH. `bash run.sh` runs exactly these steps (`--dry-run` prints them, `--list` numbers them,',
    '`--from <n>` resumes, `--only <n>` runs one); each waits, with a timeout, for what the next one needs.',
    '',
    ...(book.plannedGuard ? [`> **Not yet.** ${book.plannedGuard}`, ''] : []),
    '## 0. Shell set-up',
    '',
    'Paste this first when running the steps by hand:',
    '',
    ...fence(book.preamble),
    ...book.steps.flatMap((step, i) => section(`## ${i + 1}.`, step)),
    `Planned, not rendered: ${env.plannedNodes.length > 0 ? `${env.plannedNodes.map((n) => `${n.name} (${n.ip})`).join(', ')}. Their IPs are already in every certificate; mark a node live once it is racked.` : 'none.'}`,
    '',
    '# Day 2',
    '',
    'Paste each block whole: it runs in a subshell with `set -euo pipefail`, so a refusal or a failed line stops the rest of it.',
    '',
    ...book.dayTwo.flatMap((step) => section('##', step, subshell)),
  ].join('\n');
}
