import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, parseRecord, readRecords } from '../../src/synth/decision-records';
import { DECISIONS_INDEX, DecisionRecordsError, decisionsIndex } from '../../src/synth/decisions-index';
import { checkCommand, synthCommand } from '../../src/synth/commands';
import { TOOL_NAME } from '../../src/synth/tool-version';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/decisions');
const REPO = path.resolve(import.meta.dirname, '../..');

describe('the decisions index', () => {
  it('lists every record with its number linked, title, status, issue and date, the superseded shown as such', () => {
    const index = decisionsIndex(readRecords(FIXTURE));
    expect(index.split('\n').filter((line) => line.startsWith('| ['))).toEqual([
      '| [0001](0001-charts-from-http-repositories.md) | Charts from HTTP repositories | accepted; amended by [0003](0003-charts-through-ocirepository.md) | 12 | 2026-11-30 |',
      "| [0002](0002-the-readmes-version-table.md) | The README's version table | **superseded** by [0003](0003-charts-through-ocirepository.md) | — | 2026-12-01 |",
      '| [0003](0003-charts-through-ocirepository.md) | Charts through OCIRepository (issues 21 and 25, lead) | accepted | 21, 25 | 2026-12-05 |',
    ]);
    expect(index).toContain('3 records: 2 accepted (1 of them amended), 1 superseded.');
    expect(index).toContain('`npm run decision -- "<title>"`');
    expect(index.startsWith('# Decisions\n')).toBe(true);
  });

  it('orders the rows by number, whatever the order of the records, and escapes a pipe in a title', () => {
    const records = readRecords(FIXTURE).reverse();
    const rows = decisionsIndex(records).split('\n').filter((line) => line.startsWith('| ['));
    expect(rows.map((r) => r.slice(0, 7))).toEqual(['| [0001', '| [0002', '| [0003']);
    const piped = parseRecord('0001-a-b.md', '# 0001. a | b\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n\nText.\n');
    expect(decisionsIndex([piped])).toContain('| [0001](0001-a-b.md) | a \\| b | accepted | 44 | 2026-12-05 |');
  });

  it('fails when a record breaks a rule, naming every file, its fix and the rule', () => {
    const records = readRecords(FIXTURE).map((r) => (r.number === 3 ? { ...r, supersedes: [], date: '' , problems: ['Date is missing'] } : r));
    expect(() => decisionsIndex(records)).toThrow(DecisionRecordsError);
    expect(() => decisionsIndex(records)).toThrow(
      [
        `${DECISIONS_DIR}/0003-charts-through-ocirepository.md: Date is missing; write the header as npm run decision writes it (decision.header)`,
        `${DECISIONS_DIR}/0002-the-readmes-version-table.md: Status: … superseded by [0003](0003-charts-through-ocirepository.md), but 0003-charts-through-ocirepository.md does not say Supersedes: [0002](0002-the-readmes-version-table.md); add it there, or remove this link (decision.link-one-sided)`,
      ].join('\n'),
    );
  });

  it('is the repository\'s docs/decisions/index.md as generated (run npm run synth when this fails)', () => {
    expect(fs.readFileSync(path.join(REPO, DECISIONS_INDEX), 'utf8')).toBe(decisionsIndex(readRecords(path.join(REPO, DECISIONS_DIR))));
  });

  it('is written by synth in the tool\'s repository, and check fails while it is stale', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'decisions-index-'));
    try {
      fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: TOOL_NAME }));
      fs.cpSync(FIXTURE, path.join(root, DECISIONS_DIR), { recursive: true });
      const stale = checkCommand({ root, environments: [] });
      expect(stale.exitCode).toBe(1);
      expect(stale.stderr).toContain(DECISIONS_INDEX);
      expect(synthCommand({ root, environments: [] }).stdout).toContain(`${DECISIONS_INDEX}: updated`);
      expect(fs.readFileSync(path.join(root, DECISIONS_INDEX), 'utf8')).toBe(decisionsIndex(readRecords(path.join(root, DECISIONS_DIR))));
      expect(checkCommand({ root, environments: [] }).exitCode).toBe(0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
