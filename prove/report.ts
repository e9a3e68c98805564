/**
 * The proving ground's report: per scenario, each step's table (the review's prediction against
 * the real plan, per address) and the checks made after applying; a summary line last.
 */
import type { Row } from './compare';
import type { Rewrite } from './rewrite';

export interface Check {
  readonly what: string;
  readonly ok: boolean;
  readonly detail?: string;
  /** Not a check: what this step cannot show here, and why (listed, never counted as holding). */
  readonly notProvable?: true;
}

export interface StepResult {
  readonly title: string;
  /** The table's two middle headings: what the tool said, what the real program did. */
  readonly columns?: readonly [string, string];
  readonly rows: readonly Row[];
  readonly checks: readonly Check[];
}

export type Outcome = 'passed' | 'failed' | 'not provable here';

export interface ScenarioResult {
  readonly name: string;
  readonly outcome: Outcome;
  /** Why, when it failed outside a table (an error) or could not run here. */
  readonly reason?: string;
  readonly steps: readonly StepResult[];
}

export interface Provenance {
  readonly name: string;
  readonly version: string;
  /** Where the binary came from: the module proxy, a git snapshot, or why there is none. */
  readonly source: string;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A step passes when every row agrees and every check holds. */
export const stepPassed = (s: StepResult) => s.rows.every((r) => r.agrees) && s.checks.every((c) => c.ok);

export function outcomeOf(steps: readonly StepResult[]): Outcome {
  return steps.every(stepPassed) ? 'passed' : 'failed';
}

export function summaryLine(results: readonly ScenarioResult[]): string {
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  return `prove: ${count('passed')} passed, ${count('failed')} failed, ${count('not provable here')} not provable here, of ${results.length} scenarios`;
}

export function renderReport(input: { programs: readonly Provenance[]; rewrites: readonly Rewrite[]; host: readonly string[]; results: readonly ScenarioResult[]; notProvable?: readonly string[] }): string {
  const out: string[] = ['# Proving ground: the generated trees against the real programs', ''];
  out.push('| program | version | source |', '| --- | --- | --- |');
  for (const p of input.programs) out.push(`| ${cell(p.name)} | ${cell(p.version)} | ${cell(p.source)} |`);
  out.push('');
  if (input.host.length > 0) {
    out.push('Host preparation (what a real host has and this machine lacks):', '');
    for (const h of input.host) out.push(`- ${h}`);
    out.push('');
  }
  // One line per kind of rewrite: the same one repeats on every node.
  const kinds = new Map<string, { rewrite: Rewrite; count: number }>();
  for (const r of input.rewrites) {
    // A loopback port differs per scenario: the same rewrite with another port is the same kind.
    const key = `${r.address.replace(/\[.*$/, '')} ${r.path} ${String(JSON.stringify(r.to)).replace(/127\.0\.0\.1:\d+/g, '127.0.0.1')}`;
    const seen = kinds.get(key);
    kinds.set(key, { rewrite: seen?.rewrite ?? r, count: (seen?.count ?? 0) + 1 });
  }
  if (kinds.size > 0) {
    out.push('Rewrites of the generated files, in the proving ground\'s copy only:', '');
    for (const { rewrite: r, count } of kinds.values()) {
      out.push(`- \`${r.address.replace(/\[.*$/, '')}\` ${r.path}: ${JSON.stringify(r.from)} → ${JSON.stringify(r.to)}${count > 1 ? ` (${count} times)` : ''}: ${r.why}`);
    }
    out.push('');
  }
  if ((input.notProvable ?? []).length > 0) {
    out.push('Not provable here, and not claimed by any scenario below:', '');
    for (const n of input.notProvable!) out.push(`- ${n}`);
    out.push('');
  }
  for (const result of input.results) {
    out.push(`## ${result.name}: ${result.outcome}`, '');
    if (result.reason) out.push(result.reason, '');
    for (const step of result.steps) {
      out.push(`### ${step.title}: ${stepPassed(step) ? 'agrees' : 'DISAGREES'}`, '');
      if (step.rows.length > 0) {
        const [said, did] = step.columns ?? ['review', 'real plan'];
        out.push(`| address | ${said} | ${did} | result |`, '| --- | --- | --- | --- |');
        for (const r of step.rows) out.push(`| \`${cell(r.address)}\` | ${cell(r.predicted)} | ${cell(r.real)}${r.note ? ` (${cell(r.note)})` : ''} | ${r.agrees ? 'agrees' : '**differs**'} |`);
        out.push('');
      }
      for (const c of step.checks) out.push(`- ${c.notProvable ? 'not provable here' : c.ok ? 'holds' : '**fails**'}: ${c.what}${c.detail ? ` (${c.detail})` : ''}`);
      if (step.checks.length > 0) out.push('');
    }
  }
  out.push(summaryLine(input.results), '');
  return out.join('\n');
}
