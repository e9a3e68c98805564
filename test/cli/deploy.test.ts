import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMUM_TERRAFORM } from '../../src/model/minimum-terraform';
import * as versions from '../../src/versions';

// The bin's deploy as a fleet runs it (dist/cli.js, built by the global set-up), from a fleet
// folder made here, against stand-in tofu/terraform scripts: no real terraform, no network.

const repo = path.resolve(import.meta.dirname, '../..');
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

/**
 * A stand-in tofu/terraform: appends each call to $FAKE_LOG (its name, the variables deploy sets,
 * whether $TMPDIR exists seen from -chdir, then its arguments, tab-separated), answers `version
 * -json` with $FAKE_VERSION and `show -json` with $FAKE_SHOW's content, and writes what init and
 * plan -out write. Only bash builtins: the PATH holds nothing else.
 */
const FAKE = `#!/bin/bash
for a in "$@"; do case $a in -chdir=*) cd "\${a#-chdir=}" || exit 9;; -out=*) : > "\${a#-out=}";; esac; done
tmp=no; [ -d "$TMPDIR" ] && tmp=yes
{ printf '%s\\tTMPDIR=%s\\tPLUGIN_UNIX_SOCKET_DIR=%s\\tCHECKPOINT_DISABLE=%s\\ttmp=%s' "\${0##*/}" "$TMPDIR" "$PLUGIN_UNIX_SOCKET_DIR" "$CHECKPOINT_DISABLE" "$tmp"; printf '\\t%s' "$@"; printf '\\n'; } >> "$FAKE_LOG"
case " $* " in
  *" version -json "*) printf '{"terraform_version":"%s","platform":"linux_amd64"}\\n' "\${FAKE_VERSION:-1.11.4}";;
  *" init "*) : > .terraform.lock.hcl;;
  *" show -json "*) printf '%s\\n' "$(<"$FAKE_SHOW")";;
esac
`;

const STACK = {
  terraform: { required_version: `>= ${MINIMUM_TERRAFORM}`, backend: { local: { path: '../../../.terraform-state/dev.tfstate' } } },
  locals: { nodes_by_name: { 'k3s-dev-1': { ip: '192.168.1.51' }, 'k3s-dev-2': { ip: '192.168.1.52' } } },
  resource: { libvirt_domain: { node: { for_each: '${local.nodes_by_name}', name: '${each.key}' } } },
};

/** What `show -json` of the plan says: one import, a create, an update, a replace, a data read. */
const PLAN = {
  format_version: '1.2',
  resource_changes: [
    { address: 'libvirt_domain.node["k3s-dev-1"]', change: { actions: ['no-op'], importing: { id: 'uuid-1' } } },
    { address: 'libvirt_domain.node["k3s-dev-2"]', change: { actions: ['create'] } },
    { address: 'libvirt_volume.os["k3s-dev-1"]', change: { actions: ['update'] } },
    { address: 'libvirt_cloudinit_disk.seed["k3s-dev-1"]', change: { actions: ['delete', 'create'] } },
    { address: 'data.libvirt_node_info.host', change: { actions: ['read'] } },
  ],
};

let scratch: string;
/** Folders to put on the PATH: both stand-ins, terraform's only, none. */
const bins = { both: '', terraform: '', none: '' };
/** What the bin's os.tmpdir() is: where go-plugin's sockets go. */
let socketDir: string;
let showFile: string;

beforeAll(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
  for (const [set, names] of [['both', ['tofu', 'terraform']], ['terraform', ['terraform']], ['none', []]] as const) {
    bins[set] = path.join(scratch, 'bin', set);
    fs.mkdirSync(bins[set], { recursive: true });
    for (const name of names) fs.writeFileSync(path.join(bins[set], name), FAKE, { mode: 0o755 });
  }
  socketDir = path.join(scratch, 'sockets');
  fs.mkdirSync(socketDir);
  showFile = path.join(scratch, 'plan.json');
  fs.writeFileSync(showFile, JSON.stringify(PLAN));
});
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A fleet's root by hand: dev and mgmt with a VM layer, prod bare metal (kubernetes/ only). */
function fleet(): string {
  const root = fs.mkdtempSync(path.join(scratch, 'fleet-'));
  for (const env of ['dev', 'mgmt']) {
    fs.mkdirSync(path.join(root, 'clusters', env, 'terraform'), { recursive: true });
    fs.writeFileSync(path.join(root, 'clusters', env, 'terraform/cdk.tf.json'), JSON.stringify(STACK));
  }
  fs.mkdirSync(path.join(root, 'clusters/prod/kubernetes'), { recursive: true });
  return root;
}

interface Call {
  readonly bin: string;
  readonly vars: Record<string, string>;
  readonly tmpExists: boolean;
  readonly args: string[];
}

/** `k3s-gitops-synth deploy <args>` in `root`, with only the stand-ins (or none) on the PATH. */
function deploy(root: string, args: readonly string[], { bin = bins.both, vars = {} }: { bin?: string; vars?: Record<string, string> } = {}) {
  const log = path.join(root, 'calls.log');
  fs.rmSync(log, { force: true });
  const result = spawnSync(process.execPath, ['--', path.join(repo, 'dist/cli.js'), 'deploy', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: bin, HOME: scratch, TMPDIR: socketDir, FAKE_LOG: log, FAKE_SHOW: showFile, ...vars },
  });
  const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trimEnd().split('\n') : [];
  const calls = lines.map((line): Call => {
    const [name, tmpdir, socket, checkpoint, tmp, ...rest] = line.split('\t');
    const vars = Object.fromEntries([tmpdir, socket, checkpoint].map((v) => [v!.slice(0, v!.indexOf('=')), v!.slice(v!.indexOf('=') + 1)]));
    return { bin: name!, vars, tmpExists: tmp === 'tmp=yes', args: rest };
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, calls };
}

/** deploy --expect stopped after the plan: its lines below the first, no apply. */
function expectStopped(run: ReturnType<typeof deploy>, lines: readonly string[]) {
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(['deploy dev: the plan is not the one expected; nothing was applied', ...lines, ''].join('\n'));
  expect(run.calls.map((c) => c.args[1])).toEqual(['version', 'init', 'plan', 'show']);
}

const CHDIR = '-chdir=clusters/dev/terraform';
const TARGET = '-target=libvirt_domain.node["k3s-dev-2"]';
const PLAN_FILE = '../../../.terraform-state/dev/deploy.tfplan';

describe('deploy', () => {
  it('says when the JSON it applies is not the committed one', () => {
    const root = fleet();
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: root });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'fleet');
    const gitDir = path.dirname(spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim());
    expect(deploy(root, ['dev', '--plan'], { bin: `${bins.both}:${gitDir}` }).stderr).not.toContain('not committed');
    fs.appendFileSync(path.join(root, 'clusters/dev/terraform/cdk.tf.json'), '\n');
    const run = deploy(root, ['dev', '--plan'], { bin: `${bins.both}:${gitDir}` });
    expect(run.stderr).toContain('deploy dev: clusters/dev/terraform/cdk.tf.json has changes not committed; applying the file as it is in the working tree');
    expect(run.code).toBe(0);
  });

  it('runs init, then apply with the extra args, with tofu from the PATH, its TMPDIR beside the state and the sockets in the system temp folder', () => {
    const root = fleet();
    const run = deploy(root, ['dev', '--', TARGET, '-parallelism=2']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.calls.map((c) => [c.bin, ...c.args])).toEqual([
      ['tofu', CHDIR, 'version', '-json'],
      ['tofu', CHDIR, 'init', '-input=false'],
      ['tofu', CHDIR, 'apply', TARGET, '-parallelism=2'],
    ]);
    for (const call of run.calls) {
      expect(call.vars).toEqual({ TMPDIR: '../../../.terraform-state/dev/scratch', PLUGIN_UNIX_SOCKET_DIR: socketDir, CHECKPOINT_DISABLE: '1' });
      expect(call.tmpExists).toBe(true);
    }
    expect(fs.statSync(path.join(root, '.terraform-state/dev/scratch')).isDirectory()).toBe(true);
    expect(run.stdout).toContain('deploy dev: init wrote clusters/dev/terraform/.terraform.lock.hcl (the providers\' checksums): commit it');

    // --plan: plan with the extra args, no apply; the lock file is there now, so no word of it.
    const planned = deploy(root, ['dev', '--plan', '--', TARGET]);
    expect(planned.code).toBe(0);
    expect(planned.calls.map((c) => c.args.slice(1))).toEqual([['version', '-json'], ['init', '-input=false'], ['plan', TARGET]]);
    expect(planned.stdout).not.toContain('lock.hcl');
  });

  it('takes --binary, else $TERRAFORM_BINARY_NAME, else tofu, else terraform', () => {
    const root = fleet();
    const first = (run: ReturnType<typeof deploy>) => [run.code, ...new Set(run.calls.map((c) => c.bin))];
    expect(first(deploy(root, ['dev', '--plan'], { bin: bins.terraform }))).toEqual([0, 'terraform']);
    expect(first(deploy(root, ['dev', '--plan'], { vars: { TERRAFORM_BINARY_NAME: 'terraform' } }))).toEqual([0, 'terraform']);
    expect(first(deploy(root, ['dev', '--plan', '--binary', 'tofu'], { vars: { TERRAFORM_BINARY_NAME: 'terraform' } }))).toEqual([0, 'tofu']);
    const missing = deploy(root, ['dev', '--binary', 'tofu'], { bin: bins.terraform });
    expect([missing.code, missing.stderr]).toEqual([2, 'tofu (--binary) is not on the PATH: install it, or name another with --binary tofu|terraform\n']);
  });

  it('fails when neither tofu nor terraform is on the PATH, with one line', () => {
    const root = fleet();
    const run = deploy(root, ['dev'], { bin: bins.none });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^neither tofu nor terraform is on the PATH: install OpenTofu \(.+\) or Terraform \(.+\), 1\.7\.0 or later\n$/);
  });

  it('fails when the binary is older than the JSON needs, naming both versions, and runs nothing else', () => {
    const root = fleet();
    const run = deploy(root, ['dev'], { vars: { FAKE_VERSION: '1.6.2' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`tofu 1.6.2 is older than ${MINIMUM_TERRAFORM}, the oldest that reads the generated JSON (its required_version): install OpenTofu or Terraform ${MINIMUM_TERRAFORM} or later\n`);
    expect(run.calls.map((c) => c.args.slice(1))).toEqual([['version', '-json']]);
  });

  it('fails when the environment has no terraform folder, listing those that have one, and writes nothing', () => {
    const root = fleet();
    const run = deploy(root, ['prod']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('prod has no clusters/prod/terraform/cdk.tf.json (the environments with one here: dev, mgmt)');
    expect(run.stderr).toContain('bare-metal');
    expect(run.stderr).toContain('npm run synth');
    expect(run.calls).toEqual([]);
    expect(fs.existsSync(path.join(root, '.terraform-state'))).toBe(false);
  });

  it('with --expect, applies the very plan it checked when the counts match (a replace counts as add and destroy)', () => {
    const root = fleet();
    const run = deploy(root, ['dev', '--expect', 'import=1,add=2,change=1,destroy=1', '--', TARGET]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.calls.map((c) => c.args.slice(1))).toEqual([
      ['version', '-json'],
      ['init', '-input=false'],
      ['plan', `-out=${PLAN_FILE}`, TARGET],
      ['show', '-json', PLAN_FILE],
      ['apply', PLAN_FILE],
    ]);
    expect(run.stdout).toContain('deploy dev: the plan is the one expected (import=1, add=2, change=1, destroy=1); applying it');
    // The plan file holds the state's values: gone once applied.
    expect(fs.readdirSync(path.join(root, '.terraform-state/dev'))).toEqual(['scratch']);
  });

  it('fails with --expect when the counts differ: expected and planned, the addresses of the kinds that differ, no apply', () => {
    const root = fleet();
    // A kind left out is not checked (add); destroy=0 is: the replaced seed is a destroy nobody expected.
    const run = deploy(root, ['dev', '--expect', 'import=1,change=1,destroy=0']);
    expectStopped(run, ['  expected import=1, change=1, destroy=0', '  planned  import=1, add=2, change=1, destroy=1', '  destroy: libvirt_cloudinit_disk.seed["k3s-dev-1"]']);
    expect(fs.existsSync(path.join(root, '.terraform-state/dev/deploy.tfplan'))).toBe(false);
  });

  it("fails with --expect change=0 when a domain is updated in place (each update stops its VM), naming Day 2's rolling procedure; no apply", () => {
    const root = fleet();
    const updated = path.join(root, 'plan.json');
    const same = { devices: { disks: [{ source: { volume: { pool: 'default', volume: 'k3s-dev-1-os.qcow2' } } }] } };
    fs.writeFileSync(updated, JSON.stringify({ resource_changes: [{ address: 'libvirt_domain.node["k3s-dev-1"]', type: 'libvirt_domain', change: { actions: ['update'], before: same, after: { ...same, features: { acpi: true } } } }] }));
    expectStopped(deploy(root, ['dev', '--expect', 'change=0,destroy=0'], { vars: { FAKE_SHOW: updated } }), [
      '  expected change=0, destroy=0',
      '  planned  import=0, add=0, change=1, destroy=0',
      '  change: libvirt_domain.node["k3s-dev-1"]',
      '  libvirt_domain.node["k3s-dev-1"]: each update stops its VM; apply them one server at a time, as bootstrap/README.md\'s Day 2 "A VM change that stops servers (sizing, hardware, a provider setting)" does',
    ]);
  });

  it('fails on an --expect it cannot read, naming the entry and the kinds, before running anything', () => {
    const root = fleet();
    for (const [expect_, wrong] of [['add=two', 'add=two is not <kind>=<count>'], ['add=1,grow=1', 'grow is not a kind'], ['add=1,add=2', 'add is given twice']]) {
      const run = deploy(root, ['dev', '--expect', expect_!]);
      expect(run.code).toBe(2);
      expect(run.stderr.split('\n')[0]).toBe(`--expect ${expect_}: ${wrong}; kinds are import, add, change, destroy, each at most once (one left out is not checked), e.g. --expect import=3,add=2,change=0,destroy=0`);
      expect(run.stderr).toContain('usage: npm run deploy -- <env>');
      expect(run.calls).toEqual([]);
    }
  });

  it('stops before any terraform call when the state has a finding, and writes nothing', () => {
    const root = fleet();
    fs.mkdirSync(path.join(root, '.terraform-state'));
    fs.writeFileSync(path.join(root, '.terraform-state/dev.tfstate'), JSON.stringify({ version: 3, serial: 1, modules: [] }));
    const run = deploy(root, ['dev']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^error \.terraform-state\/dev\.tfstate \[state\.unreadable\]: .*format version is 3, not 4\n {4}fix: .+\n/);
    expect(run.stderr).toContain('deploy dev: nothing was run; fix the state first (npm run deploy -- dev --inspect checks it again)');
    expect(run.calls).toEqual([]);
    expect(fs.readdirSync(path.join(root, '.terraform-state'))).toEqual(['dev.tfstate']);
  });

  it('with --inspect, only inspects the state: none, one to plan as it is, one with findings', () => {
    const root = fleet();
    const none = deploy(root, ['dev', '--inspect']);
    expect([none.code, none.stdout]).toEqual([0, 'no state at .terraform-state/dev.tfstate: the first plan creates everything (and imports what infrastructure.adopt lists)\n']);
    fs.mkdirSync(path.join(root, '.terraform-state'));
    const state = path.join(root, '.terraform-state/dev.tfstate');
    fs.writeFileSync(state, JSON.stringify({ version: 4, terraform_version: '1.11.4', serial: 1, lineage: 'l', outputs: {}, resources: [] }));
    const clean = deploy(root, ['dev', '--inspect']);
    expect([clean.code, clean.stdout]).toEqual([0, 'state .terraform-state/dev.tfstate can be planned as it is\n']);
    fs.writeFileSync(state, '{"version": 4,');
    const broken = deploy(root, ['dev', '--inspect']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('error .terraform-state/dev.tfstate [state.unreadable]: .terraform-state/dev.tfstate is not JSON');
    expect([...none.calls, ...clean.calls, ...broken.calls]).toEqual([]);
    expect(fs.readdirSync(path.join(root, '.terraform-state'))).toEqual(['dev.tfstate']);
  });

  it('answers --help with the usage, the CDK CLI way and the exit codes', () => {
    const run = deploy(fleet(), ['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^usage: npm run deploy -- <env> \[--inspect\] \[--plan\] \[--expect <counts>\]/);
    expect(run.stdout).toContain(`cdktf-cli@${versions.tools.cdktfCli.version} deploy <env>`);
    expect(run.stdout.replace(/\n +/g, ' ')).toMatch(/ exit 0: .*; other codes: terraform's own, when its plan or apply fails\n$/);
  });

  it("gives --help's -target example as a placeholder, never a node of the example fleet", () => {
    const usage = deploy(fleet(), ['--help']).stdout;
    expect(usage).toContain(`-- -target='libvirt_domain.node["<node>"]'`);
    expect(usage).toContain('proxmox_virtual_environment_vm.node["<node>"]');
    expect(usage).not.toMatch(/k3s-(dev|prod|mgmt)/);
  });

  it('fails on an unknown flag, or a terraform option before the --, with the usage and no stack trace', () => {
    const root = fleet();
    const unknown = deploy(root, ['dev', '--paln']);
    expect([unknown.code, unknown.stderr.split('\n')[0]]).toEqual([2, 'unknown option --paln; did you mean --plan?']);
    const early = deploy(root, ['dev', TARGET]);
    expect([early.code, early.stderr.split('\n')[0]]).toEqual([2, `${TARGET} is not an option of deploy; terraform's own go after a --: deploy <env> -- ${TARGET}`]);
    const bare = deploy(root, []);
    expect([bare.code, bare.stderr.split('\n')[0]]).toEqual([2, 'deploy needs the environment first: deploy <env>']);
    for (const run of [unknown, early, bare]) {
      expect(run.stderr).toContain('usage: npm run deploy -- <env>');
      expect(run.stderr).not.toMatch(STACK_FRAME);
      expect(run.calls).toEqual([]);
    }
  });
});
