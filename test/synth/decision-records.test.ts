import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, RECORD_RULES, nextRecord, parseRecord, readRecords, recordFileName, recordProblems, recordText } from '../../src/synth/decision-records';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/decisions');
const [FIRST, SECOND, THIRD] = fs.readdirSync(FIXTURE).sort() as [string, string, string];

/** The fixture's records after `edit` changed their files in memory (renamed, rewritten, added or dropped). */
function recordsAfter(edit: (files: Map<string, string>) => void = () => {}) {
  const files = new Map(fs.readdirSync(FIXTURE).sort().map((name) => [name, fs.readFileSync(path.join(FIXTURE, name), 'utf8')]));
  edit(files);
  return [...files].map(([name, text]) => parseRecord(name, text));
}

/** The codes and messages the rules report after `edit`. */
const problemsAfter = (edit: (files: Map<string, string>) => void) => recordProblems(recordsAfter(edit)).map((p) => `${p.code} ${p.file}: ${p.message}`);

/** Replaces `from` in one file of the fixture, failing when it is not there (so the edit cannot miss). */
const replaceIn = (file: string, from: string, to: string) => (files: Map<string, string>) => {
  expect(files.get(file)).toContain(from);
  files.set(file, files.get(file)!.replace(from, to));
};

describe('the decision records', () => {
  it('read the fixture folder: number, title, status and both ends of each relation', () => {
    const records = readRecords(FIXTURE);
    expect(recordProblems(records)).toEqual([]);
    expect(records).toMatchObject([
      { file: FIRST, number: 1, title: 'Charts from HTTP repositories', status: 'accepted', amendedBy: [{ number: 3, file: THIRD }], supersededBy: [], date: '2026-11-30', issue: '12' },
      { file: SECOND, number: 2, status: 'superseded', supersededBy: [{ number: 3, file: THIRD }], amendedBy: [], issue: '—' },
      { file: THIRD, number: 3, title: 'Charts through OCIRepository (issues 21 and 25, lead)', supersedes: [{ number: 2, file: SECOND }], amends: [{ number: 1, file: FIRST }], issue: '21, 25' },
    ]);
  });

  it('pass in the repository: every record parses and links both ways (npm run synth names the record when this fails)', () => {
    const dir = path.resolve(import.meta.dirname, '../..', DECISIONS_DIR);
    const records = readRecords(dir);
    expect(recordProblems(records)).toEqual([]);
    expect(records.length).toBeGreaterThan(100);
  });

  it('read a header that ends the file, and leave what cannot be read empty, never made up', () => {
    expect(parseRecord('0001-a.md', '# 0001. A\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44')).toMatchObject({ number: 1, title: 'A', issue: '44', problems: [] });
    expect(parseRecord('x.md', '')).toMatchObject({ title: '', status: 'accepted', supersededBy: [], amendedBy: [], supersedes: [], amends: [], date: '', issue: '' });
    expect(parseRecord('x.md', '# 0001. A\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n- Supersedes: 0002\n- Amends: [0003](0003-c.md)\n')).toMatchObject({ supersedes: [], amends: [{ number: 3, file: '0003-c.md' }] });
  });

  it('read only the .md files of a folder, the index not among them, in the order of their names', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'decision-records-'));
    try {
      fs.cpSync(FIXTURE, dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'index.md'), '# Decisions\n');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a record\n');
      expect(readRecords(dir).map((r) => r.file)).toEqual([FIRST, SECOND, THIRD]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('read no records from a folder that does not exist', () => {
    expect(readRecords(path.join(FIXTURE, 'absent'))).toEqual([]);
  });

  it('write a header parseRecord reads back, with every relation', () => {
    const link = { number: 7, file: '0007-x.md' };
    const text = recordText({ number: 9, title: 'A title', date: '2026-12-05', issue: '44', supersededBy: [link], amendedBy: [link, { number: 8, file: '0008-y.md' }], supersedes: [link], amends: [link] }, 'The body.\n\n');
    expect(text).toBe(
      '# 0009. A title\n\n- Status: superseded by [0007](0007-x.md); amended by [0007](0007-x.md), [0008](0008-y.md)\n- Date: 2026-12-05\n- Issue: 44\n' +
        '- Supersedes: [0007](0007-x.md)\n- Amends: [0007](0007-x.md)\n\nThe body.\n',
    );
    expect(parseRecord('0009-a-title.md', text)).toMatchObject({ number: 9, status: 'superseded', supersededBy: [link], amendedBy: [link, { number: 8 }], supersedes: [link], amends: [link], problems: [] });
    expect(recordText({ number: 1, title: 'T', date: '2026-12-05', issue: '—' }, 'B')).toBe('# 0001. T\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: —\n\nB\n');
  });

  it('name a file by its number and the words of its title, without the issue parenthesis, apostrophes or punctuation', () => {
    expect(recordFileName(12, "The README's version table (issue 25, lead)")).toBe('0012-the-readmes-version-table.md');
    expect(recordFileName(1, 'Flux is installed by flux-operator, and lives in the tree (replaces "Flux bootstrap")')).toBe('0001-flux-is-installed-by-flux-operator-and-lives-in-the-tree.md');
    expect(recordFileName(3, 'The fixture fleet is the suite\'s own (revisited with issue 21)')).toBe('0003-the-fixture-fleet-is-the-suites-own.md');
    expect(recordFileName(4, 'The construct libraries are peer dependencies, never bundled (reverses part of "the bundles")')).toBe('0004-the-construct-libraries-are-peer-dependencies-never-bundled.md');
    expect(recordFileName(140, 'The deploy gates: what they stop, what they pass, the fixes they propose')).toBe('0140-the-deploy-gates-what-they-stop-what-they-pass-the-fixes.md');
    expect(recordFileName(5, 'Averyveryveryveryveryveryveryveryveryveryveryveryveryveryverylongword and more')).toBe('0005-averyveryveryveryveryveryveryveryveryveryveryveryveryveryverylongword.md');
    expect(recordFileName(6, '`--`')).toBe('0006-decision.md');
    expect(recordFileName(8, 'Checks(issue 3)')).toBe('0008-checks.md');
    expect(recordFileName(9, 'A (revisited with issue 21) heading')).toBe('0009-a-revisited-with-issue-21-heading.md');
    expect(recordFileName(7, 'Sixty characters exactly: aaaaaaaaa bbbbbbbbb ccccccccc ddddd e')).toBe('0007-sixty-characters-exactly-aaaaaaaaa-bbbbbbbbb-ccccccccc-ddddd.md');
  });

  it('give npm run decision the next number, the date and Status: accepted, and a record the rules accept', () => {
    const next = nextRecord(readRecords(FIXTURE), 'Records for the decisions (issue 44)', '2026-12-06');
    expect(next.file).toBe('0004-records-for-the-decisions.md');
    expect(next.text).toBe(
      '# 0004. Records for the decisions (issue 44)\n\n- Status: accepted\n- Date: 2026-12-06\n- Issue: —\n\n' +
        'What was decided, and why: the facts it rests on, with the upstream source at the pinned tag where\n' +
        'it relies on upstream behaviour. Where it replaces an earlier record, add `- Supersedes: [NNNN](NNNN-slug.md)`\n' +
        "(or `- Amends:` for a part) above, and `superseded by` (or `; amended by`) to that record's Status.\n",
    );
    expect(recordProblems([...readRecords(FIXTURE), parseRecord(next.file, next.text)])).toEqual([]);
    expect(nextRecord([], 'First', '2026-12-06').file).toBe('0001-first.md');
  });

  it('have a stable code and a summary for every rule', () => {
    expect(RECORD_RULES.map((r) => r.code)).toEqual(['decision.file-name', 'decision.header', 'decision.number-duplicate', 'decision.number-gap', 'decision.link-unknown', 'decision.link-one-sided']);
    for (const rule of RECORD_RULES) expect(rule.summary.length, rule.code).toBeGreaterThan(15);
  });
});

describe('decision.header', () => {
  it.each([
    ['Status', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)\n', 'Status is missing'],
    ['Date', '- Date: 2026-12-01\n', 'Date is missing'],
    ['Issue', '- Issue: —\n', 'Issue is missing'],
  ])('fails when a record has no %s', (_, line, message) => {
    expect(problemsAfter(replaceIn(SECOND, line, ''))).toContain(`decision.header ${SECOND}: ${message}; write the header as npm run decision writes it`);
  });

  it.each([
    ['Status', '- Status: replaced', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "replaced" is not accepted or superseded by [NNNN](NNNN-slug.md), either with "; amended by [NNNN](NNNN-slug.md)"'],
    ['Status', '- Status: superseded by 0003', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "superseded by 0003" is not accepted'],
    ['Status', '- Status: accepted; changed by [0003](0003-charts-through-ocirepository.md)', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "accepted; changed by'],
    ['Status', '- Status: accepted; amended by [0003](0003-charts-through-ocirepository.md); amended by [0003](0003-charts-through-ocirepository.md)', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "accepted; amended by'],
    ['Status', '- Status: accepted; amended by 0003', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "accepted; amended by 0003"'],
    ['Status', '- Status: overridden by [0003](0003-charts-through-ocirepository.md)', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "overridden by [0003](0003-charts-through-ocirepository.md)" is not accepted'],
    ['Status', '- Status: superseded by [0003](0003-charts-through-ocirepository.md), 0001', '- Status: superseded by [0003](0003-charts-through-ocirepository.md)', 'Status "superseded by [0003](0003-charts-through-ocirepository.md), 0001" is not accepted'],
    ['Date', '- Date: 1 December 2026', '- Date: 2026-12-01', 'Date "1 December 2026" is not a date like 2026-12-05'],
    ['Issue', '- Issue: #42', '- Issue: —', 'Issue "#42" is not an issue number, numbers like "42, 43", or "—"'],
  ])('fails when a record\'s %s is written otherwise (%s)', (_, to, from, message) => {
    expect(problemsAfter(replaceIn(SECOND, from, to)).filter((p) => p.startsWith('decision.header')).join('\n')).toContain(`decision.header ${SECOND}: ${message}`);
  });

  it('fails when a Supersedes line holds no link', () => {
    expect(problemsAfter(replaceIn(THIRD, '- Supersedes: [0002](0002-the-readmes-version-table.md)', '- Supersedes: 0002'))).toContain(
      `decision.header ${THIRD}: Supersedes "0002" is not a list of links like [0012](0012-slug.md); write the header as npm run decision writes it`,
    );
  });

  it('fails when a header line is no field it knows: a misspelt Supersedes, a line without its dash', () => {
    expect(problemsAfter(replaceIn(THIRD, '- Supersedes:', '- Superseeds:'))).toContain(
      `decision.header ${THIRD}: the header line "- Superseeds: [0002](0002-the-readmes-version-table.md)" is none of - Status:, - Date:, - Issue:, - Supersedes:, - Amends:; write the header as npm run decision writes it`,
    );
    expect(problemsAfter(replaceIn(FIRST, '- Issue: 12', 'Issue: 12')).filter((p) => p.startsWith('decision.header'))).toEqual([
      `decision.header ${FIRST}: the header line "Issue: 12" is none of - Status:, - Date:, - Issue:, - Supersedes:, - Amends:; write the header as npm run decision writes it`,
      `decision.header ${FIRST}: Issue is missing; write the header as npm run decision writes it`,
    ]);
  });

  it('fails when the first line is not the numbered heading', () => {
    expect(problemsAfter(replaceIn(FIRST, '# 0001. Charts', '# Charts'))).toContain(`decision.header ${FIRST}: the first line "# Charts from HTTP repositories" is not "# NNNN. <title>"; write the header as npm run decision writes it`);
  });

  it('reads only the block after the heading: a field in the body is no header', () => {
    expect(problemsAfter(replaceIn(SECOND, '- Issue: —\n', '')).filter((p) => p.startsWith('decision.header'))).toHaveLength(1);
    expect(problemsAfter(replaceIn(SECOND, '- Issue: —\n', '\n- Issue: —\n'))).toContain(`decision.header ${SECOND}: Issue is missing; write the header as npm run decision writes it`);
  });
});

describe('decision numbers and file names', () => {
  it('fails when a file is not named after its heading\'s number', () => {
    expect(problemsAfter((files) => {
      files.set('0009-charts-from-http-repositories.md', files.get(FIRST)!);
      files.delete(FIRST);
    })).toContain('decision.file-name 0009-charts-from-http-repositories.md: is the record of number 0001; rename it 0001-charts-from-http-repositories.md');
  });

  it('fails when a file name is not NNNN-<slug>.md', () => {
    expect(problemsAfter((files) => {
      files.set('0001_Charts.md', files.get(FIRST)!);
      files.delete(FIRST);
    }).filter((p) => p.startsWith('decision.file-name'))).toEqual(['decision.file-name 0001_Charts.md: is the record of number 0001; rename it 0001-charts-from-http-repositories.md']);
  });

  it('fails when two records share a number, naming the other and the next free number', () => {
    expect(problemsAfter((files) => files.set('0003-another.md', '# 0003. Another\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n\nText.\n'))).toContain(
      `decision.number-duplicate 0003-another.md: has number 0003, as ${THIRD} does; renumber it 0004`,
    );
  });

  it('fails when a number is skipped, once for the record after the gap', () => {
    const problems = problemsAfter((files) => files.set('0005-later.md', '# 0005. Later\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n\nText.\n'));
    expect(problems).toEqual(['decision.number-gap 0005-later.md: has number 0005 but no record has 0004; number the records from 0001 without a gap']);
  });

  it('fails when the first record is not 0001', () => {
    const problems = problemsAfter((files) => {
      files.set('0000-zero.md', '# 0000. Zero\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n\nText.\n');
    });
    expect(problems).toEqual(['decision.number-gap 0000-zero.md: has number 0000; number the records from 0001 without a gap']);
    expect(problemsAfter((files) => {
      for (const f of [FIRST, SECOND, THIRD]) files.delete(f);
      files.set('0002-two.md', '# 0002. Two\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n\nText.\n');
    })).toEqual(['decision.number-gap 0002-two.md: has number 0002 but no record has 0001; number the records from 0001 without a gap']);
  });

  it('reports a gap once where two records share the number after it', () => {
    const record = '# 0005. Later\n\n- Status: accepted\n- Date: 2026-12-05\n- Issue: 44\n\nText.\n';
    const problems = problemsAfter((files) => {
      files.set('0005-later.md', record);
      files.set('0005-again.md', record);
    });
    expect(problems.filter((p) => p.startsWith('decision.number-gap'))).toHaveLength(1);
  });
});

describe('decision links', () => {
  it('fails when a Supersedes link names no record', () => {
    expect(problemsAfter(replaceIn(THIRD, '[0002](0002-the-readmes-version-table.md)', '[0009](0009-gone.md)'))).toContain(
      `decision.link-unknown ${THIRD}: Supersedes: [0009](0009-gone.md) names no record; link an existing record as [NNNN](NNNN-slug.md)`,
    );
  });

  it('fails when a link has a record\'s number but another file name, naming the file', () => {
    expect(problemsAfter(replaceIn(FIRST, '[0003](0003-charts-through-ocirepository.md)', '[0003](0003-charts.md)'))).toEqual([
      `decision.link-unknown ${FIRST}: Status: … amended by [0003](0003-charts.md) names no record (0003 is ${THIRD}); link an existing record as [NNNN](NNNN-slug.md)`,
    ]);
  });

  it('fails when a link names a record\'s file under another number', () => {
    expect(problemsAfter(replaceIn(FIRST, '[0003](0003-charts-through-ocirepository.md)', `[0009](${THIRD})`))).toEqual([
      `decision.link-unknown ${FIRST}: Status: … amended by [0009](${THIRD}) names no record; link an existing record as [NNNN](NNNN-slug.md)`,
      `decision.link-one-sided ${THIRD}: Amends: [0001](${FIRST}), but ${FIRST} does not say Status: … amended by [0003](${THIRD}); add it there, or remove this link`,
    ]);
  });

  it('fails when a record supersedes one whose status does not say so', () => {
    expect(problemsAfter(replaceIn(SECOND, 'superseded by [0003](0003-charts-through-ocirepository.md)', 'accepted'))).toEqual([
      `decision.link-one-sided ${THIRD}: Supersedes: [0002](${SECOND}), but ${SECOND} does not say Status: … superseded by [0003](${THIRD}); add it there, or remove this link`,
    ]);
  });

  it('fails when a status says superseded by a record that does not say Supersedes', () => {
    expect(problemsAfter(replaceIn(THIRD, '- Supersedes: [0002](0002-the-readmes-version-table.md)\n', ''))).toEqual([
      `decision.link-one-sided ${SECOND}: Status: … superseded by [0003](${THIRD}), but ${THIRD} does not say Supersedes: [0002](${SECOND}); add it there, or remove this link`,
    ]);
  });

  it('fails when a record amends one whose status does not say amended by it', () => {
    expect(problemsAfter(replaceIn(FIRST, '; amended by [0003](0003-charts-through-ocirepository.md)', ''))).toEqual([
      `decision.link-one-sided ${THIRD}: Amends: [0001](${FIRST}), but ${FIRST} does not say Status: … amended by [0003](${THIRD}); add it there, or remove this link`,
    ]);
  });

  it('fails when a status says amended by a record that does not say Amends', () => {
    expect(problemsAfter(replaceIn(THIRD, '- Amends: [0001](0001-charts-from-http-repositories.md)\n', ''))).toEqual([
      `decision.link-one-sided ${FIRST}: Status: … amended by [0003](${THIRD}), but ${THIRD} does not say Amends: [0001](${FIRST}); add it there, or remove this link`,
    ]);
  });

  it('fails when the other end names the relation of the other kind', () => {
    expect(problemsAfter(replaceIn(SECOND, 'superseded by [0003](0003-charts-through-ocirepository.md)', 'accepted; amended by [0003](0003-charts-through-ocirepository.md)'))).toEqual([
      `decision.link-one-sided ${SECOND}: Status: … amended by [0003](${THIRD}), but ${THIRD} does not say Amends: [0002](${SECOND}); add it there, or remove this link`,
      `decision.link-one-sided ${THIRD}: Supersedes: [0002](${SECOND}), but ${SECOND} does not say Status: … superseded by [0003](${THIRD}); add it there, or remove this link`,
    ]);
  });
});
