// One-off (issue 44): splits docs/decisions.md, as it stood at SOURCE, into docs/decisions/NNNN-<slug>.md,
// one record per `## ` section (its `###` parts stay in it), and proves no line was lost.
//   node --import tsx -- scripts/split-decisions.ts           writes the records
//   node --import tsx -- scripts/split-decisions.ts --verify  compares the records with the old file
// Each record's date is the earliest author date among its section's lines (git blame at SOURCE):
// the commit that added the section, even where a later one renamed its heading.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DECISIONS_DIR, parseRecord, readRecords, recordFileName, recordText } from '../src/synth/decision-records';
import type { RecordLink } from '../src/synth/decision-records';

const SOURCE = '6db3b517ce51ab4683c45a6290183b4ce6e046a8';
const OLD = 'docs/decisions.md';
const root = path.resolve(import.meta.dirname, '..');
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });

/**
 * Amendments the text states (amended ← amending, by the start of each heading). Each names the part
 * it replaces, so none is a whole supersession: the amended record stays accepted.
 */
const AMENDMENTS: readonly (readonly [string, string])[] = [
  ["The README's version table", 'compat (issue 25'], // "Reversed by issue 25 (see "compat" below)": the compatibility facts only
  ['What a fleet may pin itself', 'compat (issue 25'], // "~~`versions.compatibility` may be overridden~~ (reversed by issue 25 …)"
  ['The bundles carry their dependencies', 'The construct libraries are peer dependencies'], // "reverses part of"
  ['Adoption imports what the pinned providers', 'The deploy gates'], // "Supersedes the Proxmox half of"
  ['Release defaults: retry, never uninstall', 'Layer timeouts from their releases'], // the layer's timeout: "the longest of" → the longest chain
  ['ajv compiles without its optimize passes', 'The typecheck runs beside the suite'], // "(Reversed, … see "The typecheck runs beside the suite" below)"
  ['Handing a workload cluster over to its own Flux', "The handover's releases carry prune: disabled"], // "This supersedes the hand-off section's …"
  ['Handing a workload cluster over to its own Flux', 'One owner per release'], // "Supersedes the "Left open" window …"
  ["A workload cluster's Cluster API objects", 'One owner per release'], // "… and "the external-creds flavor's `credentialsRef`""
  ['The field matrix has no pending cell', "The field matrix's seven new classes"], // "Supersedes, for these seven classes only"
  ["init's --tool default comes from npm's own record", 'Installable from a git tag or a vendored tarball'], // "Supersedes the `--tool` note of"
];

interface Section {
  readonly title: string;
  /** The lines after the heading, up to the next `## `, without blank lines at either end. */
  readonly body: string;
  readonly firstLine: number;
  readonly lineCount: number;
}

const trimBlank = (lines: readonly string[]) => {
  let [start, end] = [0, lines.length];
  while (start < end && lines[start].trim() === '') start++;
  while (end > start && lines[end - 1].trim() === '') end--;
  return lines.slice(start, end).join('\n');
};

/** The file's preamble and its `## ` sections (none sits in a code fence: the file has none). */
function sections(text: string): { preamble: string; sections: Section[] } {
  const lines = text.split('\n');
  const starts = lines.flatMap((line, i) => (line.startsWith('## ') ? [i] : []));
  return {
    preamble: trimBlank(lines.slice(1, starts[0])),
    sections: starts.map((start, k) => {
      const end = starts[k + 1] ?? lines.length;
      return { title: lines[start].slice(3), body: trimBlank(lines.slice(start + 1, end)), firstLine: start + 1, lineCount: end - start };
    }),
  };
}

/** `42`, `42, 43`: the issues the heading names, else its body's opening `(Issue N…)`, else the adding commit's `Issue N`. */
function issueOf(s: Section, subject: string): string {
  const numbers = (text: string) => [...new Set([...text.matchAll(/\d+/g)].map((m) => m[0]))].join(', ');
  const heading = /\((?:issues? )([^,)]*(?: and \d+)?)/i.exec(s.title);
  if (heading) return numbers(heading[1]);
  const opening = /^\((Issues? [^)]*)\)/.exec(s.body);
  if (opening) return numbers(opening[1].replace(/item \d+/g, ''));
  const commit = /^Issue (\d+)/.exec(subject);
  return commit ? commit[1] : '—';
}

/** Each line's commit at SOURCE, and each commit's author date and subject. */
function blame(): { lineCommit: string[]; date: (c: string) => string; subject: (c: string) => string } {
  const lineCommit: string[] = [];
  for (const line of git('blame', '--porcelain', SOURCE, '--', OLD).split('\n')) {
    const m = /^([0-9a-f]{40}) \d+ (\d+)/.exec(line);
    if (m) lineCommit[Number(m[2])] = m[1];
  }
  const info = new Map<string, { date: string; subject: string }>();
  const get = (c: string) => {
    if (!info.has(c)) {
      const [date, subject] = git('show', '-s', '--format=%ad%n%s', '--date=short', c).split('\n');
      info.set(c, { date, subject });
    }
    return info.get(c)!;
  };
  return { lineCommit, date: (c) => get(c).date, subject: (c) => get(c).subject };
}

function split(): void {
  const { sections: all } = sections(git('show', `${SOURCE}:${OLD}`));
  const { lineCommit, date, subject } = blame();
  const files = all.map((s, i) => recordFileName(i + 1, s.title));
  const find = (prefix: string) => {
    const i = all.findIndex((s) => s.title.startsWith(prefix));
    if (i === -1) throw new Error(`no section starts with "${prefix}"`);
    return i;
  };
  const pairs = AMENDMENTS.map(([amended, by]) => [find(amended), find(by)] as const);
  const link = (i: number): RecordLink => ({ number: i + 1, file: files[i] });
  const dir = path.join(root, DECISIONS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  all.forEach((s, i) => {
    const commits = Array.from({ length: s.lineCount }, (_, k) => lineCommit[s.firstLine + k]).filter((c) => c !== undefined);
    const dates = commits.map((c) => ({ c, d: date(c) })).sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
    const first = dates[0];
    const text = recordText(
      {
        number: i + 1,
        title: s.title,
        date: first.d,
        issue: issueOf(s, subject(first.c)),
        amendedBy: pairs.filter(([a]) => a === i).map(([, b]) => link(b)).sort((x, y) => x.number - y.number),
        amends: pairs.filter(([, b]) => b === i).map(([a]) => link(a)).sort((x, y) => x.number - y.number),
      },
      s.body,
    );
    fs.writeFileSync(path.join(dir, files[i]), text);
  });
  console.log(`${all.length} records written to ${DECISIONS_DIR}/`);
}

/** The records' titles and bodies, in number order, against the old file's sections: every line, in order. */
function verify(): void {
  const old = git('show', `${SOURCE}:${OLD}`);
  const { preamble, sections: all } = sections(old);
  const dir = path.join(root, DECISIONS_DIR);
  const records = readRecords(dir).sort((a, b) => a.number - b.number);
  const rebuilt = records.map((r) => {
    const text = fs.readFileSync(path.join(dir, r.file), 'utf8').split('\n');
    return { title: r.title, body: trimBlank(text.slice(text.indexOf('', 2) + 1)) };
  });
  const failures = [
    ...(records.length === all.length ? [] : [`${records.length} records, ${all.length} sections`]),
    ...all.flatMap((s, i) => (rebuilt[i]?.title === s.title && rebuilt[i]?.body === s.body ? [] : [`section ${i + 1} "${s.title}" differs from ${records[i]?.file}`])),
    ...(records.some((r) => parseRecord(r.file, '').problems.length === 0) ? ['the parser accepts an empty record'] : []),
  ];
  // The whole file again, from the preamble and the records: the same non-blank lines in the same order.
  const whole = ['# Decisions', preamble, ...rebuilt.flatMap((r) => [`## ${r.title}`, r.body])].join('\n');
  const nonBlank = (t: string) => t.split('\n').filter((l) => l.trim() !== '');
  if (nonBlank(whole).join('\n') !== nonBlank(old).join('\n')) failures.push('the non-blank lines of the records differ from the old file\'s');
  if (failures.length > 0) {
    console.error(failures.join('\n'));
    process.exit(1);
  }
  console.log(`${records.length} records hold the ${all.length} sections of ${OLD} at ${SOURCE.slice(0, 7)}: titles and bodies equal, ${nonBlank(old).length} non-blank lines in order`);
}

if (process.argv.includes('--verify')) verify();
else split();
