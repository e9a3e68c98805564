import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAnswers } from '../../src/init/answers';
import { fleetFiles } from '../../src/init/fleet-files';
import { defaultToolSpec } from '../../src/init/tool-spec';
import { startingSpec } from '../../src/init/starting-spec';

const repo = path.resolve(import.meta.dirname, '../..');
/** The bin as `npm run` runs it here: dist/, which the suite's global set-up builds (from source under tsx, each start took about 2.7 s against 0.6 s). */
const BIN = path.join(repo, 'dist/cli.js');
const scratch: string[] = [];
const tmp = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};
afterEach(() => { for (const dir of scratch.splice(0)) fs.rmSync(dir, { recursive: true, force: true }); });

const PINS = { tool: '0.2.0', peers: { cdk8s: '2.70.106' }, typescript: '5.9.3', node: '^20.19.0', k3s: 'v1.36.4+k3s1' };

describe('init answers', () => {
  it('defaults to three servers behind a VIP in one subnet, all derived from the answers given', () => {
    const { answers, errors } = parseAnswers({ name: 'lab', subnet: '10.9.8.0/24' }, '/tmp/my-fleet', '0.2.0');
    expect(errors).toEqual([]);
    expect(answers).toMatchObject({
      name: 'lab',
      domain: 'lab.home.arpa',
      gateway: '10.9.8.1',
      dns: ['10.9.8.1'],
      vip: '10.9.8.10',
      nodes: [{ name: 'lab-1', ip: '10.9.8.11' }, { name: 'lab-2', ip: '10.9.8.12' }, { name: 'lab-3', ip: '10.9.8.13' }],
      infrastructure: 'bare-metal',
      fluxUrl: 'https://git.example.com/ops/my-fleet.git',
      tool: '0.2.0',
    });
  });

  it('reports every wrong answer at once, each with the option, the value and the fix', () => {
    const { answers, errors } = parseAnswers(
      { name: 'Lab-1', subnet: '10.9.8.0/24', gateway: '10.9.9.1', nodes: 'a=10.9.8.11,b=10.9.8.12', vip: '10.9.8.11', infrastructure: 'vmware', 'ssh-key': 'not a key', 'flux-url': 'git@forge:x.git' },
      '/tmp/f',
      '0.2.0',
    );
    expect(answers).toBeUndefined();
    expect(errors.map((e) => [e.option, e.value])).toEqual([
      ['--name', 'Lab-1'],
      ['--gateway', '10.9.9.1'],
      ['--nodes', 'a=10.9.8.11,b=10.9.8.12'],
      ['--vip', '10.9.8.11'],
      ['--infrastructure', 'vmware'],
      ['--ssh-key', 'not a key'],
      ['--ssh-key', 'not a key'],
      ['--flux-url', 'git@forge:x.git'],
    ]);
    for (const e of errors) expect(e.fix.length, e.option).toBeGreaterThan(5);
    expect(errors.find((e) => e.option === '--nodes')).toMatchObject({ message: 'lists 2 servers: embedded etcd needs 2 of 2 up, so they tolerate 0 failures, as 1 server does', fix: 'give 1 or 3 servers' });
    expect(errors.find((e) => e.option === '--vip')!.message).toContain('the address of a node');
  });
});

describe('init answers derived from a wrong one', () => {
  it('are not reported again: only the wrong answer is', () => {
    expect(parseAnswers({ subnet: '10.0.0.0/33' }, '/tmp/f', '0.2.0').errors.map((e) => e.option)).toEqual(['--subnet']);
    expect(parseAnswers({ name: 'Dev_1' }, '/tmp/f', '0.2.0').errors.map((e) => e.option)).toEqual(['--name']);
    // Given explicitly, they are judged as given.
    expect(parseAnswers({ subnet: '10.0.0.0/33', gateway: 'x' }, '/tmp/f', '0.2.0').errors.map((e) => e.option)).toEqual(['--subnet', '--gateway']);
  });

  it('never repeat a private key given for --ssh-key, and name a key file that does not exist', () => {
    const secret = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
    const [e] = parseAnswers({ infrastructure: 'libvirt', 'ssh-key': secret }, '/tmp/f', '0.2.0').errors;
    expect(e).toMatchObject({ option: '--ssh-key', value: '(a private key, not shown)', message: 'is a private key; the VMs need the public half' });
    expect(JSON.stringify(parseAnswers({ 'ssh-key': secret }, '/tmp/f', '0.2.0').errors)).not.toContain('b3BlbnNzaC1rZXkt');
    expect(parseAnswers({ infrastructure: 'libvirt', 'ssh-key': './nope.pub' }, '/tmp/f', '0.2.0').errors[0]!.message).toBe('names no file here, and is no OpenSSH public key either');
  });

  it('refuse for --ssh-key what synth refuses (vm.ssh-key-invalid), showing only its start', () => {
    const [e] = parseAnswers({ infrastructure: 'libvirt', 'ssh-key': 'ssh-rsa AAAAC3NzaC1lZDI1NTE5AAAAIInitTestInitTestInitTestInitTestInitTestIn0 me' }, '/tmp/f', '0.2.0').errors;
    expect(e).toMatchObject({ option: '--ssh-key', value: 'ssh-rsa AAAA…', message: 'is not an OpenSSH public key: its key data is a key of type ssh-ed25519, not ssh-rsa' });
  });

  it('propose the nearest choice for a misspelt one', () => {
    const [e] = parseAnswers({ infrastructure: 'libvrt' }, '/tmp/f', '0.2.0').errors;
    expect(e).toMatchObject({ option: '--infrastructure', message: 'is not one of bare-metal, libvirt; did you mean libvirt?' });
    expect(e!.fix).toMatch(/^use libvirt /);
  });

  it('keep Longhorn within the servers of a one-server fleet', () => {
    const one = parseAnswers({ nodes: 'solo=192.168.10.11' }, '/tmp/f', '0.2.0').answers!;
    expect(fleetFiles(one, PINS).get('environments/dev.ts')).toContain('longhorn: { replicas: 1 },');
    expect(fleetFiles(parseAnswers({}, '/tmp/f', '0.2.0').answers!, PINS).get('environments/dev.ts')).toContain('longhorn: {},');
  });
});

describe('the fleet files', () => {
  it('install a folder of the tool as a packed copy (one copy of each peer), never a tarball or a version', () => {
    const answers = parseAnswers({}, '/tmp/f', '0.2.0').answers!;
    expect(fleetFiles(answers, { ...PINS, tool: 'file:/src/k3s-gitops-synth' }).get('.npmrc')).toBe('install-links=true\n');
    expect(fleetFiles(answers, { ...PINS, tool: 'file:/tmp/k3s-gitops-synth-0.2.0.tgz' }).has('.npmrc')).toBe(false);
    expect(fleetFiles(answers, PINS).has('.npmrc')).toBe(false);
  });

  it('write the SSH keys file only for VMs, holding the key given', () => {
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIInitTestInitTestInitTestInitTestInitTestIn0 me';
    const vms = parseAnswers({ infrastructure: 'libvirt', 'ssh-key': key }, '/tmp/f', '0.2.0').answers!;
    expect(fleetFiles(vms, PINS).get('environments/ssh-keys.ts')).toContain(`'${key}'`);
    expect(fleetFiles(vms, PINS).get('environments/dev.ts')).toContain("access: { user: 'ubuntu', sshKeys }");
    expect(fleetFiles(parseAnswers({}, '/tmp/f', '0.2.0').answers!, PINS).has('environments/ssh-keys.ts')).toBe(false);
  });
});

describe('the --tool default', () => {
  function installed(resolved: string | undefined): string {
    const project = tmp('tool-spec-');
    const root = path.join(project, 'node_modules', 'k3s-gitops-synth');
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, 'package.json'), '{ "version": "9.9.9" }\n');
    const entry = resolved === undefined ? { version: '9.9.9' } : { version: '9.9.9', resolved };
    fs.writeFileSync(path.join(project, 'node_modules/.package-lock.json'), JSON.stringify({ packages: { 'node_modules/k3s-gitops-synth': entry } }));
    return root;
  }

  it('is the tarball the tool was installed from, as an absolute file: spec', () => {
    const root = installed('file:../k3s-gitops-synth-0.2.0.tgz');
    expect(defaultToolSpec(root)).toBe(`file:${path.resolve(root, '../../..', 'k3s-gitops-synth-0.2.0.tgz')}`);
  });

  it("is the running version when it came from a registry, and a git URL as npm recorded it", () => {
    expect(defaultToolSpec(installed('https://registry.npmjs.org/k3s-gitops-synth/-/k3s-gitops-synth-0.2.0.tgz'))).toMatch(/^\d+\.\d+\.\d+/);
    expect(defaultToolSpec(installed('git+ssh://git@forge/ops/k3s-gitops-synth.git#abc123'))).toBe('git+ssh://git@forge/ops/k3s-gitops-synth.git#abc123');
  });

  it('is the folder it runs from when no npm installed it (a checkout)', () => {
    expect(defaultToolSpec(repo)).toBe(`file:${repo}`);
  });
});

describe('init, the command', () => {
  const init = (...args: string[]) => spawnSync(process.execPath, ['--', BIN, 'init', ...args], { cwd: repo, encoding: 'utf8' });

  it('fails when the folder is not empty, naming what it holds, and writes nothing', () => {
    const dir = tmp('init-occupied-');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine\n');
    fs.mkdirSync(path.join(dir, 'docs'));
    const result = init(dir);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(`error ${dir}: not empty (docs, notes.txt); init writes into a new or empty folder\n    fix: init into a new or empty folder, or add --into-existing to write beside those files (init never overwrites one)\ninit: nothing was written\n`);
    expect(fs.readdirSync(dir).sort()).toEqual(['docs', 'notes.txt']);
  });

  it('writes into a folder holding only a git repository, and into an occupied one with --into-existing', () => {
    const gitOnly = tmp('init-git-');
    fs.mkdirSync(path.join(gitOnly, '.git'));
    const first = init(gitOnly);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.split('\n')[0]).toMatch(new RegExp(`^init: \\d+ files written into ${path.relative(repo, gitOnly).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(environment dev, tool `));
    const occupied = tmp('init-beside-');
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'mine\n');
    const beside = init(occupied, '--into-existing');
    expect(beside.status, beside.stderr).toBe(0);
    expect(fs.readFileSync(path.join(occupied, 'notes.txt'), 'utf8')).toBe('mine\n');
    expect(fs.existsSync(path.join(occupied, 'package.json'))).toBe(true);
  });

  it('writes nothing into a folder where any of its files exists, naming each', () => {
    const dir = tmp('init-clash-');
    fs.writeFileSync(path.join(dir, 'package.json'), '{}\n');
    fs.mkdirSync(path.join(dir, 'environments'));
    fs.writeFileSync(path.join(dir, 'environments/index.ts'), 'export const environments = [];\n');
    const result = init(dir, '--into-existing');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`error ${dir}/package.json: already exists; init never overwrites a file\n`);
    expect(result.stderr).toContain(`error ${dir}/environments/index.ts: already exists`);
    expect(result.stderr).toMatch(/init: nothing was written\n$/);
    expect(fs.readdirSync(dir).sort()).toEqual(['environments', 'package.json']);
  });

  it('refuses wrong answers with every error and writes nothing; a missing folder is a usage error', () => {
    const dir = path.join(tmp('init-bad-'), 'fleet');
    const result = init(dir, '--subnet', '10.0.0/24', '--name', 'Prod');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('error --name Prod: is not an environment name here');
    expect(result.stderr).toContain('error --subnet 10.0.0/24: is not an IPv4 subnet in CIDR form\n    fix: write it as 192.168.10.0/24');
    expect(fs.existsSync(dir)).toBe(false);
    const usage = init();
    expect([usage.status, usage.stderr.split('\n')[0]]).toEqual([2, 'init needs the folder to write the fleet into']);
  });

  it('fails when --tool names a git URL without its tag, and writes nothing', () => {
    const dir = path.join(tmp('init-tool-'), 'fleet');
    const result = init(dir, '--tool', 'github:ops/k3s-gitops-synth');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error --tool github:ops\/k3s-gitops-synth: names no tag: .*\n {4}fix: pin a release: github:ops\/k3s-gitops-synth#v\d+\.\d+\.\d+\n/);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('fails when --vendor and --tool are both given (the copy is of the running tool), as a usage error', () => {
    const dir = path.join(tmp('init-vendor-'), 'fleet');
    const result = init(dir, '--vendor', '--tool', '0.3.0');
    expect(result.status).toBe(2);
    expect(result.stderr.split('\n')[0]).toBe('--vendor copies the running tool into the fleet, --tool 0.3.0 names another: give one of them');
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('init on a terminal', () => {
  // `script` (util-linux) gives the command a terminal for its standard input and output.
  const onTerminal = (dir: string, typed: string) =>
    spawnSync('script', ['-qec', `${process.execPath} -- ${BIN} init ${dir} --subnet 10.7.0.0/24`, '/dev/null'], { cwd: repo, input: typed, encoding: 'utf8' });

  it('asks for each answer not given, offering the default that follows from those so far', () => {
    const dir = path.join(tmp('init-tty-'), 'fleet');
    const result = onTerminal(dir, 'lab\n\n\n\n\n\n\n\n\n\n');
    const out = result.stdout.replace(/\r/g, '');
    expect(out).toContain('name [dev]: domain [lab.home.arpa]: gateway [10.7.0.1]: ');
    expect(out).not.toContain('subnet [');
    expect(out).not.toContain('ssh-key');
    expect(fs.readFileSync(path.join(dir, 'environments/lab.ts'), 'utf8')).toContain("network: { subnet: '10.7.0.0/24', gateway: '10.7.0.1', dns: ['10.7.0.1'] },");
  });

  it('writes nothing when the input ends before every answer, and says which was left', () => {
    const dir = path.join(tmp('init-tty-eof-'), 'fleet');
    const out = onTerminal(dir, 'lab\n').stdout.replace(/\r/g, '');
    expect(out).toMatch(/init: the input ended before \w[\w-]* was answered; nothing was written/);
    expect(out).not.toMatch(/^\s+at /m);
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe('the environment init checks before it writes', () => {
  it.each([
    ['bare metal, three servers', {}],
    ['libvirt, one server', { infrastructure: 'libvirt', nodes: 'a=192.168.10.11', 'ssh-key': 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIInitTestInitTestInitTestInitTestInitTestIn0 me' }],
  ])('is the environment file init writes (%s), as data', async (_what, raw) => {
    const answers = parseAnswers(raw, '/tmp/f', '0.2.0').answers!;
    const dir = tmp('init-parity-');
    for (const [rel, text] of fleetFiles(answers, PINS)) if (rel.startsWith('environments/')) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    // The file's only import of the package is a type: gone once transpiled.
    const written = (await import(path.join(dir, 'environments', `${answers.name}.ts`)))[answers.name];
    expect(written).toEqual(startingSpec(answers, PINS.k3s));
  });

  it('refuses answers whose environment synth would refuse, naming the field, and writes nothing', () => {
    const dir = path.join(tmp('init-refused-'), 'fleet');
    const result = spawnSync(process.execPath, ['--', BIN, 'init', dir, '--subnet', '10.9.8.1/24', '--vip', '10.9.8.10', '--nodes', 'a=10.9.8.11,b=10.9.8.11,c=10.9.8.13'], { cwd: repo, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('[network.subnet-not-canonical]');
    expect(result.stderr).toContain('[node.duplicate-ip]');
    expect(result.stderr).toMatch(/init: the answers make an environment synth would refuse \(the fields above\); nothing was written\n$/);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
