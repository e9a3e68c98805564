import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The documentation site lives in a workspace of its own (docs/package.json): VitePress needs vite 5
// and the suite vite 8, and a user installing the tool needs neither. These keep the two apart.
const repo = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8');
const root = JSON.parse(read('package.json')) as { scripts: Record<string, string>; files: string[]; dependencies: Record<string, string>; devDependencies: Record<string, string>; workspaces?: unknown };
const docs = JSON.parse(read('docs/package.json')) as { private: boolean; type: string; scripts: Record<string, string>; devDependencies: Record<string, string>; dependencies?: unknown };

describe('the docs workspace', () => {
  it('is private, pins its dependencies exactly and keeps them out of the root package', () => {
    expect(docs).toMatchObject({ private: true, type: 'module' });
    expect(docs.dependencies).toBeUndefined();
    for (const [name, version] of Object.entries(docs.devDependencies)) expect(`${name}@${version}`).toMatch(/@\d+\.\d+\.\d+$/);
    expect(docs.devDependencies).toMatchObject({ vitepress: '1.6.4', 'puppeteer-core': expect.any(String) });
    expect(root.workspaces).toBeUndefined();
    for (const name of ['vitepress', 'puppeteer-core', 'markdown-it']) {
      expect(root.dependencies[name]).toBeUndefined();
      expect(root.devDependencies[name]).toBeUndefined();
    }
  });

  it("is reached from the root by scripts only, and its test is not the root's", () => {
    expect(root.scripts).toMatchObject({ 'docs:dev': 'npm --prefix docs run dev', 'docs:build': 'npm --prefix docs run build', 'docs:check': 'npm --prefix docs run check' });
    expect(root.scripts.test).not.toContain('docs');
    expect(docs.scripts.check).toBe('vitepress build . && node check/main.mjs');
  });

  it("stays out of the root's typecheck, tests and tarball; its build and caches out of git", () => {
    const tsconfig = JSON.parse(read('tsconfig.json')) as { include: string[] };
    expect(tsconfig.include.filter((p) => p.startsWith('docs'))).toEqual([]);
    expect(read('vitest.config.ts')).toContain("include: ['test/**/*.test.ts']");
    // What the tarball takes from docs/ is Markdown pages, never the workspace's files.
    for (const entry of root.files.filter((f) => f.startsWith('docs'))) expect(entry).toMatch(/\.md$/);
    const ignored = read('.gitignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'docs/.vitepress/dist/', 'docs/.vitepress/cache/']));
  });

  it('is installed and checked in CI after the suites', () => {
    const ci = read('.ci/run').split('\n');
    const at = (line: string) => ci.indexOf(line);
    expect(ci).toContain('command -v chromium >/dev/null || need+=(chromium)');
    for (const suite of ['npm test', '.ci/node-matrix', 'npm run test:release']) {
      expect(at(suite)).toBeGreaterThan(0);
      expect(at('npm ci --prefix docs --no-audit --no-fund')).toBeGreaterThan(at(suite));
    }
    expect(at('npm --prefix docs test')).toBeGreaterThan(at('npm ci --prefix docs --no-audit --no-fund'));
    expect(at('npm run docs:check')).toBeGreaterThan(at('npm --prefix docs test'));
  });
});
