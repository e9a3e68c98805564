import fs from 'node:fs';
import path from 'node:path';
import type { EnvironmentSpec } from '../model/environment';
import { formatViolation, hasErrors } from '../model/violation';
import { unifiedDiff } from './diff';
import { plan } from './plan';
import type { EnvironmentPlan } from './plan';
import { replaceTree } from './tree';
import { isUnchanged } from './tree';
import { withVersionTable } from './version-table';

/** The README as it is and as it should be (its version table regenerated). */
function readme(root: string): { file: string; current: string; next: string } | undefined {
  const file = path.join(root, 'README.md');
  if (!fs.existsSync(file)) return undefined;
  const current = fs.readFileSync(file, 'utf8');
  return { file, current, next: withVersionTable(current) };
}

/** What a command prints and its exit code; the CLI only forwards them. */
export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

export interface CommandOptions {
  /** Folder holding `clusters/` (the repository root). */
  readonly root: string;
  readonly environments: readonly EnvironmentSpec[];
  /** Restrict to these environment names. @default all */
  readonly only?: readonly string[];
}

const summary = (e: EnvironmentPlan, verb: string) =>
  `${e.name}: ${e.changes.added.length} added, ${e.changes.changed.length} changed, ${e.changes.removed.length} removed ${verb}; ` +
  `${e.objects} objects, ${e.synthesized.violations.filter((v) => v.severity === 'warning').length} warnings`;

function prepare(options: CommandOptions) {
  const result = plan(options.root, options.environments, options.only ?? []);
  const report = result.violations.map(formatViolation).join('\n');
  return { result, report: report && `${report}\n`, failed: hasErrors(result.violations) };
}

function refused(report: string, action: string): CommandResult {
  return { stdout: '', stderr: `${report}${action}: the errors above must be fixed first\n`, exitCode: 1 };
}

/** Writes every selected environment's tree; nothing at all while any error stands. */
export function synthCommand(options: CommandOptions): CommandResult {
  const { result, report, failed } = prepare(options);
  if (failed) return refused(report, 'nothing was written');
  const lines = result.environments.map((e) => {
    replaceTree(path.join(options.root, 'clusters'), e.name, e.next);
    return summary(e, '');
  });
  const doc = readme(options.root);
  if (doc && doc.next !== doc.current) {
    fs.writeFileSync(doc.file, doc.next);
    lines.push('README.md: version table updated');
  }
  return { stdout: lines.map((l) => l.replace(' ;', ';')).join('\n') + '\n', stderr: report, exitCode: 0 };
}

/** Fails when an invariant is broken or the committed tree is not what the code synthesizes. */
export function checkCommand(options: CommandOptions): CommandResult {
  const { result, report, failed } = prepare(options);
  if (failed) return refused(report, 'check failed');
  const drifted = result.environments.filter((e) => !isUnchanged(e.changes));
  const doc = readme(options.root);
  const staleReadme = doc !== undefined && doc.next !== doc.current;
  const readmeDiff = staleReadme ? unifiedDiff({ added: [], changed: ['README.md'], removed: [] }, new Map([['README.md', doc.current]]), new Map([['README.md', doc.next]]), '') : '';
  const diffs = drifted.map((e) => unifiedDiff(e.changes, e.current, e.next, `clusters/${e.name}`)).join('') + readmeDiff;
  if (drifted.length === 0 && !staleReadme) {
    return { stdout: `${result.environments.map((e) => `${e.name}: up to date`).join('\n')}\n`, stderr: report, exitCode: 0 };
  }
  const names = [...drifted.map((e) => `clusters/${e.name}/`), ...(staleReadme ? ["README.md's version table"] : [])].join(', ');
  return {
    stdout: diffs,
    stderr: `${report}${names} differ from what the code synthesizes (diff above); run npm run synth and commit the result\n`,
    exitCode: 1,
  };
}

/** Shows what `synth` would change, as a unified diff; always exits 0 unless an error stands. */
export function diffCommand(options: CommandOptions): CommandResult {
  const { result, report, failed } = prepare(options);
  if (failed) return refused(report, 'no diff');
  const diffs = result.environments.map((e) => unifiedDiff(e.changes, e.current, e.next, `clusters/${e.name}`)).join('');
  const lines = result.environments.map((e) => summary(e, 'by synth').replace('by synth;', 'by synth;'));
  return { stdout: diffs, stderr: `${report}${lines.join('\n')}\n`, exitCode: 0 };
}
