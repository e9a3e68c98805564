import type { Outcome, VerifyLine } from './types';

/** Exit codes of verify, as every command: 0 pass, 1 drift, 2 usage, 3 the cluster could not be read. */
export const EXIT = { pass: 0, drift: 1, usage: 2, unreadable: 3 } as const;

/** `--format json`: this shape is documented in docs/guides/verify.md and changes only with `formatVersion`. */
export interface VerifyReport {
  readonly formatVersion: 1;
  readonly environment: string;
  /** The API server read (the kubeconfig's current cluster). */
  readonly server: string;
  /** drift when any line drifted; not-checkable lines alone pass; unreadable when nothing could be compared. */
  readonly result: 'pass' | 'drift' | 'unreadable';
  readonly counts: Readonly<Record<Outcome, number>>;
  readonly lines: readonly VerifyLine[];
  /** Only when result is unreadable: the one line naming the server and the cause. */
  readonly error?: string;
}

const OUTCOMES: readonly Outcome[] = ['pass', 'drift', 'not-checkable'];

export function buildReport(environment: string, server: string, lines: readonly VerifyLine[]): VerifyReport {
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, lines.filter((l) => l.outcome === o).length])) as Record<Outcome, number>;
  return { formatVersion: 1, environment, server, result: counts.drift > 0 ? 'drift' : 'pass', counts, lines };
}

export const unreadableReport = (environment: string, server: string, error: string): VerifyReport => ({
  formatVersion: 1,
  environment,
  server,
  result: 'unreadable',
  counts: { pass: 0, drift: 0, 'not-checkable': 0 },
  lines: [],
  error,
});

/** One line a comparison: `drift servers.ready Node k3s-dev-2: expected Ready; live Ready=False (KubeletNotReady); fix: …`. */
export const textLine = (l: VerifyLine) => `${l.outcome} ${l.check} ${l.subject}: expected ${l.expected}; live ${l.live}${l.fix ? `; fix: ${l.fix}` : ''}`;

export function renderText(report: VerifyReport): string {
  if (report.result === 'unreadable') return `${report.error}\n`;
  const { pass, drift } = report.counts;
  const unsure = report.counts['not-checkable'];
  const summary = `verify ${report.environment} at ${report.server}: ${pass} pass, ${drift} drift, ${unsure} not checkable`;
  return `${[...report.lines.map(textLine), summary].join('\n')}\n`;
}

export const renderJson = (report: VerifyReport) => `${JSON.stringify(report, null, 2)}\n`;

export const exitCode = (report: VerifyReport) => EXIT[report.result];
