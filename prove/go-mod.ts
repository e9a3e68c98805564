/**
 * A monorepo's main module replaces its sibling modules with folders of the repository
 * (`k8s.io/api => ./staging/src/k8s.io/api`, `go.etcd.io/etcd/api/v3 => ../api`,
 * `github.com/fluxcd/source-controller/api => ./api`); the module zip the Go proxy serves leaves
 * those folders out, so the build points each at the published sibling of the same release.
 */

/** A `replace` whose target is a folder of the repository: `./x` or `../x`. */
const RELATIVE = /^(\s*(?:replace\s+)?)(\S+)(\s+\S+)?(\s*=>\s*)(\.{1,2}\/\S*)(\s*(?:\/\/.*)?)$/;

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
  const pinned: string[] = [];
  let inReplace = false;
  const lines = goMod.split('\n').map((line) => {
    const trimmed = line.trim();
    if (/^replace\s*\($/.test(trimmed)) inReplace = true;
    else if (inReplace && trimmed === ')') inReplace = false;
    if (!inReplace && !trimmed.startsWith('replace ')) return line;
    const match = RELATIVE.exec(line);
    if (!match || !required.has(match[2]!)) return line;
    const [, lead, module, , arrow, folder, trailer] = match;
    pinned.push(`${module} => ${folder} became ${module} ${version}`);
    return `${lead}${module}${arrow}${module} ${version}${trailer}`;
  });
  return { goMod: lines.join('\n'), pinned };
}
