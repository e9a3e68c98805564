import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SecretsUsageError, secretsCommand } from '../../src/secrets/commands';
import { synthCommand } from '../../src/synth/commands';
import { modify, threeServers } from '../fixtures/environments';

// An environment's folders are clusters/<name>/ and secrets/<name>/: a name that is not an
// environment name (`../decoy`, `a/b`) must make no reader walk a folder outside them. The scratch
// repository holds a decoy beside secrets/ and one nested below it; neither may be read.

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'folders-'));
  for (const rel of ['decoy/leak.sops.yaml', 'secrets/a/b/leak.sops.yaml', 'secrets/decoy/leak.sops.yaml']) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), 'apiVersion: v1\nkind: Secret\n');
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Every folder and file a call reads below the scratch repository, relative to it. */
function readsOf(call: () => unknown): string[] {
  const read: string[] = [];
  const record = (p: fs.PathLike) => { const rel = path.relative(root, String(p)); if (!rel.startsWith('..') && rel !== '') read.push(rel.split(path.sep).join('/')); };
  const [readdir, readFile] = [fs.readdirSync, fs.readFileSync];
  vi.spyOn(fs, 'readdirSync').mockImplementation(((p: fs.PathLike, o?: unknown) => { record(p); return (readdir as any)(p, o); }) as typeof fs.readdirSync);
  vi.spyOn(fs, 'readFileSync').mockImplementation(((p: fs.PathLike, o?: unknown) => { if (typeof p !== 'number') record(p as fs.PathLike); return (readFile as any)(p, o); }) as typeof fs.readFileSync);
  call();
  vi.restoreAllMocks();
  return read;
}

describe("an invalid environment name reads nothing outside the environment's folders", () => {
  it.each(['../decoy', 'a/b', '..'])('synth of an environment named %j reads no decoy and reports the name', (name) => {
    const spec = modify(threeServers, (e) => { e.name = name; });
    let result: ReturnType<typeof synthCommand> | undefined;
    const read = readsOf(() => { result = synthCommand({ root, environments: [spec] }); });
    expect(read.filter((p) => p.includes('leak') || p.startsWith('decoy') || p.startsWith('secrets/a'))).toEqual([]);
    expect(result!.exitCode).toBe(1);
    expect(result!.stderr).toContain('[environment.invalid-name]');
    expect(result!.stderr).not.toContain('leak');
  });

  it('synth of a valid name reads its own secrets/<env>/ (the guard is the name, not every read)', () => {
    const read = readsOf(() => synthCommand({ root, environments: [modify(threeServers, (e) => { e.name = 'decoy'; })] }));
    expect(read).toContain('secrets/decoy/leak.sops.yaml');
    expect(read.filter((p) => p.startsWith('decoy') || p.startsWith('secrets/a'))).toEqual([]);
  });

  it('secrets refuses an environment whose name is no environment name, before reading or writing its folder', async () => {
    const spec = modify(threeServers, (e) => { e.name = '../decoy'; });
    const ctx = { root, environments: [spec], vars: {}, now: () => new Date('2026-11-30T12:00:00Z'), readStdin: () => '' };
    await expect(secretsCommand(['check', '--env', '../decoy'], ctx)).rejects.toThrow(SecretsUsageError);
    await expect(secretsCommand(['check', '--env', '../decoy'], ctx)).rejects.toThrow('"../decoy" is not an environment name (lowercase letters, digits and hyphens), so secrets/../decoy/ is not read or written; fix the environment\'s name first (npm run synth names it)');
    expect(fs.readdirSync(path.join(root, 'decoy'))).toEqual(['leak.sops.yaml']);
  });
});
