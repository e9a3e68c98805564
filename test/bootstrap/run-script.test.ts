import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { cniRelease } from '../../src/components/table';
import { renderEnvironment } from '../../src/synth/render';
import { runbookSteps } from '../../src/bootstrap/steps';
import { handoverPlan } from '../../src/components/handover';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';
import { fiveServersTwoPlanned, modify, singleServer, threeServers, resolveK3s } from '../fixtures/environments';

// The generated run.sh is run for real: shellcheck over it, its dry run, its guards, and its
// kubeconfig step against stand-ins for ssh (no host is ever contacted).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'run-script-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Writes an environment's rendered tree under `<root>/clusters/<env>/` and returns its bootstrap folder. */
function writeTree(spec: EnvironmentSpec, root = path.join(scratch, spec.name)): string {
  for (const [rel, text] of renderEnvironment(resolveK3s(spec))) {
    const file = path.join(root, 'clusters', spec.name, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return path.join(root, 'clusters', spec.name, 'bootstrap');
}

function run(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('bash', ['run.sh', ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: path.join(scratch, 'home'), ...env } });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const fleet = [dev, mgmt, prod, threeServers, singleServer, fiveServersTwoPlanned] as EnvironmentSpec[];

describe('bootstrap/run.sh', () => {
  it.each(fleet.map((s) => [s.name, s] as const))('%s: passes shellcheck', (_name, spec) => {
    const dir = writeTree(spec);
    const check = spawnSync('shellcheck', ['run.sh'], { cwd: dir, encoding: 'utf8' });
    // CI installs shellcheck (.ci/run); a missing binary is a failure, never a skip.
    expect(check.error, 'shellcheck is not installed (apt-get install shellcheck)').toBeUndefined();
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it.each(fleet.map((s) => [s.name, s] as const))('%s: --dry-run prints every step of the README, in order, with every command line', (_name, spec) => {
    const dir = writeTree(spec);
    const { code, out, err } = run(dir, ['--dry-run', '--allow-planned']);
    expect(err).toBe('');
    expect(code).toBe(0);
    const book = runbookSteps(resolveK3s(spec), cniRelease(resolveK3s(spec)), handoverPlan(resolveK3s(spec)));
    const readme = fs.readFileSync(path.join(dir, 'README.md'), 'utf8');
    const printed = out.split('\n').filter((l) => l.startsWith('+ ')).map((l) => l.slice(2));
    expect(printed).toEqual(book.steps.flatMap((s) => s.commands));
    for (const command of printed) expect(readme).toContain(command);
    const headings = out.split('\n').filter((l) => l.startsWith('== '));
    expect(headings).toEqual(book.steps.map((s, i) => `== ${i + 1}. ${s.title} (on ${s.where})`));
    // Nothing was run: no tool installed, no kubeconfig written.
    expect(fs.existsSync(path.join(scratch, 'home', '.kube'))).toBe(false);
  });

  it('covers a cold build from empty hosts to a reconciling Flux, each step on the right host', () => {
    const titles = runbookSteps(resolveK3s(dev), cniRelease(resolveK3s(dev))).steps.map((s) => `${s.title} @ ${s.where}`);
    expect(titles).toEqual([
      'Workstation tools @ workstation',
      "Move the old module's VMs to keyed addresses @ workstation",
      'Wait for cloud-init on every VM @ k3s-dev-1, k3s-dev-2, k3s-dev-3',
      'k3s on the founder, k3s-dev-1 (192.168.1.50) @ k3s-dev-1',
      'Wait until the VIP 192.168.1.49 answers on 6443 @ workstation',
      'Kubeconfig ~/.kube/dev.kubeconfig (context dev) @ workstation',
      'Cilium 1.20.0 (Gateway API CRDs first) @ workstation',
      'Join k3s-dev-2 (192.168.1.51) @ k3s-dev-2',
      'Join k3s-dev-3 (192.168.1.52) @ k3s-dev-3',
      'Verify @ workstation',
      'Keep the server token, encrypted, in secrets/dev/ @ k3s-dev-1, then workstation',
      'Flux, through flux-operator @ workstation',
      'Verify the cluster against the tree @ workstation',
    ]);
  });

  it('refuses the cold build of an environment whose servers are still planned, unless told', () => {
    const dir = writeTree(prod);
    const refused = run(dir, ['--dry-run']);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('prod has planned servers (k3s-prod-2, k3s-prod-3)');
    expect(refused.out).toBe('');
    expect(run(dir, ['--dry-run', '--allow-planned']).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toContain('> **Not yet.** prod has planned servers');
  });

  it('lists, resumes and runs single steps by number; rejects what it does not know', () => {
    const dir = writeTree(dev);
    const listed = run(dir, ['--list']);
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')[0]).toBe(' 1. Workstation tools (on workstation)');
    const only = run(dir, ['--dry-run', '--only', '5']).out;
    expect(only.split('\n').filter((l) => l.startsWith('== '))).toEqual(['== 5. Wait until the VIP 192.168.1.49 answers on 6443 (on workstation)']);
    const from = run(dir, ['--dry-run', '--from', '10']).out;
    expect(from.split('\n').filter((l) => l.startsWith('== ')).map((l) => l.split('.')[0])).toEqual(['== 10', '== 11', '== 12', '== 13']);
    expect(run(dir, ['--frob']).code).toBe(2);
    expect(run(dir, ['--only', 'x']).code).toBe(2);
    // A step number the book does not have is refused, not a run of nothing that says done.
    const beyond = run(dir, ['--only', '99']);
    expect([beyond.code, beyond.err.trim()]).toEqual([2, '--only 99: the steps are 1-13 (bash run.sh --list)']);
  });

  it.each([dev, prod].map((s) => [s.name, s] as const))('%s: --help names every option run.sh accepts', (_name, spec) => {
    const dir = writeTree(spec);
    const script = fs.readFileSync(path.join(dir, 'run.sh'), 'utf8');
    const accepted = [...script.matchAll(/^ {4}(--[a-z-]+)(?: \| (--[a-z-]+))?\)/gm)].flatMap((m) => m.slice(1).filter((o) => o !== undefined));
    expect(accepted).toContain('--allow-planned');
    const help = run(dir, ['--help']);
    // Asked for, the usage is the answer: on stdout, so `bash run.sh --help | less` shows it.
    expect([help.code, help.err]).toEqual([0, '']);
    expect(help.out.startsWith('Usage: bash run.sh ')).toBe(true);
    expect(accepted.filter((option) => !help.out.includes(`[${option}`))).toEqual([]);
    // The script's header says the same.
    expect(script).toContain(`# The same steps as README.md in this folder. ${help.out.trim()}`);
    // After a mistake it goes to stderr, with the error.
    const wrong = run(dir, ['--frob']);
    expect([wrong.code, wrong.out, wrong.err]).toEqual([2, '', `unknown option: --frob\n${help.out}`]);
  });

  it('reaches servers through the NAT targets the model gives, and VMs as their cloud-init user', () => {
    const prodCommands = runbookSteps(resolveK3s(prod), cniRelease(resolveK3s(prod))).steps.flatMap((s) => s.commands).join('\n');
    expect(prodCommands).toContain('-p 2251 192.168.2.102 ');
    expect(prodCommands).not.toMatch(/ssh [^|]*192\.168\.2\.10[ ']/);
    const devCommands = runbookSteps(resolveK3s(dev), cniRelease(resolveK3s(dev))).steps.flatMap((s) => s.commands).join('\n');
    expect(devCommands).toContain('-p 22 ubuntu@192.168.1.51 ');
  });

  it('references only files the tree has, and the age key where secrets init writes it', () => {
    const root = path.join(scratch, 'refs');
    const dir = writeTree(mgmt, root);
    const commands = runbookSteps(resolveK3s(mgmt), undefined, handoverPlan(resolveK3s(mgmt))).steps.flatMap((s) => s.commands);
    const files = commands.flatMap((c) => [...c.matchAll(/(?:< |-f |--values |age\.agekey=)([\w./-]+)/g)].map((m) => m[1]!)).filter((f) => !f.startsWith('http') && f !== '-');
    expect(files).toEqual(expect.arrayContaining(['nodes/lab-mgmt/config.yaml', 'flux-instance.yaml', '../../../.age/mgmt.agekey']));
    for (const file of files.filter((f) => !f.includes('.agekey'))) expect(fs.existsSync(path.join(dir, file)), file).toBe(true);
    expect(path.resolve(dir, '../../../.age/mgmt.agekey')).toBe(path.join(root, '.age', 'mgmt.agekey'));
  });

  describe('the kubeconfig step, against a stand-in ssh', () => {
    // `ssh … 'sudo cat /etc/rancher/k3s/k3s.yaml'` prints what k3s writes there; ssh is never really run.
    const K3S_YAML = [
      'apiVersion: v1',
      'clusters:',
      '- cluster:',
      '    certificate-authority-data: LS0tLS1CRUdJTg==',
      '    server: https://127.0.0.1:6443',
      '  name: default',
      'contexts:',
      '- context:',
      '    cluster: default',
      '    user: default',
      '  name: default',
      'current-context: default',
      'kind: Config',
      'preferences: {}',
      'users:',
      '- name: default',
      '  user:',
      '    client-certificate-data: LS0tLS1CRUdJTg==',
      '',
    ].join('\n');
    const bin = path.join(scratch, 'bin');
    fs.mkdirSync(bin, { recursive: true });
    fs.writeFileSync(path.join(bin, 'ssh'), `#!/usr/bin/env bash\necho "$*" >> "${path.join(scratch, 'ssh.log')}"\ncat <<'EOF'\n${K3S_YAML}EOF\n`, { mode: 0o755 });
    // The real kubectl reads and merges the files (`config …`); the cluster it would ask answers ok.
    const kubectl = spawnSync('bash', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim();
    fs.writeFileSync(path.join(bin, 'kubectl'), `#!/usr/bin/env bash\nif [[ " $* " == *" config "* ]]; then exec ${kubectl} "$@"; fi\necho ok\n`, { mode: 0o755 });
    const stepOf = (spec: EnvironmentSpec) => String(runbookSteps(resolveK3s(spec), cniRelease(resolveK3s(spec)), handoverPlan(resolveK3s(spec))).steps.findIndex((s) => s.title.startsWith('Kubeconfig')) + 1);
    const runStep = (spec: EnvironmentSpec, home: string) => {
      const dir = writeTree(spec, path.join(scratch, `kube-${spec.name}`));
      return run(dir, ['--only', stepOf(spec), '--allow-planned'], { PATH: `${bin}:${process.env.PATH}`, HOME: home });
    };

    it('writes the renamed kubeconfig, pointed at the steady-state endpoint, mode 0600', () => {
      const home = path.join(scratch, 'home-kube');
      const result = runStep(mgmt, home);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      const file = path.join(home, '.kube', 'mgmt.kubeconfig');
      const text = fs.readFileSync(file, 'utf8');
      expect(text).toContain('    server: https://192.168.4.21:6443\n');
      expect(text).not.toContain('default');
      expect(text.match(/lab-mgmt/g)).toHaveLength(6);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(path.join(scratch, 'ssh.log'), 'utf8')).toContain('-p 22 ubuntu@192.168.4.21 sudo cat /etc/rancher/k3s/k3s.yaml');
      // Running it again changes nothing.
      expect(runStep(mgmt, home).code).toBe(0);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    });

    it("never overwrites another cluster's kubeconfig", () => {
      const home = path.join(scratch, 'home-other');
      const file = path.join(home, '.kube', 'dev.kubeconfig');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'clusters:\n- cluster:\n    server: https://192.168.2.9:6443\n  name: dev\n');
      const result = runStep(dev, home);
      expect(kubectl, 'kubectl is not installed (apt-get install kubernetes-client)').not.toBe('');
      expect(result.code).not.toBe(0);
      expect(result.err).toBe(`${file} holds more than this environment's cluster, context and user dev at https://192.168.1.49:6443, and the runbook writes this file whole; move it away first, or merge into it (kubeconfig.file and kubeconfig.merge: true). It holds:\n  cluster dev https://192.168.2.9:6443\n`);
      expect(fs.readFileSync(file, 'utf8')).toContain('192.168.2.9');
      expect(fs.existsSync(`${file}.new`)).toBe(false);
    });

    // A kubeconfig the user shares with other tools: two clusters of theirs, one naming its CA by a relative file.
    const SHARED = [
      'apiVersion: v1',
      'clusters:',
      '- cluster:',
      '    certificate-authority: ca/work.crt',
      '    server: https://work.example:6443',
      '  name: work',
      '- cluster:',
      '    server: https://kind.local:6443',
      '  name: kind',
      'contexts:',
      '- context:',
      '    cluster: work',
      '    namespace: team',
      '    user: work',
      '  name: work',
      '- context:',
      '    cluster: kind',
      '    user: kind',
      '  name: kind',
      'current-context: work',
      'kind: Config',
      'preferences: {}',
      'users:',
      '- name: work',
      '  user:',
      '    token: work-token',
      '- name: kind',
      '  user:',
      '    token: kind-token',
      '',
    ].join('\n');
    const merging = modify(mgmt as EnvironmentSpec, (e) => { e.kubeconfig = { context: 'lab-mgmt', file: '~/.kube/config', merge: true }; });
    const view = (file: string, jsonpath: string) => spawnSync(kubectl, ['--kubeconfig', file, 'config', 'view', '--raw', '-o', `jsonpath=${jsonpath}`], { encoding: 'utf8' }).stdout;

    it('refuses the default file when it holds another context as well, and leaves it as it was', () => {
      const home = path.join(scratch, 'home-default-shared');
      const file = path.join(home, '.kube', 'mgmt.kubeconfig');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, SHARED);
      const result = runStep(mgmt, home);
      expect(result.code).not.toBe(0);
      expect(result.err).toContain('It holds:\n  cluster kind https://kind.local:6443\n  cluster work https://work.example:6443\n  context kind\n  context work\n  user kind\n  user work\n');
      expect(fs.readFileSync(file, 'utf8')).toBe(SHARED);
    });

    it('with kubeconfig.merge, merges into a shared file: the other contexts and their credentials stay, mode 0600, current-context switched and the old one named', () => {
      const home = path.join(scratch, 'home-merge');
      const file = path.join(home, '.kube', 'config');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, SHARED, { mode: 0o644 });
      const result = runStep(merging, home);
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      expect(result.out.split('\n')).toContain('current-context is now lab-mgmt, was work (kubectl config use-context work switches back)');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(view(file, '{.contexts[*].name}')).toBe('kind lab-mgmt work');
      expect(view(file, '{range .clusters[*]}{.name}={.cluster.server},{.cluster.certificate-authority} {end}')).toBe('kind=https://kind.local:6443, lab-mgmt=https://192.168.4.21:6443, work=https://work.example:6443,ca/work.crt ');
      expect(view(file, '{.users[*].user.token}')).toBe('kind-token work-token');
      expect(view(file, '{.contexts[?(@.name=="work")].context.namespace}')).toBe('team');
      expect(view(file, '{.current-context}')).toBe('lab-mgmt');
      expect(fs.readdirSync(path.dirname(file))).toEqual(['config']);
      // Once more: this environment's entries are replaced, nothing else moves.
      const once = fs.readFileSync(file, 'utf8');
      const again = runStep(merging, home);
      expect(again.code).toBe(0);
      expect(again.out.split('\n').filter((l) => l.startsWith('current-context'))).toEqual([]);
      expect(fs.readFileSync(file, 'utf8')).toBe(once);
    });

    it('with kubeconfig.merge, writes a file that does not exist yet', () => {
      const home = path.join(scratch, 'home-merge-new');
      const result = runStep(merging, home);
      expect(result.code).toBe(0);
      expect(view(path.join(home, '.kube', 'config'), '{.contexts[*].name}')).toBe('lab-mgmt');
    });

    it("with kubeconfig.merge, refuses a file whose cluster of this name is another server's", () => {
      const home = path.join(scratch, 'home-merge-clash');
      const file = path.join(home, '.kube', 'config');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const clash = SHARED.replace('name: kind', 'name: lab-mgmt');
      fs.writeFileSync(file, clash);
      const result = runStep(merging, home);
      expect(result.code).not.toBe(0);
      expect(result.err).toBe(`${file} has a cluster lab-mgmt at https://kind.local:6443, not https://192.168.4.21:6443: merging would replace it; delete it (kubectl config delete-cluster lab-mgmt) or give this environment another kubeconfig.context\n`);
      expect(fs.readFileSync(file, 'utf8')).toBe(clash);
    });
  });

  it('hands a bootstrapped Flux over to flux-operator without letting Flux prune itself', () => {
    const spec = modify(threeServers, (e) => { e.flux.bootstrapped = true; });
    const flux = runbookSteps(resolveK3s(spec), cniRelease(resolveK3s(spec)), handoverPlan(resolveK3s(spec))).steps.find((s) => s.title.startsWith('Flux'))!;
    expect(flux.title).toBe('Flux: hand the bootstrapped Flux over to flux-operator');
    expect(flux.commands).toEqual(expect.arrayContaining([
      'kubectl annotate --overwrite -f ../kubernetes/flux-system/gotk-components.yaml kustomize.toolkit.fluxcd.io/prune=disabled',
      'kubectl -n flux-system annotate --overwrite gitrepository/flux-system kustomization/flux-system kustomize.toolkit.fluxcd.io/prune=disabled',
    ]));
    // The instance exists before the annotations, and the annotations before the commit that drops the files.
    expect(flux.commands.findIndex((c) => c.includes('fluxinstance/flux'))).toBeLessThan(flux.commands.findIndex((c) => c.includes('annotate')));
  });
});
