import path from 'node:path';
import { DECISIONS_DIR, DECISIONS_INDEX_NAME, recordLink, recordProblems } from './decision-records';
import type { DecisionRecord } from './decision-records';

export const DECISIONS_INDEX = path.posix.join(DECISIONS_DIR, DECISIONS_INDEX_NAME);

/** Records that break a rule: synth and check write and judge no index from them. */
export class DecisionRecordsError extends Error {}

/** `accepted`, `superseded by [0040](…)`, `accepted; amended by [0077](…)`: the status as its record writes it, linked. */
function statusCell(r: DecisionRecord): string {
  const list = (ls: DecisionRecord['supersededBy']) => ls.map(recordLink).join(', ');
  const head = r.status === 'superseded' ? `**superseded** by ${list(r.supersededBy)}` : 'accepted';
  return r.amendedBy.length > 0 ? `${head}; amended by ${list(r.amendedBy)}` : head;
}

/**
 * docs/decisions/index.md: one row per record (number, title, status, issue, date), read from the
 * records' own headers. Throws, naming every file and its fix, while a record breaks a rule.
 */
export function decisionsIndex(records: readonly DecisionRecord[]): string {
  const problems = recordProblems(records);
  if (problems.length > 0) {
    throw new DecisionRecordsError(problems.map((p) => `${DECISIONS_DIR}/${p.file}: ${p.message} (${p.code})`).join('\n'));
  }
  const sorted = [...records].sort((a, b) => a.number - b.number);
  const superseded = sorted.filter((r) => r.status === 'superseded').length;
  const amended = sorted.filter((r) => r.amendedBy.length > 0).length;
  return [
    '# Decisions',
    '',
    'Short records of choices the issues left open, with the reason for each: one file per decision,',
    'numbered in the order they were taken. Each starts with its status (accepted, or superseded by the',
    'record that replaced it; amended by the records that changed a part of it), the date its text was',
    'first committed, and the issue it answered (`—` where its text names none); a record that replaces',
    'or changes an earlier one says so with `Supersedes` or `Amends`.',
    '',
    'This index is generated from the records by `npm run synth`; `npm run check` fails when it is stale',
    'or when a record lacks a field or links a record that does not link it back. To add a record,',
    'run `npm run decision -- "<title>"`: it writes the next number with today\'s date and',
    '`Status: accepted`; write the decision, mark what it supersedes or amends at both ends, and run',
    '`npm run synth`.',
    '',
    `${sorted.length} records: ${sorted.length - superseded} accepted (${amended} of them amended), ${superseded} superseded.`,
    '',
    '| # | decision | status | issue | date |',
    '| --- | --- | --- | --- | --- |',
    ...sorted.map((r) => `| ${recordLink(r)} | ${r.title.replace(/\|/g, '\\|')} | ${statusCell(r)} | ${r.issue} | ${r.date} |`),
    '',
  ].join('\n');
}
