import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_AGE_RECIPIENT, EXAMPLE_SSH_KEY_BODY } from '../../src/model/placeholders';
import { cloudImage } from '../../src/versions';
import { STACK_FRAME, commitAll, edit, git, npmRun, packedToolReady, removeScaffold, run, scaffold, write } from './scaffold';

// A user's whole path through the packed package: a fleet written by the installed bin's init,
// the four kinds of app added as its README says (a Helm chart, a cdk8s-plus-31 construct, a
// folder of manifests, a secret), then synth, check, validate, review and the fleet's own npm test.
let fleet: string;

const HELLO = `import * as kplus from 'cdk8s-plus-31';
import type { Construct } from 'constructs';

/** A web server and its Service, named by the tool's rule: hello-web, hello-web-service (the example of docs/guides/apps.md). */
export function hello(scope: Construct): void {
  const tmp = kplus.Volume.fromEmptyDir(scope, 'tmp', 'tmp');
  const web = new kplus.Deployment(scope, 'web', {
    containers: [{ image: 'nginxinc/nginx-unprivileged:1.27', portNumber: 8080, volumeMounts: [{ path: '/tmp', volume: tmp }] }],
  });
  web.exposeViaService({ ports: [{ port: 80, targetPort: 8080 }] });
}
`;

const LEGACY = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: legacy\n  namespace: legacy\ndata:\n  greeting: hello\n';

function addApps(dir: string): void {
  write(dir, 'apps/hello.ts', HELLO);
  write(dir, 'manifests/legacy/configmap.yaml', LEGACY);
  edit(dir, 'environments/versions.ts', (t) =>
    t.replace('export const apps = {} as const;', "export const apps = {\n  // renovate: datasource=docker depName=ghcr.io/stefanprodan/charts/podinfo\n  podinfo: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' },\n} as const;"),
  );
  edit(dir, 'environments/lab.ts', (t) =>
    t
      .replace("import * as pins from './versions';", "import * as pins from './versions';\nimport { versions } from 'k3s-gitops-synth';\nimport { hello } from '../apps/hello';")
      .replace(
        '  apps: [],',
        "  apps: [\n    { name: 'podinfo', layer: 'apps', helm: { ...pins.apps.podinfo, values: { replicaCount: 2, ui: { message: `cilium ${versions.charts.cilium.version}` } } } },\n    { name: 'hello', layer: 'apps', construct: hello },\n    { name: 'legacy', layer: 'apps', manifests: 'manifests/legacy' },\n  ],\n  secrets: [{ namespace: 'hello', name: 'db', keys: ['PASSWORD'] }],",
      )
      .replace("url: 'https://git.example.com/ops/fleet.git'", "url: 'https://git.lab.test/ops/fleet.git'"),
  );
}

beforeAll(async () => {
  await packedToolReady();
  fleet = scaffold('fleet-path-', ['--name', 'lab', '--subnet', '10.44.0.0/24', '--vip', '10.44.0.10']);
}, 300_000);
afterAll(() => removeScaffold(fleet));

describe('a fleet from the packed package', () => {
  it('is written by init with a copy of the tarball it came from in vendor/, and nothing of the example fleet', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(fleet, 'package.json'), 'utf8'));
    const { tarball, version } = inject('packedTool');
    // Relative, so npm ci installs it on any clone of the fleet.
    expect(pkg.devDependencies['k3s-gitops-synth']).toBe(`file:vendor/k3s-gitops-synth-${version}.tgz`);
    expect(fs.readFileSync(path.join(fleet, `vendor/k3s-gitops-synth-${version}.tgz`)).equals(fs.readFileSync(tarball))).toBe(true);
    // The fleet runs the tool: on the Node releases the tool is tested on (its own engines).
    expect(pkg.engines).toEqual(JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')).engines);
    expect(Object.keys(pkg.devDependencies).sort()).toEqual(['cdk8s', 'cdk8s-plus-31', 'constructs', 'k3s-gitops-synth', 'typescript']);
    for (const version of Object.values(pkg.devDependencies) as string[]) expect(version).toMatch(/^(file:|\d+\.\d+\.\d+$)/);
    const files = run(fleet, 'git', ['ls-files', '--others']).stdout.split('\n').filter((f) => f !== '' && f !== 'node_modules').sort();
    expect(files).toEqual(expect.arrayContaining(['environments/index.ts', 'environments/lab.ts', 'environments/versions.ts', 'environments/age-recipients.ts', '.github/workflows/fleet.yml', '.forgejo/workflows/fleet.yml', 'renovate.json', 'README.md', 'cdk8s.yaml', 'cdktf.json', 'tsconfig.json', '.gitignore']));
    const text = files.filter((f) => !f.endsWith('.gitkeep')).map((f) => fs.readFileSync(path.join(fleet, f), 'utf8')).join('\n');
    // The placeholders the tool knows (its example SSH key, the public demo recipient) and the
    // example's leftovers by field (an OIDC issuer, a count migration, an adoption).
    for (const leftover of [EXAMPLE_SSH_KEY_BODY, DEMO_AGE_RECIPIENT, 'oidc', 'migrateFromCount', 'adopt']) {
      expect(text, leftover).not.toContain(leftover);
    }
  });

  it('synthesizes as written, with the values that must be the user\'s flagged until set', () => {
    const synth = npmRun(fleet, 'synth');
    expect(synth.code, synth.stderr).toBe(0);
    expect(synth.stdout).toMatch(/^lab: \d+ added, 0 changed, 0 removed/m);
    expect(synth.stderr).toContain('warning lab.sops.ageRecipients [sops.recipients-unset]');
    expect(synth.stderr).toContain('warning lab.flux.url [flux.placeholder-url]');
    expect(fs.readFileSync(path.join(fleet, 'clusters/lab/synth-manifest.txt'), 'utf8')).toContain(`# Written by: k3s-gitops-synth ${inject('packedTool').version}\n`);
    // The fleet README's version table is synth's.
    expect(fs.readFileSync(path.join(fleet, 'README.md'), 'utf8')).toMatch(/\| k3s \| lab \| v\d+\.\d+\.\d+\+k3s\d+ \|/);
    commitAll(fleet, 'init');
  });

  it('takes a Helm app, a cdk8s-plus-31 construct, a manifests folder and a secret: synth, check, validate, review and npm test pass', () => {
    expect(npmRun(fleet, 'secrets', 'init', 'lab').code).toBe(0);
    addApps(fleet);
    // A value in the arguments is refused; the command the refusal names, run as written, takes it from stdin.
    const refused = npmRun(fleet, 'secrets', 'set', 'lab', 'hello/db', 'PASSWORD=correct-horse-battery');
    expect(refused.code).toBe(2);
    expect(`${refused.stdout}${refused.stderr}`).not.toContain('correct-horse-battery');
    expect(fs.existsSync(path.join(fleet, 'secrets/lab/hello.db.sops.yaml'))).toBe(false);
    const instead = /^ {4}fix: npm run secrets -- (.+) \(then type PASSWORD=…,/m.exec(refused.stderr)?.[1];
    expect(instead, refused.stderr).toBe('set lab hello/db --env-file -');
    const set = run(fleet, 'npm', ['run', '-s', 'secrets', '--', ...instead!.split(' ')], 'PASSWORD=correct-horse-battery\n');
    expect(set.code, set.stderr).toBe(0);

    const synth = npmRun(fleet, 'synth');
    expect(synth.code, synth.stderr).toBe(0);
    expect(`${synth.stdout}${synth.stderr}`).not.toMatch(STACK_FRAME);
    expect(synth.stderr).not.toContain('warning');
    const apps = path.join(fleet, 'clusters/lab/kubernetes/apps');
    // Objects made without a name: the app's name, then their own ids.
    expect(fs.readdirSync(path.join(apps, 'hello')).sort()).toEqual(['deployment.hello.hello-web.yaml', 'kustomization.yaml', 'service.hello.hello-web-service.yaml']);
    expect(fs.readFileSync(path.join(apps, 'hello/deployment.hello.hello-web.yaml'), 'utf8')).toContain('image: nginxinc/nginx-unprivileged:1.27');
    expect(fs.readFileSync(path.join(apps, 'legacy/configmap.yaml'), 'utf8')).toBe(LEGACY);
    // The environment read the tool's catalogue through the package's API at run time.
    expect(fs.readFileSync(path.join(apps, 'podinfo/helmrelease.podinfo.podinfo.yaml'), 'utf8')).toMatch(/message: cilium \d+\.\d+\.\d+\n/);
    expect(fs.readFileSync(path.join(apps, 'secrets/secret.hello.db.sops.yaml'), 'utf8')).toBe(fs.readFileSync(path.join(fleet, 'secrets/lab/hello.db.sops.yaml'), 'utf8'));

    const review = npmRun(fleet, 'review', '--base', 'HEAD');
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout).toContain('Compared with `HEAD`');
    expect(review.stdout).toMatch(/\| lab \| – \| – \| \+\d+ ~\d+ -0 \|/);
    // The fleet's own test script: typecheck (its environments and constructs against the package's types), check, validate.
    const test = run(fleet, 'npm', ['test']);
    expect(test.code, `${test.stdout}${test.stderr}`).toBe(0);
    expect(test.stdout).toContain('lab: up to date');
    expect(test.stdout).toContain('validate: all checks passed');
    // Synthesized twice, the tree is byte-identical: nothing to commit but the change itself.
    commitAll(fleet, 'apps');
    expect(npmRun(fleet, 'synth').code).toBe(0);
    expect(git(fleet, 'status', '--porcelain').stdout).toBe('');
  });

  it('warns of an environment file that environments/index.ts does not list, with the line that adds it, and stops once it is added', () => {
    write(fleet, 'environments/staging.ts', fs.readFileSync(path.join(fleet, 'environments/lab.ts'), 'utf8').replace('export const lab =', 'export const staging =').replace("name: 'lab',", "name: 'staging',"));
    const check = npmRun(fleet, 'check');
    expect(check.code, check.stderr).toBe(0);
    expect(check.stderr).toContain(
      "warning environments/staging.ts [fleet.unlisted-environment]: environments/staging.ts exports the environment staging (staging), which environments/index.ts does not list: nothing is written or checked for it\n" +
        "    fix: add the line import { staging } from './staging'; to environments/index.ts and staging to its environments list, or move staging.ts out of environments/",
    );
    expect(check.stdout).not.toContain('staging');
    // The fix as written: the line, and the name in the list.
    edit(fleet, 'environments/index.ts', (t) => `import { staging } from './staging';\n${t.replace('[lab]', '[lab, staging]')}`);
    const listed = npmRun(fleet, 'check');
    expect(listed.stderr).not.toContain('fleet.unlisted-environment');
    expect(`${listed.stdout}${listed.stderr}`).toContain('staging');
    fs.rmSync(path.join(fleet, 'environments/staging.ts'));
    git(fleet, 'checkout', '--', '.');
  });

  it('reports a construct that throws, or names two objects alike, as a violation of the app, never a stack trace', () => {
    write(fleet, 'apps/hello.ts', `${HELLO}\nexport function broken(scope: Construct): void {\n  throw new Error('no image for broken');\n}\n`);
    edit(fleet, 'environments/lab.ts', (t) => t.replace('import { hello }', 'import { broken, hello }').replace("construct: hello }", "construct: hello },\n    { name: 'twice', layer: 'apps', construct: (scope) => { new kplus.ConfigMap(scope, 'a', { metadata: { name: 'same' } }); new kplus.ConfigMap(scope, 'b', { metadata: { name: 'same' } }); } },\n    { name: 'broken', layer: 'apps', construct: broken }").replace("import type { EnvironmentSpec }", "import * as kplus from 'cdk8s-plus-31';\nimport type { EnvironmentSpec }"));
    const check = npmRun(fleet, 'check');
    expect(check.code).toBe(1);
    // Both apps' errors at once, each at its own app.
    expect(check.stderr).toMatch(/^error lab\.apps\[2\]\.construct \[app\.construct-failed\]: app twice: ConfigMap same is the name of both \S+\/twice\/app\/a\/Resource and \S+\/twice\/app\/b\/Resource/m);
    expect(check.stderr).toMatch(/^error lab\.apps\[3\]\.construct \[app\.construct-failed\]: app broken: its construct threw: no image for broken \(at apps\/hello\.ts:\d+:\d+\)/m);
    expect(`${check.stdout}${check.stderr}`).not.toMatch(STACK_FRAME);
    git(fleet, 'checkout', '--', '.');
  });

  it("fails check on a hand-edited app value, naming the field of environments/lab.ts that makes it", () => {
    edit(fleet, 'clusters/lab/kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml', (t) => t.replace('replicaCount: 2', 'replicaCount: 3'));
    const check = npmRun(fleet, 'check');
    expect(check.code).toBe(1);
    expect(check.stderr).toContain(
      'clusters/lab/kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml differs from what synth writes; spec.values is made from apps[0].helm.values: edit that field in environments/lab.ts, then run npm run synth (it overwrites an edit of the file itself)\n',
    );
    git(fleet, 'checkout', '--', '.');
  });

  it("records each VM's image, deploys the committed JSON with the operator's tofu, and runs cdktf's app from the fleet's cdktf.json: the same JSON synth writes", () => {
    const vms = scaffold('fleet-vms-', ['--name', 'vms', '--infrastructure', 'libvirt', '--ssh-key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFleetTestFleetTestFleetTestFleetTestFleetTe me@lab']);
    try {
      const synth = npmRun(vms, 'synth');
      expect(synth.code).toBe(0);
      // init records the serial each OS disk is built on, so a later serial rebuilds nothing.
      expect(`${synth.stdout}${synth.stderr}`).not.toContain('vm.image-unrecorded');
      const written = JSON.parse(fs.readFileSync(path.join(vms, 'clusters/vms/terraform/cdk.tf.json'), 'utf8'));
      const images = Object.values(written.locals.nodes_by_name).map((n: any) => n.image);
      expect(images.length).toBeGreaterThan(0);
      expect(images).toEqual(images.map(() => cloudImage.serial));
      // deploy through the installed bin, with a tofu of the operator's that records its calls.
      const fake = path.join(path.dirname(vms), 'bin');
      fs.mkdirSync(fake);
      fs.writeFileSync(path.join(fake, 'tofu'), '#!/bin/sh\necho "$TMPDIR $*" >> "$(dirname "$0")/calls"\ncase "$*" in *version*) echo \'{"terraform_version":"1.9.0"}\';; esac\n', { mode: 0o755 });
      const planned = spawnIn(vms, 'npm', ['run', '--silent', 'deploy', '--', 'vms', '--plan'], { PATH: `${fake}:${process.env.PATH}` });
      expect(planned.code, planned.stderr).toBe(0);
      expect(fs.readFileSync(path.join(fake, 'calls'), 'utf8').split('\n').filter(Boolean)).toEqual(
        ['version -json', 'init -input=false', 'plan'].map((c) => `../../../.terraform-state/vms/scratch -chdir=clusters/vms/terraform ${c}`),
      );
      const out = path.join(vms, 'cdktf.out');
      const [command, ...args] = (JSON.parse(fs.readFileSync(path.join(vms, 'cdktf.json'), 'utf8')).app as string).split(' ');
      const app = spawnIn(vms, command!, args, { CDKTF_OUTDIR: out });
      expect(app.code, app.stderr).toBe(0);
      expect(JSON.parse(fs.readFileSync(path.join(out, 'stacks/vms/cdk.tf.json'), 'utf8'))).toEqual(JSON.parse(fs.readFileSync(path.join(vms, 'clusters/vms/terraform/cdk.tf.json'), 'utf8')));
    } finally {
      fs.rmSync(path.dirname(vms), { recursive: true, force: true });
    }
  });
});

function spawnIn(cwd: string, command: string, args: readonly string[], env: Record<string, string>) {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    return run(cwd, command, args);
  } finally {
    for (const key of Object.keys(env)) if (saved[key] === undefined) delete process.env[key];
  }
}
