/**
 * The edits a build makes to an upstream go.mod, in a copy. A monorepo's main module replaces its
 * sibling modules with folders of the repository (`k8s.io/api => ./staging/src/k8s.io/api`,
 * `go.etcd.io/etcd/api/v3 => ../api`, `github.com/fluxcd/source-controller/api => ./api`), which
 * the module zip the Go proxy serves leaves out: each points at the published sibling of the same
 * release. A module the proxy refuses is sent to what stands in for it (redirect).
 */

/** The modules the go.mod requires (single-line and block `require`), each with its version. */
export function requirements(goMod: string): Map<string, string> {
  const required = new Map<string, string>();
  const add = (words: readonly string[]) => { if (words.length >= 2) required.set(words[0]!, words[1]!); };
  let inBlock = false;
  for (const raw of goMod.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (inBlock) {
      if (line === ')') inBlock = false;
      else add(line.split(/\s+/));
    } else if (/^require\s*\($/.test(line)) inBlock = true;
    else if (line.startsWith('require ')) add(line.split(/\s+/).slice(1));
  }
  return required;
}

/** A `replace` line: lead, replaced module (and version), arrow, target, target version, trailer. */
const REPLACE = /^(\s*(?:replace\s+)?)(\S+)(\s+v\S+)?(\s*=>\s*)(\S+)(?:(\s+)(v\S+))?(\s*(?:\/\/.*)?)$/;

/** Each replace line's index with its replaced module and its target (`module version`, or a folder). */
function replaceLines(lines: readonly string[]): { index: number; from: string; target: string; version?: string }[] {
  const found: { index: number; from: string; target: string; version?: string }[] = [];
  let inReplace = false;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    if (/^replace\s*\($/.test(trimmed)) { inReplace = true; return; }
    if (inReplace && trimmed === ')') { inReplace = false; return; }
    if (!inReplace && !trimmed.startsWith('replace ')) return;
    const match = REPLACE.exec(line);
    if (match) found.push({ index, from: match[2]!, target: match[5]!, ...(match[7] ? { version: match[7] } : {}) });
  });
  return found;
}

export interface ReplaceRewrite {
  /** The go.mod as the build uses it. */
  readonly goMod: string;
  /** Each rewritten line, `<module> => <folder>` to `<module> => <module> <version>`. */
  readonly pinned: readonly string[];
}

/**
 * Points every relative `replace` of a module the go.mod requires at that module published at
 * `version`. A relative replace of a module nothing requires is left as it is: Go never reads its
 * folder (etcd's `go.etcd.io/etcd => ./FORBIDDEN_DEPENDENCY` guards stay guards).
 */
export function pinRelativeReplaces(goMod: string, version: string): ReplaceRewrite {
  const required = requirements(goMod);
  const lines = goMod.split('\n');
  const pinned: string[] = [];
  for (const r of replaceLines(lines)) {
    if (!/^\.{1,2}\//.test(r.target) || !required.has(r.from)) continue;
    const match = REPLACE.exec(lines[r.index]!)!;
    // The replaced side's version goes too: the published sibling stands for every version.
    lines[r.index] = `${match[1]}${r.from}${match[4]}${r.from} ${version}${match[8]}`;
    pinned.push(`${r.from} => ${r.target} became ${r.from} ${version}`);
  }
  return { goMod: lines.join('\n'), pinned };
}

/** The version the build takes a module at: as the target of a replace, else as required. */
export function resolvedVersion(goMod: string, module: string): string | undefined {
  return replaceLines(goMod.split('\n')).find((r) => r.target === module)?.version ?? requirements(goMod).get(module);
}

/**
 * Sends what the build takes from `module` to `to` (a folder, or `<module> <version>`): a replace
 * whose target it is gets the new target; a module only required gets a replace of its own.
 */
export function redirect(goMod: string, module: string, to: string): string {
  const lines = goMod.split('\n');
  const replaced = replaceLines(lines).filter((r) => r.target === module);
  for (const r of replaced) {
    const match = REPLACE.exec(lines[r.index]!)!;
    lines[r.index] = `${match[1]}${match[2]}${match[3] ?? ''}${match[4]}${to}${match[8]}`;
  }
  return replaced.length > 0 ? lines.join('\n') : `${goMod.replace(/\n*$/, '\n')}\nreplace ${module} => ${to}\n`;
}
