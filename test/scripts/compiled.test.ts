import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// This repository's npm scripts run the compiled bin in dist/ through scripts/run.mjs, which
// rebuilds it when a bundled source changed (an installed package ships dist/ built: see
// test/package/). Tried on a copy of the sources, so the repository's dist/ is untouched.
const repo = path.resolve(import.meta.dirname, '../..');
let copy: string;

const run = (...args: string[]) => spawnSync(process.execPath, ['--', 'scripts/run.mjs', ...args], { cwd: copy, encoding: 'utf8' });
const built = () => fs.statSync(path.join(copy, 'dist/cli.js')).mtimeMs;

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-'));
  // schemas/compat: the compatibility data the build bundles (src/model/compatibility.ts).
  for (const item of ['src', 'scripts', 'schemas/compat', 'package.json', 'package-lock.json']) fs.cpSync(path.join(repo, item), path.join(copy, item), { recursive: true });
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('the compiled entry point', () => {
  it('builds dist/ on first use, then runs it as it is while no source changes', () => {
    const first = run('synth', '--help');
    expect(first.stderr).toBe('');
    expect(first.stdout).toContain('usage: npm run synth -- ');
    const stamp = JSON.parse(fs.readFileSync(path.join(copy, 'dist/build.json'), 'utf8')) as { inputs: Record<string, string> };
    // The lock file stands for the bundled dependencies: an install that changes one rebuilds.
    expect(Object.keys(stamp.inputs)).toEqual(expect.arrayContaining(['src/cli/main.ts', 'src/cli/synth.ts', 'src/versions.ts', 'src/synth/render.ts', 'package-lock.json']));
    expect(Object.keys(stamp.inputs).some((f) => f.includes('node_modules'))).toBe(false);
    // A fleet's environments are loaded when the bin runs, never bundled: editing one needs no build.
    expect(Object.keys(stamp.inputs).some((f) => f.startsWith('environments/'))).toBe(false);
    const at = built();
    expect(run('synth', '--help').status).toBe(0);
    expect(built()).toBe(at);
  });

  it('bundles the dependencies but the construct libraries and tsx, which it loads from the fleet', () => {
    run('synth', '--help');
    const code = fs.readdirSync(path.join(copy, 'dist')).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(copy, 'dist', f), 'utf8')).join('\n');
    // Bundled: no require of them at run time. Peers: required, never inside.
    expect(code).toMatch(/^\/\/ \S*node_modules\/zod\//m);
    for (const peer of ['cdk8s', 'cdk8s-plus-31', 'constructs']) {
      expect(code, peer).not.toMatch(new RegExp(`^// \\S*node_modules/${peer}/`, 'm'));
      expect(code, peer).toMatch(new RegExp(`(require\\(|from )"${peer}"`));
    }
    // What no command reaches is left out, replaced by a module that names itself if it ever runs.
    expect(code).not.toMatch(/\/\/ node_modules\/(cdktf\/node_modules\/)?archiver\//);
    expect(code).toContain('archiver is left out of dist/ (scripts/build.mjs UNUSED)');
    // zod's translations are left out (ZOD_LOCALES); English, the messages it writes, stays.
    expect(code).toMatch(/^\/\/ \S*node_modules\/zod\/v4\/locales\/en\.js$/m);
    expect(code).not.toMatch(/^\/\/ \S*node_modules\/zod\/v4\/locales\/(?!en\.js)\S+$/m);
    // The bin runs with `node --`: Node 20 would take a later `--env-file` as its own option.
    expect(fs.readFileSync(path.join(copy, 'dist/cli.js'), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env -S node --');
  });

  it("npm pack's prepare (and a git install's) builds only a stale dist/, so a pack beside running commands leaves their bundles alone", () => {
    run('synth', '--help');
    const at = built();
    const pack = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: copy, encoding: 'utf8' });
    expect(pack.stdout).toBe('dist/: up to date\n');
    expect(built()).toBe(at);
    const scripts = (JSON.parse(fs.readFileSync(path.join(copy, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.prepare).toBe('node scripts/build.mjs --if-stale && node scripts/types.mjs');
  });

  it('rebuilds when a bundled source changes, so dist/ is never stale', () => {
    run('check', '--help');
    const at = built();
    // The help text lives with the option definitions the bin bundles.
    const file = path.join(copy, 'src/command-line/command-options.ts');
    const source = fs.readFileSync(file, 'utf8');
    expect(source).toContain('only this environment; repeat for several');
    fs.writeFileSync(file, source.replace('only this environment; repeat for several', 'only this environment (edited); repeat for several'));
    const after = run('check', '--help');
    expect(after.stdout).toContain('only this environment (edited)');
    expect(built()).not.toBe(at);
  });

  it("loads a user's TypeScript environments as they are now, and points an error at its line", () => {
    fs.mkdirSync(path.join(copy, 'scratch'), { recursive: true });
    fs.writeFileSync(path.join(copy, 'scratch/envs.ts'), "export const environments = [];\nconst broken: number = ;\n");
    const result = run('check', '--environments', 'scratch/envs.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^scratch\/envs\.ts could not be loaded: scratch\/envs\.ts:2:\d+: ERROR: /);
    expect(result.stderr).not.toContain('    at ');
  });

  it("points a user's environment that throws at the line it throws from", () => {
    fs.mkdirSync(path.join(copy, 'scratch'), { recursive: true });
    fs.writeFileSync(path.join(copy, 'scratch/throws.ts'), "type T = { a: number };\nconst t: T = { a: 1 };\nif (t.a === 1) throw new Error('no subnet for lab');\nexport const environments = [];\n");
    const result = run('check', '--environments', 'scratch/throws.ts');
    expect(result.status).toBe(1);
    // Line 3 of the TypeScript source, not of the transpiled code (types removed).
    expect(result.stderr).toMatch(/^scratch\/throws\.ts could not be loaded: no subnet for lab \(at scratch\/throws\.ts:3:\d+\)\n$/);
  });

  it('loads an environments module that awaits at its top level (through the ESM loader)', () => {
    fs.mkdirSync(path.join(copy, 'scratch'), { recursive: true });
    fs.writeFileSync(path.join(copy, 'scratch/awaits.ts'), "const names: string[] = await Promise.resolve([]);\nexport const environments = names;\n");
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'awaits-'));
    const result = run('synth', '--environments', 'scratch/awaits.ts', '--root', root);
    fs.rmSync(root, { recursive: true, force: true });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('names an unknown command, with the usage, and exits 2', () => {
    const result = run('frob');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^k3s-gitops-synth: unknown command frob\nusage: k3s-gitops-synth <command>/);
  });
});

describe("the API's types for npm pack", () => {
  it('are emitted again only when src/, the compiler options or the lock file changed since they were', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'types-'));
    try {
      for (const item of ['src', 'scripts', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json']) fs.cpSync(path.join(repo, item), path.join(dir, item), { recursive: true });
      fs.symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
      fs.mkdirSync(path.join(dir, 'dist/types'), { recursive: true });
      const types = (await import(path.join(dir, 'scripts/types.mjs'))) as { stampTypes: () => void; typesFresh: () => boolean };
      expect(types.typesFresh()).toBe(false);
      types.stampTypes();
      expect(types.typesFresh()).toBe(true);
      // Fresh: the prepare script leaves what is there (a marker stands for the emitted files).
      fs.writeFileSync(path.join(dir, 'dist/types/marker.d.ts'), 'export {};\n');
      expect(spawnSync(process.execPath, ['scripts/types.mjs'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
      expect(fs.existsSync(path.join(dir, 'dist/types/marker.d.ts'))).toBe(true);
      for (const file of ['src/versions.ts', 'tsconfig.build.json', 'package-lock.json']) {
        const before = fs.readFileSync(path.join(dir, file), 'utf8');
        fs.writeFileSync(path.join(dir, file), `${before}\n`);
        expect(types.typesFresh(), file).toBe(false);
        fs.writeFileSync(path.join(dir, file), before);
        expect(types.typesFresh(), file).toBe(true);
      }
      fs.writeFileSync(path.join(dir, 'src/new-module.ts'), 'export const added = 1;\n');
      expect(types.typesFresh()).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
