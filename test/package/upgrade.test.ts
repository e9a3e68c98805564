import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { commitAll, git, npmRun, packedToolReady, run } from './scaffold';

// An upgrade between two packed versions, as a fleet takes a release: the set-up's tarball, and
// the same package packed again with a bumped version and one deliberate change to what it
// generates (the Cilium chart pin, as a release that bumps it would). The fleet has its own
// node_modules: the upgrade installs into it.
let dir: string | undefined;
let fleet: string;
let next: { tarball: string; version: string };

const CILIUM_PIN = 'chart: "cilium", version: "1.20.0"';

/** The packed package again, version bumped and the Cilium pin moved to 1.20.1 in its bundle. */
function packNext(tarball: string, into: string): { tarball: string; version: string } {
  execFileSync('tar', ['xzf', tarball, '-C', into]);
  const pkgDir = path.join(into, 'package');
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  pkg.version = semver.inc(pkg.version, 'patch');
  fs.writeFileSync(path.join(pkgDir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  const chunks = fs.readdirSync(path.join(pkgDir, 'dist')).filter((f) => f.endsWith('.js')).filter((f) => fs.readFileSync(path.join(pkgDir, 'dist', f), 'utf8').includes(CILIUM_PIN));
  if (chunks.length !== 1) throw new Error(`the Cilium pin is in ${chunks.length} chunks of the bundle, not one: the test no longer matches the build`);
  const chunk = path.join(pkgDir, 'dist', chunks[0]!);
  fs.writeFileSync(chunk, fs.readFileSync(chunk, 'utf8').replace(CILIUM_PIN, 'chart: "cilium", version: "1.20.1"'));
  const name = execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', into], { cwd: pkgDir, encoding: 'utf8' }).trim().split('\n').at(-1)!;
  return { tarball: path.join(into, name), version: pkg.version };
}

beforeAll(async () => {
  await packedToolReady();
  const { tarball, bin } = inject('packedTool');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-'));
  next = packNext(tarball, dir);
  fleet = path.join(dir, 'fleet');
  expect(run(dir, bin, ['init', fleet, '--name', 'lab', '--flux-url', 'https://git.lab.test/ops/fleet.git']).code).toBe(0);
  // The set-up's installed node_modules, copied (not linked: the upgrade installs into it), stand for npm install.
  fs.cpSync(path.join(inject('packedTool').fleet, 'node_modules'), path.join(fleet, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  fs.cpSync(path.join(inject('packedTool').fleet, 'package-lock.json'), path.join(fleet, 'package-lock.json'));
  git(fleet, 'init', '-q');
  expect(npmRun(fleet, 'synth').code).toBe(0);
  commitAll(fleet, 'the fleet at the first version');
}, 300_000);
// A failed packing leaves no folder: its error is the one to read.
afterAll(() => { if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true }); });

describe('upgrading the tool in a fleet', () => {
  it('check names the version that wrote the trees and the one installed; synth and review show what the release changes', () => {
    const { version } = inject('packedTool');
    const install = run(fleet, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-exact', '--save-dev', `k3s-gitops-synth@file:${next.tarball}`]);
    expect(install.code, install.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(fleet, 'package.json'), 'utf8')).devDependencies['k3s-gitops-synth']).toBe(`file:../${path.basename(next.tarball)}`);

    const check = npmRun(fleet, 'check');
    expect(check.code).toBe(1);
    // Before the diff: stdout, which the terminal shows first.
    expect(check.stdout.startsWith(`clusters/lab/ was written by k3s-gitops-synth ${version}; k3s-gitops-synth ${next.version} is installed: run npm run synth, then npm run review to see what the release changes\n--- a/clusters/lab/`)).toBe(true);

    const synth = npmRun(fleet, 'synth');
    expect(synth.code, synth.stderr).toBe(0);
    expect(fs.readFileSync(path.join(fleet, 'clusters/lab/synth-manifest.txt'), 'utf8')).toContain(`# Written by: k3s-gitops-synth ${next.version}\n`);
    expect(npmRun(fleet, 'check').code).toBe(0);

    const review = npmRun(fleet, 'review', '--base', 'HEAD');
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout).toContain('- chart `OCIRepository/flux-system/cilium`: 1.20.0 → 1.20.1\n');
    expect(review.stdout).toContain(`Compared with \`HEAD\`.\n\n**k3s-gitops-synth ${version} → ${next.version}**: the version that wrote lab's tree, and the one that writes it now.\n`);
    // What changed: the bump, the release's one change wherever the pin is written, and the manifest's writer.
    const changed = git(fleet, 'diff', '--name-only').stdout.split('\n').filter(Boolean).sort();
    expect(changed).toEqual(['README.md', 'clusters/lab/README.md', 'clusters/lab/bootstrap/README.md', 'clusters/lab/bootstrap/run.sh', 'clusters/lab/kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml', 'clusters/lab/synth-manifest.txt', 'package-lock.json', 'package.json']);
    expect(git(fleet, 'diff', 'README.md').stdout).toContain('+| Helm chart | cilium (oci://quay.io/cilium/charts/cilium, https://helm.cilium.io) | 1.20.1 |');
  });

});
