import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../architecture/layers';
import { prose, repo } from './markdown-files';

// The pages that say where the code is name its paths in backticks; each must exist, or the page
// sends a contributor to a file that moved.
const PAGES = ['CONTRIBUTING.md', 'docs/design/architecture.md'];
/** A fleet's folders (the example fleet is a user's data: no test reads it) and what a run writes. */
const NOT_CHECKED = /^(environments|secrets|clusters|reports|dist)\//;

/** The paths a page names: backticked words with a slash, or a file name with an extension (placeholders `<name>` aside). */
export function namedPaths(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((word) => !word.startsWith('-') && (word.includes('/') || /^[\w.-]+\.(ts|mts|mjs|json|md|ya?ml)$/.test(word)));
}

/** Whether a path exists, each `<placeholder>` standing for any name and `*` for any part of one. */
export function exists(root: string, named: string): boolean {
  const segments = named.replace(/\/$/, '').split('/');
  const matches = (dir: string, rest: readonly string[]): boolean => {
    if (rest.length === 0) return true;
    const [head, ...tail] = rest;
    if (!/[<*]/.test(head!)) return fs.existsSync(path.join(dir, head!)) && matches(path.join(dir, head!), tail);
    if (head === '**') return false;
    const pattern = new RegExp(`^${head!.split(/(<[^>]+>|\*)/).map((part) => (/^(<[^>]+>|\*)$/.test(part) ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
    return fs.existsSync(dir) && fs.statSync(dir).isDirectory() && fs.readdirSync(dir).some((entry) => pattern.test(entry) && matches(path.join(dir, entry), tail));
  };
  return matches(root, segments);
}

describe('the paths the contributor pages name', () => {
  it.each(PAGES)('exist: %s', (page) => {
    const named = namedPaths(fs.readFileSync(path.join(repo, page), 'utf8')).filter((p) => !NOT_CHECKED.test(p) && !p.includes('**'));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((p) => !exists(repo, p))).toEqual([]);
  });

  it('fails when a page names a file that is not there, or a placeholder no folder fills', () => {
    const page = 'The entry is `src/components/<name>/index.ts`, the table `src/components/tables.ts`, the rules `src/components/<name>/rule.ts`; run `npm test`.';
    expect(namedPaths(page)).toEqual(['src/components/<name>/index.ts', 'src/components/tables.ts', 'src/components/<name>/rule.ts']);
    expect(namedPaths(page).filter((p) => !exists(repo, p))).toEqual(['src/components/tables.ts', 'src/components/<name>/rule.ts']);
  });

  it('read no path inside a code block', () => {
    expect(namedPaths('```sh\n`src/nowhere.ts`\n```\n')).toEqual([]);
  });
});

describe('the architecture page', () => {
  it('lists the folders of src/ in the order of their layers, bottom first', () => {
    const page = fs.readFileSync(path.join(repo, 'docs/design/architecture.md'), 'utf8');
    const rows = [...page.matchAll(/^\| (`src\/[^|]+) \|/gm)].flatMap((m) => [...m[1]!.matchAll(/`src\/([\w-]+)(?:\.ts|\/)`/g)].map((f) => f[1]!));
    expect(rows).toEqual(LAYERS.map(([folder]) => folder));
  });
});
