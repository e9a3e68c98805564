import fs from 'node:fs';
import path from 'node:path';
import { dayTwoNotes } from '../bootstrap/day-two';
import type { EnvironmentSpec } from '../model/environment';
import { formatViolation, hasErrors } from '../model/violation';
import { unifiedDiff } from './diff';
import { plan } from './plan';
import type { EnvironmentPlan, Plan } from './plan';
import { replaceTree } from './tree';
import { changesContent } from './tree';
import type { TreeChanges } from './tree';
import { withVersionTable } from './version-table';
import { SOPS_CONFIG_FILE, sopsConfig } from './sops-config';
import { referenceDocs } from './reference-docs';
import { CONTRIBUTING, CONTRIBUTING_PAGE, contributingPage } from './contributing-page';
import { DECISIONS_INDEX, decisionsIndex } from './decisions-index';
import { DECISIONS_DIR, readRecords } from './decision-records';
import { resolve } from '../model/resolve';
import { specName } from '../model/spec-check';
import { orphanAdvice, orphanFolders } from './orphans';
import { ENVIRONMENT_SCHEMA_FILE, environmentJsonSchema } from './environment-schema';
import { componentNotes, gib, memoryFigures } from '../components/table';
import { CLUSTERS_DIR, treeDir } from '../tree/paths';
import { valuesSchemaNotes } from './values-schema-notes';
import { handEditAdvice } from './hand-edits';
import { MANIFEST_FILE, manifestWriter } from './manifest';
import { TOOL_NAME, toolStamp } from './tool-version';

/**
 * Files outside clusters/ that synth keeps in step with the code: a fleet's README version table,
 * `.sops.yaml`, and in the tool's repository its reference pages (docs/reference/) and JSON Schema.
 * Each as it is on disk and as it should be.
 */
interface RootFile {
  readonly name: string;
  readonly file: string;
  readonly current: string;
  readonly next: string;
}

function rootFiles(options: CommandOptions, resolved: Plan['resolved']): RootFile[] {
  const read = (name: string) => {
    const file = path.join(options.root, name);
    return { name, file, current: fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '' };
  };
  const readme = read('README.md');
  const specs = options.environments as readonly EnvironmentSpec[];
  // The checks resolved every spec against the fleet already; resolving is a good part of a run.
  const envs = specs.map((spec) => resolved.get(spec) ?? resolve(spec, specs));
  const tool = isToolRepository(options.root);
  return [
    // A fleet's README shows its pins; the tool's shows them on its versions page.
    ...(readme.current === '' || tool ? [] : [{ ...readme, next: withVersionTable(readme.current, envs, { provingGround: false }) }]),
    { ...read(SOPS_CONFIG_FILE), next: sopsConfig(envs) },
    // The tool's own documents, only in the tool's repository (never in a fleet's).
    ...(tool
      ? [
          ...[...referenceDocs(envs, options.documents ?? new Map())].map(([name, next]) => ({ ...read(name), next })),
          { ...read(ENVIRONMENT_SCHEMA_FILE), next: environmentJsonSchema() },
          ...contributingFiles(read),
          { ...read(DECISIONS_INDEX), next: decisionsIndex(readRecords(path.join(options.root, DECISIONS_DIR))) },
        ]
      : []),
  ];
}

/** The contributor's guide as a page of the site, where the repository has one. */
function contributingFiles(read: (name: string) => { name: string; file: string; current: string }): RootFile[] {
  const source = read(CONTRIBUTING).current;
  return source === '' ? [] : [{ ...read(CONTRIBUTING_PAGE), next: contributingPage(source) }];
}

/** The tool's repository (its package.json names the tool), where synth also keeps the tool's documents current. */
function isToolRepository(root: string): boolean {
  const file = path.join(root, 'package.json');
  return fs.existsSync(file) && (JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string }).name === TOOL_NAME;
}

/** The unified diff of every root file that is not what synth would write. */
function rootDiff(stale: readonly RootFile[]): string {
  return stale
    .map((f) => {
      const isNew = f.current === '';
      return unifiedDiff({ added: isNew ? [f.name] : [], changed: isNew ? [] : [f.name], removed: [] }, new Map(isNew ? [] : [[f.name, f.current]]), new Map([[f.name, f.next]]), '');
    })
    .join('');
}

const staleRootFiles = (options: CommandOptions, resolved: Plan['resolved']) => rootFiles(options, resolved).filter((f) => f.next !== f.current);

/** What a command prints and its exit code; the CLI only forwards them. */
export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

export interface CommandOptions {
  /** Folder holding `clusters/` (the repository root). */
  readonly root: string;
  /** The specs as written; each is checked at the boundary before anything else reads it. */
  readonly environments: readonly (EnvironmentSpec | unknown)[];
  /** Restrict to these environment names. @default all */
  readonly only?: readonly string[];
  /** synth: also remove files under clusters/<env>/ that synth did not write. @default false */
  readonly prune?: boolean;
  /** Fault injection for tests: pause after each file written. @default 0 */
  readonly pauseMs?: number;
  /**
   * The tool's pages the layer above renders, by path (the bin's docs/reference/commands.md, from
   * the CLI's own definitions): kept current only in the tool's repository. @default none
   */
  readonly documents?: ReadonlyMap<string, string>;
}

/** `; platform memory requests 1.2 GiB of 13.6 GiB`: the memory-fit check's figures, where the environment has any. */
function memoryLine(e: EnvironmentPlan): string {
  if (!e.synthesized.env || e.synthesized.files.size === 0) return '';
  const figures = memoryFigures(e.synthesized.env);
  if (figures.requests.length === 0) return '';
  const budget = figures.budgetMiB === undefined ? 'unknown node memory (set infrastructure.memoryMiB)' : gib(figures.budgetMiB);
  return `; platform memory requests ${gib(figures.totalMiB)} of ${budget}`;
}

/** `1 warning`, `2 warnings`. */
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** `, 1 made executable` where files lack their execute bit; nothing otherwise. */
const modes = (c: TreeChanges) => (c.modes.length > 0 ? `, ${c.modes.length} made executable` : '');

/** `warnings`: the warnings printed beside the line besides the violations' (synth's values schema stand-ins). */
const summary = (e: EnvironmentPlan, verb: string, warnings = 0) =>
  `${e.name}: ${e.changes.added.length} added, ${e.changes.changed.length} changed, ${e.changes.removed.length} removed${modes(e.changes)} ${verb}; ` +
  `${e.objects} objects, ${plural(e.synthesized.violations.filter((v) => v.severity === 'warning').length + warnings, 'warning')}${memoryLine(e)}`;

function prepare(options: CommandOptions) {
  const result = plan(options.root, options.environments, { only: options.only ?? [], prune: options.prune ?? false });
  const report = result.violations.map(formatViolation).join('\n');
  return { result, report: report && `${report}\n`, failed: hasErrors(result.violations) };
}

/** Orphan folders matter only when every environment is selected: `--env` looks at one. */
const orphans = (options: CommandOptions) =>
  (options.only ?? []).length > 0 ? [] : orphanFolders(options.root, options.environments.map(specName));

function refused(report: string, action: string): CommandResult {
  return { stdout: '', stderr: `${report}${action}: the errors above must be fixed first\n`, exitCode: 1 };
}

/** Writes every selected environment's tree; nothing at all while any error stands. */
export function synthCommand(options: CommandOptions): CommandResult {
  const { result, report, failed } = prepare(options);
  if (failed) return refused(report, 'nothing was written');
  const lines = result.environments.flatMap((e) => {
    replaceTree(path.join(options.root, CLUSTERS_DIR), e.name, e.next, { pauseMs: options.pauseMs });
    const notes = [...dayTwoNotes(e.current, e.next), ...(e.synthesized.env ? componentNotes({ env: e.synthesized.env, files: e.next }) : [])];
    // validate's words about the schema it will judge the platform charts' values by.
    const schemas = e.synthesized.env ? valuesSchemaNotes(options.root, e.synthesized.env, e.next) : [];
    return [summary(e, '', schemas.length), ...notes.map((n) => `note: ${e.name}: ${n}`), ...schemas.map((n) => `warning: ${e.name}: ${n}`)];
  });
  for (const file of staleRootFiles(options, result.resolved)) {
    fs.mkdirSync(path.dirname(file.file), { recursive: true });
    fs.writeFileSync(file.file, file.next);
    lines.push(`${file.name}: updated`);
  }
  const notes = orphans(options).map((folder) => `note: ${orphanAdvice(folder)}\n`).join('');
  return { stdout: lines.map((l) => l.replace(' ;', ';')).join('\n') + '\n', stderr: report + notes, exitCode: 0 };
}

/** A generated file that git would record without its execute bit, and the two ways back. */
const notExecutableAdvice = (file: string) =>
  `${file} is not executable on disk; run npm run synth (it writes the file with mode 0755) and commit it, so git records 100755 (where core.fileMode is false: git update-index --chmod=+x ${file})\n`;

/**
 * After a tool upgrade every tree differs: say which version wrote it and which is installed, so
 * the diff reads as the release's and not as a hand edit.
 */
function upgradeNote(e: EnvironmentPlan): string {
  const current = e.current.get(MANIFEST_FILE);
  if (current === undefined) return '';
  const wrote = manifestWriter(current);
  if (wrote === toolStamp()) return '';
  return `${treeDir(e.name)}/ was written by ${wrote ?? 'an earlier version that did not record itself'}; ${toolStamp()} is installed: run npm run synth, then npm run review to see what the release changes\n`;
}

/**
 * Fails when an invariant is broken or the committed tree is not what the code synthesizes.
 * `withoutDiff`: a caller that prints no diff (review) gets a message that does not point at one.
 */
export function checkCommand(options: CommandOptions & { readonly withoutDiff?: boolean }): CommandResult {
  const { result, report, failed } = prepare(options);
  if (failed) return refused(report, 'check failed');
  const drifted = result.environments.filter((e) => changesContent(e.changes));
  const stale = staleRootFiles(options, result.resolved);
  const diffs = drifted.map((e) => unifiedDiff(e.changes, e.current, e.next, treeDir(e.name))).join('') + rootDiff(stale);
  const orphaned = orphans(options);
  const lostModes = result.environments.flatMap((e) => e.changes.modes.map((rel) => notExecutableAdvice(`${treeDir(e.name)}/${rel}`)));
  if (drifted.length === 0 && stale.length === 0 && orphaned.length === 0 && lostModes.length === 0) {
    return { stdout: `${result.environments.map((e) => `${e.name}: up to date`).join('\n')}\n`, stderr: report, exitCode: 0 };
  }
  const upgraded = drifted.map((e) => upgradeNote(e)).filter((n) => n !== '').join('');
  // After an upgrade the diff is the release's, not a hand edit's: no field to name.
  const owners = drifted.filter((e) => upgradeNote(e) === '').flatMap(handEditAdvice).map((line) => `${line}\n`).join('');
  const names = [...drifted.map((e) => `${treeDir(e.name)}/`), ...stale.map((f) => f.name)].join(', ');
  const shown = options.withoutDiff ? 'npm run check shows the diff' : 'diff above';
  const differ = names === '' ? '' : `${names} differ from what the code synthesizes (${shown}); run npm run synth and commit the result\n`;
  // Which version wrote a tree comes before its diff (stdout, which the terminal shows first), so the diff reads as the release's.
  return {
    stdout: `${upgraded}${diffs}`,
    stderr: `${report}${owners}${differ}${lostModes.join('')}${orphaned.map((folder) => `${orphanAdvice(folder)}\n`).join('')}`,
    exitCode: 1,
  };
}

/** Shows what `synth` would change, as a unified diff; always exits 0 unless an error stands. */
export function diffCommand(options: CommandOptions): CommandResult {
  const { result, report, failed } = prepare(options);
  if (failed) return refused(report, 'no diff');
  const stale = staleRootFiles(options, result.resolved);
  const diffs = result.environments.map((e) => unifiedDiff(e.changes, e.current, e.next, treeDir(e.name))).join('') + rootDiff(stale);
  const lines = [...result.environments.map((e) => summary(e, 'by synth')), ...stale.map((f) => `${f.name}: would be updated`)];
  return { stdout: diffs, stderr: `${report}${lines.join('\n')}\n`, exitCode: 0 };
}
