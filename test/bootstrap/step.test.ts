import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { K3S_INSTALLER_URL, k3sInstall } from '../../src/bootstrap/step';
import { k3sInstaller } from '../../src/versions';
import { resolveK3s, threeServers } from '../fixtures/environments';

// The k3s install line run by bash as run.sh runs it, with curl writing a stand-in installer and
// sudo running it as is; sha256sum is the real one.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'k3s-install-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const INSTALLER = 'echo "installed $INSTALL_K3S_VERSION $*" >> "$FAKE_LOG"\n';

function run(line: string) {
  const dir = fs.mkdtempSync(path.join(scratch, 'node-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'curl'), `#!/bin/bash\nprintf '%s' '${INSTALLER}' > "$2"\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'sudo'), '#!/bin/bash\nexec env "$@"\n', { mode: 0o755 });
  const r = spawnSync('bash', ['-euo', 'pipefail', '-c', line], { cwd: dir, encoding: 'utf8', env: { PATH: `${bin}:/usr/bin:/bin`, FAKE_LOG: path.join(dir, 'log') } });
  const log = path.join(dir, 'log');
  return { code: r.status, out: r.stdout + r.stderr, log: fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '' };
}

describe('the k3s install line', () => {
  const env = resolveK3s(threeServers);
  const line = k3sInstall(env);

  it("downloads the pinned installer from k3s-io/k3s at its commit and checks its sha256 before it runs", () => {
    expect(K3S_INSTALLER_URL).toBe(`https://raw.githubusercontent.com/k3s-io/k3s/${k3sInstaller.commit}/install.sh`);
    expect(line).toBe(`curl -sfLo k3s-install.sh ${K3S_INSTALLER_URL} && echo '${k3sInstaller.sha256}  k3s-install.sh' | sha256sum -c --quiet - && sudo INSTALL_K3S_VERSION=${env.k3s.version} sh k3s-install.sh server`);
    expect(k3sInstaller.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("fails when the installer's checksum differs, and installs nothing", () => {
    const r = run(line);
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('FAILED');
    expect(r.log).toBe('');
  });

  it('runs the installer at the pinned release when the checksum matches', () => {
    const own = crypto.createHash('sha256').update(INSTALLER).digest('hex');
    const r = run(line.replace(k3sInstaller.sha256, own));
    expect(r.code, r.out).toBe(0);
    expect(r.log).toBe(`installed ${env.k3s.version} server\n`);
  });
});
