import fs from 'node:fs';
import path from 'node:path';

/** Where the decision records live, one file each (`NNNN-<slug>.md`), beside their generated index. */
export const DECISIONS_DIR = 'docs/decisions';
export const DECISIONS_INDEX_NAME = 'index.md';

const FILE_NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;
const HEADING = /^# (\d{4})\. (\S.*)$/;
const FIELD = /^- ([A-Za-z]+): (.*)$/;
const LINK = /^\[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISSUE = /^(?:—|\d+(?:, \d+)*)$/;
const FIELDS = ['Status', 'Date', 'Issue', 'Supersedes', 'Amends'];

/** A link to another record as written (`[0012](0012-slug.md)`): its number and the file it names. */
export interface RecordLink {
  readonly number: number;
  readonly file: string;
}

/** One record's header, parsed; `problems` holds what could not be read, each naming the field and what it holds. */
export interface DecisionRecord {
  readonly file: string;
  readonly number: number;
  readonly title: string;
  readonly status: 'accepted' | 'superseded';
  readonly supersededBy: readonly RecordLink[];
  readonly amendedBy: readonly RecordLink[];
  readonly supersedes: readonly RecordLink[];
  readonly amends: readonly RecordLink[];
  readonly date: string;
  /** `42`, `42, 43`, or `—` where the text names no issue. */
  readonly issue: string;
  readonly problems: readonly string[];
}

/** `[0012](0012-slug.md), [0040](0040-slug.md)`; undefined when any item is no such link. */
function links(text: string): RecordLink[] | undefined {
  const parsed = text.split(', ').map((item) => LINK.exec(item));
  if (parsed.some((m) => m === null)) return undefined;
  return parsed.map((m) => ({ number: Number(m![1]), file: m![2] }));
}

/** `accepted`, `superseded by <links>`, either followed by `; amended by <links>`. */
function status(text: string): Pick<DecisionRecord, 'status' | 'supersededBy' | 'amendedBy'> | undefined {
  const [head, amended, ...rest] = text.split('; ');
  const amendedBy = amended === undefined ? [] : amended.startsWith('amended by ') ? links(amended.slice('amended by '.length)) : undefined;
  if (rest.length > 0 || amendedBy === undefined) return undefined;
  if (head === 'accepted') return { status: 'accepted', supersededBy: [], amendedBy };
  const supersededBy = head.startsWith('superseded by ') ? links(head.slice('superseded by '.length)) : undefined;
  return supersededBy && { status: 'superseded', supersededBy, amendedBy };
}

/** The header of one record: `# NNNN. <title>`, a blank line, then `- Field: value` lines up to the next blank line. */
export function parseRecord(file: string, text: string): DecisionRecord {
  const lines = text.split('\n');
  const heading = HEADING.exec(lines[0] ?? '');
  const end = lines.indexOf('', 2);
  const header = lines.slice(2, end === -1 ? lines.length : end);
  const fields = new Map(header.flatMap((line) => {
    const m = FIELD.exec(line);
    return m && FIELDS.includes(m[1]) ? [[m[1], m[2]] as const] : [];
  }));
  // A misspelt field would drop its link without a word: every header line is one of the fields.
  const problems = header
    .filter((line) => !FIELDS.includes(FIELD.exec(line)?.[1] ?? ''))
    .map((line) => `the header line "${line}" is none of ${FIELDS.map((f) => `- ${f}:`).join(', ')}`);
  const field = <T>(name: string, read: (value: string) => T | undefined, shape: string): T | undefined => {
    const value = fields.get(name);
    const parsed = value === undefined ? undefined : read(value);
    if (parsed === undefined) problems.push(`${name} ${value === undefined ? 'is missing' : `"${value}" is not ${shape}`}`);
    return parsed;
  };
  const optional = (name: string) => (fields.has(name) ? field(name, links, 'a list of links like [0012](0012-slug.md)') ?? [] : []);
  if (!heading) problems.push(`the first line "${lines[0] ?? ''}" is not "# NNNN. <title>"`);
  const state = field('Status', status, 'accepted or superseded by [NNNN](NNNN-slug.md), either with "; amended by [NNNN](NNNN-slug.md)"');
  return {
    file,
    number: heading ? Number(heading[1]) : NaN,
    title: heading?.[2] ?? '',
    status: state?.status ?? 'accepted',
    supersededBy: state?.supersededBy ?? [],
    amendedBy: state?.amendedBy ?? [],
    date: field('Date', (v) => (DATE.test(v) ? v : undefined), 'a date like 2026-12-05') ?? '',
    issue: field('Issue', (v) => (ISSUE.test(v) ? v : undefined), 'an issue number, numbers like "42, 43", or "—"') ?? '',
    supersedes: optional('Supersedes'),
    amends: optional('Amends'),
    problems,
  };
}

/** Every record of a folder (every `.md` but the index), sorted by file name. */
export function readRecords(dir: string): DecisionRecord[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== DECISIONS_INDEX_NAME)
    .sort()
    .map((name) => parseRecord(name, fs.readFileSync(path.join(dir, name), 'utf8')));
}

/** The file name a record of this number and title gets: its number, then its title's words up to the issue's parenthesis. */
export function recordFileName(number: number, title: string): string {
  const words = title
    .replace(/\s*\((?:issues?|revisited|replaces|reverses) [^)]*\)*$/i, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  // Whole words, up to about 60 characters: the first word that does not fit ends the slug.
  const overflow = words.findIndex((_, i) => words.slice(0, i + 1).join('-').length > 60);
  const kept = overflow === -1 ? words : words.slice(0, Math.max(1, overflow));
  return `${String(number).padStart(4, '0')}-${kept.join('-') || 'decision'}.md`;
}

/** `[0012](0012-slug.md)`. */
export const recordLink = (r: Pick<DecisionRecord, 'number' | 'file'>) => `[${String(r.number).padStart(4, '0')}](${r.file})`;

/** A record's header as the records write it; `body` follows after one blank line. */
export function recordText(r: Pick<DecisionRecord, 'number' | 'title' | 'date' | 'issue'> & Partial<Pick<DecisionRecord, 'supersededBy' | 'amendedBy' | 'supersedes' | 'amends'>>, body: string): string {
  const list = (ls: readonly RecordLink[]) => ls.map(recordLink).join(', ');
  const by = r.supersededBy?.length ? `superseded by ${list(r.supersededBy)}` : 'accepted';
  const state = r.amendedBy?.length ? `${by}; amended by ${list(r.amendedBy)}` : by;
  return [
    `# ${String(r.number).padStart(4, '0')}. ${r.title}`,
    '',
    `- Status: ${state}`,
    `- Date: ${r.date}`,
    `- Issue: ${r.issue}`,
    ...(r.supersedes?.length ? [`- Supersedes: ${list(r.supersedes)}`] : []),
    ...(r.amends?.length ? [`- Amends: ${list(r.amends)}`] : []),
    '',
    body.trimEnd(),
    '',
  ].join('\n');
}

/** What `npm run decision` writes: the record after the last, accepted, dated `date`, with a body saying what to write. */
export function nextRecord(records: readonly DecisionRecord[], title: string, date: string): { readonly file: string; readonly text: string } {
  const number = Math.max(0, ...records.map((r) => r.number)) + 1;
  const body = [
    'What was decided, and why: the facts it rests on, with the upstream source at the pinned tag where',
    'it relies on upstream behaviour. Where it replaces an earlier record, add `- Supersedes: [NNNN](NNNN-slug.md)`',
    "(or `- Amends:` for a part) above, and `superseded by` (or `; amended by`) to that record's Status.",
  ].join('\n');
  return { file: recordFileName(number, title), text: recordText({ number, title, date, issue: '—' }, body) };
}

/** A problem with the records: the file, what it holds and the fix. */
export interface RecordProblem {
  readonly code: string;
  readonly file: string;
  readonly message: string;
}

interface RecordRule {
  /** Stable code, as rule codes are. */
  readonly code: string;
  readonly summary: string;
  readonly check: (records: readonly DecisionRecord[]) => readonly Omit<RecordProblem, 'code'>[];
}

const pad = (n: number) => String(n).padStart(4, '0');

/** Each relation and its other end: a record that supersedes (amends) another is named by that one's status. */
const RELATIONS = [
  { field: 'Supersedes', forward: 'supersedes', back: 'supersededBy', backText: 'superseded by' },
  { field: 'Amends', forward: 'amends', back: 'amendedBy', backText: 'amended by' },
] as const;

/** Every relation a record states, forward and back, as (record, link, what the other end must list). */
const stated = (records: readonly DecisionRecord[]) =>
  records.flatMap((r) =>
    RELATIONS.flatMap((rel) => [
      ...r[rel.forward].map((link) => ({ r, link, said: `${rel.field}: ${recordLink(link)}`, other: rel.back, otherText: `Status: … ${rel.backText} ${recordLink(r)}` })),
      ...r[rel.back].map((link) => ({ r, link, said: `Status: … ${rel.backText} ${recordLink(link)}`, other: rel.forward, otherText: `${rel.field}: ${recordLink(r)}` })),
    ]),
  );

/** The rules the records keep, all reported at once. */
export const RECORD_RULES: readonly RecordRule[] = [
  {
    code: 'decision.file-name',
    summary: 'a record is named NNNN-<slug>.md after the number of its heading',
    check: (records) =>
      records
        .filter((r) => FILE_NAME.exec(r.file)?.[1] !== pad(r.number) && !Number.isNaN(r.number))
        .map((r) => ({ file: r.file, message: `is the record of number ${pad(r.number)}; rename it ${recordFileName(r.number, r.title)}` })),
  },
  {
    code: 'decision.header',
    summary: 'every record has its heading, Status, Date and Issue',
    check: (records) => records.flatMap((r) => r.problems.map((p) => ({ file: r.file, message: `${p}; write the header as npm run decision writes it` }))),
  },
  {
    code: 'decision.number-duplicate',
    summary: 'no two records share a number',
    check: (records) =>
      records
        .filter((r, i) => !Number.isNaN(r.number) && records.findIndex((o) => o.number === r.number) !== i)
        .map((r) => ({ file: r.file, message: `has number ${pad(r.number)}, as ${records.find((o) => o.number === r.number)!.file} does; renumber it ${pad(Math.max(...records.map((o) => o.number)) + 1)}` })),
  },
  {
    code: 'decision.number-gap',
    summary: 'the numbers run from 0001 without a gap',
    check: (records) => {
      const numbers = new Set(records.map((r) => r.number));
      const numbered = records.filter((r) => !Number.isNaN(r.number));
      // 0000 has no 0000 - 1 either; a shared number is reported once, by its first record.
      return numbered
        .filter((r, i) => r.number !== 1 && !numbers.has(r.number - 1) && numbered.findIndex((o) => o.number === r.number) === i)
        .map((r) => ({ file: r.file, message: `has number ${pad(r.number)}${r.number < 1 ? '' : ` but no record has ${pad(r.number - 1)}`}; number the records from 0001 without a gap` }));
    },
  },
  {
    code: 'decision.link-unknown',
    summary: 'a Supersedes, Amends, superseded-by or amended-by link names an existing record by its file',
    check: (records) =>
      stated(records)
        .filter(({ link }) => !records.some((o) => o.number === link.number && o.file === link.file))
        .map(({ r, link, said }) => ({
          file: r.file,
          message: `${said} names no record${records.some((o) => o.number === link.number) ? ` (${pad(link.number)} is ${records.find((o) => o.number === link.number)!.file})` : ''}; link an existing record as [NNNN](NNNN-slug.md)`,
        })),
  },
  {
    code: 'decision.link-one-sided',
    summary: 'both ends of a supersession or amendment name each other',
    check: (records) =>
      stated(records).flatMap(({ r, link, said, other, otherText }) => {
        const target = records.find((o) => o.number === link.number && o.file === link.file);
        if (!target || target[other].some((l) => l.number === r.number)) return [];
        return [{ file: r.file, message: `${said}, but ${target.file} does not say ${otherText}; add it there, or remove this link` }];
      }),
  },
];

/** Every problem of every rule, in the table's order. */
export function recordProblems(records: readonly DecisionRecord[]): RecordProblem[] {
  return RECORD_RULES.flatMap((rule) => rule.check(records).map((p) => ({ code: rule.code, ...p })));
}
