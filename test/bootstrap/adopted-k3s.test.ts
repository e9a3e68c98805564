import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { K3S_INSTALLER_URL } from '../../src/bootstrap/step';
import { runbookSteps } from '../../src/bootstrap/steps';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolveK3s } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';

// mgmt's k3s step on its adopted VM, run as run.sh runs each line (bash -euo pipefail -c) against
// stand-ins: ssh runs the remote command here, sudo runs it as is, k3s reports $FAKE_K3S, curl's
// install script and systemctl write what they are asked to $FAKE_LOG. The node's /etc is a
// scratch folder's: the commands' paths are moved there, nothing else is changed.

const PIN = 'v1.35.8+k3s1';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'adopted-k3s-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const STANDINS: Record<string, string> = {
  ssh: 'exec bash -c "${@: -1}"',
  sudo: 'exec env "$@"',
  k3s: '[ -n "$FAKE_K3S" ] || exit 127; echo "k3s version $FAKE_K3S (0123abcd)"; echo "go version go1.24.4"',
  systemctl: 'case "$1" in cat) exit 0 ;; show) echo "{ path=/usr/local/bin/k3s ; argv[]=/usr/local/bin/k3s server --disable traefik ; ignore_errors=no }" ;; *) echo "systemctl $*" >> "$FAKE_LOG" ;; esac',
  // The installer the install line downloads (to the file after -sfLo), and a checksum that passes.
  curl: 'echo \'echo "install $INSTALL_K3S_VERSION $*" >> "$FAKE_LOG"\' > "$2"',
  sha256sum: 'cat > /dev/null',
};

const founderStep = (spec: EnvironmentSpec) => runbookSteps(resolveK3s(spec)).steps.find((s) => s.title.startsWith('k3s on the founder'))!;

/** A node with the earlier install's files, and a bootstrap folder with this tree's config. */
function node(running: string, config: string) {
  const root = fs.mkdtempSync(path.join(scratch, 'node-'));
  const bin = path.join(root, 'bin');
  fs.mkdirSync(bin);
  for (const [name, body] of Object.entries(STANDINS)) fs.writeFileSync(path.join(bin, name), `#!/bin/bash\n${body}\n`, { mode: 0o755 });
  fs.mkdirSync(path.join(root, 'etc/rancher/k3s'), { recursive: true });
  fs.mkdirSync(path.join(root, 'etc/systemd/system'), { recursive: true });
  fs.writeFileSync(path.join(root, 'etc/rancher/k3s/config.yaml'), config);
  fs.writeFileSync(path.join(root, 'etc/systemd/system/k3s.service'), 'ExecStart=/usr/local/bin/k3s server --disable traefik\n');
  fs.mkdirSync(path.join(root, 'bootstrap/nodes/lab-mgmt'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bootstrap/nodes/lab-mgmt/config.yaml'), 'write-kubeconfig-mode: "0600"\n');
  const run = () => {
    let out = '';
    for (const command of founderStep(mgmt as EnvironmentSpec).commands.slice(0, -1)) {
      const r = spawnSync('bash', ['-euo', 'pipefail', '-c', command.replaceAll(' /etc/', ` ${root}/etc/`)], {
        cwd: path.join(root, 'bootstrap'),
        encoding: 'utf8',
        env: { PATH: `${bin}:/usr/bin:/bin`, FAKE_K3S: running, FAKE_LOG: path.join(root, 'log') },
      });
      out += r.stdout + r.stderr;
      if (r.status !== 0) return { code: r.status, out };
    }
    return { code: 0, out };
  };
  const read = (file: string) => (fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : undefined);
  return { run, read, log: () => read('log') ?? '' };
}

describe("k3s on an adopted node (mgmt's founder)", () => {
  it('keeps the earlier config and unit once, shows the diff and the unit, and skips the install at the pinned version (no restart for an unchanged config)', () => {
    const n = node(PIN, 'write-kubeconfig-mode: "0600"\n');
    const first = n.run();
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/kept \S*\/etc\/rancher\/k3s\/config\.yaml as \S*\/etc\/rancher\/k3s\/config\.yaml\.before-adoption\n/);
    expect(first.out).toContain('k3s.service runs: /usr/local/bin/k3s server --disable traefik');
    expect(first.out).toContain(`lab-mgmt runs k3s ${PIN}, the pinned version: install skipped (the binary and k3s.service stay as they are)`);
    expect(first.out).toContain('config.yaml is unchanged: k3s not restarted');
    expect(n.log()).toBe('');
    expect(n.read('etc/rancher/k3s/config.yaml.before-adoption')).toBe('write-kubeconfig-mode: "0600"\n');
    expect(n.read('etc/systemd/system/k3s.service.before-adoption')).toBe('ExecStart=/usr/local/bin/k3s server --disable traefik\n');
  });

  it('at the pin with another config: shows the difference, writes the config, restarts k3s, installs nothing; a second run keeps the first backup', () => {
    const n = node(PIN, 'disable: [traefik]\n');
    const first = n.run();
    expect(first.code).toBe(0);
    expect(first.out).toContain('--- /etc/rancher/k3s/config.yaml (on lab-mgmt)\n+++ nodes/lab-mgmt/config.yaml (this tree)\n@@ -1 +1 @@\n-disable: [traefik]\n+write-kubeconfig-mode: "0600"\n');
    expect(first.out).toContain('config.yaml changed: k3s restarted');
    expect(n.log()).toBe('systemctl restart k3s\n');
    expect(n.read('etc/rancher/k3s/config.yaml')).toBe('write-kubeconfig-mode: "0600"\n');
    expect(n.run().code).toBe(0);
    expect(n.read('etc/rancher/k3s/config.yaml.before-adoption')).toBe('disable: [traefik]\n');
  });

  it('installs the pin over an older k3s (or none)', () => {
    for (const running of ['v1.34.9+k3s1', '']) {
      const n = node(running, 'disable: [traefik]\n');
      const r = n.run();
      expect(r.code).toBe(0);
      expect(r.out).toContain(`older than the pin: installing ${PIN}`);
      expect(n.log()).toBe(`install ${PIN} server\n`);
      expect(n.read('etc/rancher/k3s/config.yaml')).toBe('write-kubeconfig-mode: "0600"\n');
    }
  });

  it('fails when the node runs a newer k3s than the pin: nothing installed, the config left as it was', () => {
    const n = node('v1.36.1+k3s1', 'disable: [traefik]\n');
    const r = n.run();
    expect(r.code).toBe(1);
    expect(r.out).toContain(`lab-mgmt runs k3s v1.36.1+k3s1, newer than the pin ${PIN}: nothing installed (k3s does not downgrade); pin k3s.version to v1.36.1+k3s1`);
    expect(n.log()).toBe('');
    expect(n.read('etc/rancher/k3s/config.yaml')).toBe('disable: [traefik]\n');
  });

  it('leaves a node the stack creates to the plain install', () => {
    const commands = runbookSteps(resolveK3s(dev)).steps.find((s) => s.title.startsWith('k3s on the founder'))!.commands;
    expect(commands.join('\n')).not.toContain('before-adoption');
    expect(commands.filter((c) => c.includes(K3S_INSTALLER_URL))).toHaveLength(1);
  });
});
