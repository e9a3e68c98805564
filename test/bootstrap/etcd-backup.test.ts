import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCommands, etcdBackupSteps, keepServerToken } from '../../src/bootstrap/etcd-backup';
import { runbookSteps } from '../../src/bootstrap/steps';
import { generateIdentity } from '../../src/secrets/age-keys';
import { secretsCommand } from '../../src/secrets/commands';
import { readTree } from '../../src/synth/tree';
import type { EnvironmentSpec } from '../../src/model/environment';
import { modify, resolveK3s, singleServer } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';

// Backups leave the servers: the snapshot to the workstation's backups/<env>/, the server token
// into secrets/<env>/ through a pipe. The token's lines run for real, against stand-ins for ssh
// (a node folder) and npm (the tool's own secrets command).

const repo = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'K10deadbeefcafe::server:n0t-a-real-t0ken';
const book = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec));
const lines = (spec: EnvironmentSpec) => {
  const b = book(spec);
  return [...b.steps, ...b.dayTwo].flatMap((s) => s.commands);
};

describe('what the runbook keeps off the servers', () => {
  it('keeps the token after the cold build verifies, before Flux, on every etcd environment and none on sqlite', () => {
    const titles = book(dev).steps.map((s) => s.title);
    expect(titles.indexOf('Keep the server token, encrypted, in secrets/dev/')).toBe(titles.indexOf('Verify') + 1);
    expect(book(prod).steps.map((s) => s.title)).toContain('Keep the server token, encrypted, in secrets/prod/');
    expect(book(mgmt).steps.map((s) => s.title).filter((t) => t.startsWith('Keep the server token'))).toEqual([]);
    expect(book(mgmt).dayTwo.map((s) => s.title).filter((t) => /etcd/.test(t))).toEqual([]);
  });

  it('copies every snapshot it takes to the git-ignored backups/<env>/ and keeps the token with it', () => {
    for (const spec of [dev, prod]) {
      const all = lines(spec);
      const saves = all.filter((l) => l.includes('etcd-snapshot save'));
      expect(saves.length, spec.name).toBeGreaterThan(0);
      for (const save of saves) {
        const i = all.indexOf(save);
        expect(all[i - 1], spec.name).toContain(`check-ignore -q backups/${spec.name}/`);
        expect(all[i + 1], spec.name).toContain(`> "../../../backups/${spec.name}/\${snapshot##*/}.part"`);
        expect(all[i + 2], spec.name).toBe(keepServerToken(resolveK3s(spec)));
      }
    }
    expect(backupCommands(resolveK3s(prod), 'on-demand')[2]).toContain("'sudo sh -c '\\''ls -1t /data/k3s/server/db/snapshots/on-demand-* | head -n 1'\\'''");
  });

  it('sends the token read on a server only into another server or into secrets set, never to the terminal or a file', () => {
    for (const spec of [dev, prod, singleServer]) {
      for (const line of lines(spec).filter((l) => l.includes('/server/token'))) {
        expect(line, line).toMatch(/\| (ssh .*'sudo install -D -m 0600 \/dev\/stdin \/etc\/rancher\/k3s\/cluster-token'|\(cd \.\.\/\.\.\/\.\. && npm run --silent secrets -- set \S+ kube-system\/k3s-server-token --env-file -\)\))$/);
      }
    }
  });

  it('restores on the founder with the snapshot and the token, then has the other servers join it again', () => {
    const restore = etcdBackupSteps(resolveK3s(dev)).find((s) => s.title.startsWith('Restore etcd'))!.commands;
    const at = (part: string) => restore.findIndex((l) => l.includes(part));
    expect(at("ubuntu@192.168.1.51 'sudo systemctl stop k3s'")).toBeLessThan(at('--cluster-reset'));
    expect(at("ubuntu@192.168.1.50 'sudo systemctl stop k3s'")).toBeLessThan(at('--cluster-reset'));
    expect(restore[at('--cluster-reset')]).toContain("'sudo k3s server --cluster-reset --cluster-reset-restore-path=/var/lib/rancher/k3s-restore/etcd.db --token-file=/var/lib/rancher/k3s-restore/token'");
    expect(at('secrets -- show dev kube-system/k3s-server-token')).toBeLessThan(at('--cluster-reset'));
    expect(at("ubuntu@192.168.1.51 'sudo rm -rf /var/lib/rancher/k3s/server/db && sudo systemctl start k3s'")).toBeGreaterThan(at("ubuntu@192.168.1.50 'sudo systemctl start k3s'"));
    expect(restore.at(-1)).toContain("'sudo rm -rf /var/lib/rancher/k3s-restore'");
  });
});

describe('the token, through pipes only', () => {
  let root: string;
  let node: string;
  let bin: string;
  const shell = (command: string) => {
    const result = spawnSync('bash', ['-c', command], { cwd: path.join(root, 'clusters/dev/bootstrap'), encoding: 'utf8', env: { PATH: `${bin}:${process.env.PATH}`, HOME: root, NODE_DIR: node } });
    return { code: result.status, out: result.stdout + result.stderr };
  };
  /** Every file under `dir` whose bytes hold the token in plaintext. */
  const holding = (dir: string) => [...readTree(dir)].filter(([, text]) => text.includes(TOKEN)).map(([rel]) => rel);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'etcd-backup-'));
    node = path.join(root, 'node');
    bin = path.join(root, 'bin');
    fs.mkdirSync(path.join(root, 'clusters/dev/bootstrap'), { recursive: true });
    fs.mkdirSync(path.join(node, 'var/lib/rancher/k3s/server'), { recursive: true });
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(node, 'var/lib/rancher/k3s/server/token'), `${TOKEN}\n`);
    // dev with an age key of its own: secrets set refuses the public demo key.
    const { identity, recipient } = await generateIdentity();
    fs.mkdirSync(path.join(root, '.age'));
    fs.writeFileSync(path.join(root, '.age/dev.agekey'), `${identity}\n`);
    fs.writeFileSync(path.join(root, 'environments.ts'), `import { dev } from ${JSON.stringify(path.join(repo, 'test/fixtures/fleet/dev.ts'))};\nexport const environments = [{ ...dev, sops: { ageRecipients: [${JSON.stringify(recipient)}] } }];\n`);
    // ssh runs the remote command on the node folder: absolute paths moved under it, sudo a no-op.
    fs.writeFileSync(path.join(bin, 'ssh'), '#!/usr/bin/env bash\ncmd="${@: -1}"\ncmd="${cmd//\\/var\\/lib\\//$NODE_DIR/var/lib/}"\nsudo() { "$@"; }\nexport -f sudo\nexec bash -c "$cmd"\n', { mode: 0o755 });
    // npm run --silent secrets -- … is the tool's secrets command, on this scratch fleet.
    fs.writeFileSync(path.join(bin, 'npm'), `#!/usr/bin/env bash\n[ "$1 $2 $3 $4" = "run --silent secrets --" ] || exit 97\nshift 4\nexec ${process.execPath} --import ${pathToFileURL(path.join(repo, 'node_modules/tsx/dist/loader.mjs')).href} -- ${path.join(repo, 'src/secrets/main.ts')} "$@" --root "$PWD" --environments ${path.join(root, 'environments.ts')}\n`, { mode: 0o755 });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes the token into its SOPS source without printing it or leaving it in plaintext on the workstation', async () => {
    const kept = shell(keepServerToken(resolveK3s(dev)));
    expect(kept.out).toContain('secrets/dev/kube-system.k3s-server-token.sops.yaml: 1 value(s) set (token)');
    expect(kept.code).toBe(0);
    expect(kept.out).not.toContain(TOKEN);
    expect(kept.out).not.toContain('declare it in the environment');
    expect(holding(root).filter((rel) => !rel.startsWith('node/'))).toEqual([]);
    const environments = [modify(dev, (e) => { e.sops = { ageRecipients: [] }; })];
    const shown = await secretsCommand(['show', 'dev', 'kube-system/k3s-server-token'], { root, environments, vars: {}, now: () => new Date(), readStdin: () => '' });
    expect(Buffer.from(/token: (\S+)/.exec(shown.stdout)![1]!, 'base64').toString()).toBe(TOKEN);
  });

  it('leaves the file byte for byte when the token is unchanged', () => {
    const file = path.join(root, 'secrets/dev/kube-system.k3s-server-token.sops.yaml');
    const before = fs.readFileSync(file, 'utf8');
    expect(shell(keepServerToken(resolveK3s(dev))).code).toBe(0);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it('fails when the founder gives no token, and keeps the one kept before', () => {
    const file = path.join(root, 'secrets/dev/kube-system.k3s-server-token.sops.yaml');
    const before = fs.readFileSync(file, 'utf8');
    fs.renameSync(path.join(node, 'var/lib/rancher/k3s/server/token'), path.join(node, 'token.aside'));
    try {
      expect(shell(keepServerToken(resolveK3s(dev))).code).not.toBe(0);
    } finally {
      fs.renameSync(path.join(node, 'token.aside'), path.join(node, 'var/lib/rancher/k3s/server/token'));
    }
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });

  it("hands the restore the token on the founder, root's alone, and nowhere on the workstation", () => {
    const restore = etcdBackupSteps(resolveK3s(dev)).find((s) => s.title.startsWith('Restore etcd'))!.commands;
    const line = restore.find((l) => l.includes('kube-system/k3s-server-token'))!;
    const ran = shell(line);
    expect(ran.out).toBe('');
    expect(ran.code).toBe(0);
    expect(fs.readFileSync(path.join(node, 'var/lib/rancher/k3s-restore/token'), 'utf8')).toBe(TOKEN);
    expect(fs.statSync(path.join(node, 'var/lib/rancher/k3s-restore/token')).mode & 0o777).toBe(0o600);
    expect(holding(root).filter((rel) => !rel.startsWith('node/'))).toEqual([]);
  });
});
