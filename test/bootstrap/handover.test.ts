import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handoverPlan } from '../../src/components/handover';
import type { EnvironmentSpec } from '../../src/model/environment';
import { runbookSteps } from '../../src/bootstrap/steps';
import { versions } from '../../src';
import { modify, resolveK3s } from '../fixtures/environments';
import { check } from '../../src/check/run';
import { codes } from '../fixtures/expect';
import { mgmt } from '../fixtures/fleet/mgmt';

// The hand-over from the Ansible install on the tests' own mgmt: its step and Day 2 rotation, and
// the step's lines run against stand-ins for kubectl and ssh (no host is contacted).

const book = (spec: EnvironmentSpec) => {
  const env = resolveK3s(spec);
  return runbookSteps(env, undefined, handoverPlan(env));
};
const retire = (spec: EnvironmentSpec) => book(spec).steps.find((s) => s.title.startsWith('Retire the earlier install'))!;

describe('the hand-over step', () => {
  it('comes right after Flux, on the founder, before verify', () => {
    const titles = book(mgmt).steps.map((s) => s.title);
    expect(titles.slice(-3)).toEqual(['Flux, through flux-operator', 'Retire the earlier install on lab-mgmt', 'Verify the cluster against the tree']);
  });

  it('is absent without a handover section', () => {
    const { handover: _, ...without } = mgmt as EnvironmentSpec & { handover?: unknown };
    expect(book(without as EnvironmentSpec).steps.map((s) => s.title)).not.toContain('Retire the earlier install on lab-mgmt');
    expect(book(without as EnvironmentSpec).dayTwo.map((s) => s.title).join()).not.toContain('Rotate');
  });

  it('checks every handed-over object is Flux\'s before it removes, shreds or restarts anything', () => {
    const lines = retire(mgmt).commands;
    const firstChange = lines.findIndex((l) => /rm --force|shred|patch|restart/.test(l));
    const checks = lines.slice(0, firstChange).filter((l) => l.includes('kustomize\\.toolkit\\.fluxcd\\.io/name'));
    // The two HelmCharts in their layers, then the five providers in theirs.
    expect(checks.map((l) => / = (\S+)\/flux-system/.exec(l)![1])).toEqual(['cert-manager', 'capi-operator', ...Array(5).fill('capi-providers')]);
    expect(checks[0]).toContain('get helmchart.helm.cattle.io cert-manager');
    expect(checks[5]).toContain('-n capmox-system get infrastructureprovider.operator.cluster.x-k8s.io proxmox');
  });

  it('removes each HelmChart\'s file, then takes k3s\'s ownership off it, then shreds the manifest, then restarts and checks again', () => {
    const lines = retire(mgmt).commands;
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    expect(at(/helmchart.helm.cattle.io cert-manager .*owner-name/)).toBeLessThan(at(/patch helmchart.helm.cattle.io cert-manager/));
    expect(at(/patch helmchart.helm.cattle.io cluster-api-operator/)).toBeLessThan(at(/shred --remove --zero \/opt\/lab-mgmt\/capi-providers.yaml/));
    expect(at(/shred/)).toBeLessThan(at(/systemctl restart k3s/));
    const after = lines.slice(at(/systemctl restart k3s/));
    expect(after.filter((l) => l.includes('kustomize\\.toolkit\\.fluxcd\\.io/name'))).toHaveLength(7);
    expect(after).toContain(`test "$(kubectl -n kube-system get helmchart.helm.cattle.io cert-manager -o jsonpath='{.spec.version}')" = ${versions.charts.certManager.version} || { echo 'kube-system/cert-manager is not at ${versions.charts.certManager.version}, the version Git pins' >&2; exit 1; }`);
  });

  it('reads the manifests folder from the data dir', () => {
    const lines = retire(modify(mgmt, (e) => { e.k3s.dataDir = '/data/k3s'; })).commands.join('\n');
    expect(lines).toContain('case "$file" in /data/k3s/server/manifests/*) ;;');
  });

  it('has the Proxmox token rotated on Day 2, the new values under a new Secret name', () => {
    const [part1, part2] = book(mgmt).dayTwo;
    expect(part1!.title).toBe('Rotate the Proxmox API token of capmox-system/capmox-variables (1 of 2): a new token');
    expect(part1!.commands.join('\n')).toContain('npm run --silent secrets -- set mgmt capmox-system/"$NEW_SECRET" --env-file -');
    expect(part1!.commands.join('\n')).toContain('pveum user token add $PVE_USER $NEW_TOKEN_ID --privsep $PRIVSEP');
    expect(part2!.commands.join('\n')).toContain('"pveum user token remove $PVE_USER $OLD_ID"');
    // The old token goes only once the provider names the new Secret and its controller restarted.
    const lines = part2!.commands;
    expect(lines.findIndex((l) => l.includes('rollout status'))).toBeLessThan(lines.findIndex((l) => l.includes('token remove')));
  });

  it('writes the rotation as blocks that stop at their first failure and pass shellcheck', () => {
    for (const step of book(mgmt).dayTwo.filter((s) => s.title.startsWith('Rotate'))) {
      expect(step.commands[0]).toBe('(set -euo pipefail');
      expect(step.commands.at(-1)).toBe(')');
      // No `!` outside single quotes: an interactive shell would expand it from its history.
      expect(step.commands.join('\n').replace(/'[^']*'/g, '')).not.toContain('!');
      const check = spawnSync('shellcheck', ['-s', 'bash', '-S', 'warning', '-'], { input: step.commands.join('\n'), encoding: 'utf8' });
      expect(check.error, 'shellcheck is not installed').toBeUndefined();
      expect(check.stdout).toBe('');
    }
  });
});

describe('the hand-over step, run against stand-ins', () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'handover-'));
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  /**
   * kubectl answers from a table (labels, the k3s owner annotation, the Addon's source); ssh runs
   * its remote command locally with sudo dropped, against a scratch copy of the folder.
   */
  function stand(owned: boolean, certManagerFromManifest = true) {
    const dir = fs.mkdtempSync(path.join(scratch, 'run-'));
    const manifests = path.join(dir, 'var/lib/rancher/k3s/server/manifests');
    fs.mkdirSync(manifests, { recursive: true });
    for (const f of ['helmchart-cert-manager.yaml', 'helmchart-capi-operator.yaml', 'ccm.yaml']) fs.writeFileSync(path.join(manifests, f), 'kind: HelmChart\n');
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    const kubectl = [
      '#!/usr/bin/env bash',
      `echo "kubectl $*" >> "${dir}/log"`,
      'case "$*" in',
      `  *owner-name*cert-manager*|*cert-manager*owner-name*) echo -n ${certManagerFromManifest ? 'helmchart-cert-manager' : ''} ;;`,
      `  *cluster-api-operator*owner-name*) echo -n helmchart-capi-operator ;;`,
      `  *"get addon.k3s.cattle.io helmchart-cert-manager"*) echo -n ${manifests}/helmchart-cert-manager.yaml ;;`,
      `  *"get addon.k3s.cattle.io helmchart-capi-operator"*) echo -n ${manifests}/helmchart-capi-operator.yaml ;;`,
      `  *"helmchart.helm.cattle.io cert-manager"*kustomize*) echo -n ${owned ? 'cert-manager/flux-system' : ''} ;;`,
      '  *"helmchart.helm.cattle.io cluster-api-operator"*kustomize*) echo -n capi-operator/flux-system ;;',
      '  *kustomize*) echo -n capi-providers/flux-system ;;',
      'esac',
    ].join('\n');
    fs.writeFileSync(path.join(bin, 'kubectl'), kubectl, { mode: 0o755 });
    // The remote command is ssh's last argument.
    fs.writeFileSync(path.join(bin, 'ssh'), `#!/usr/bin/env bash\necho "ssh \${*: -1}" >> "${dir}/log"\nbash -c "\${*: -1}" | cat\n`, { mode: 0o755 });
    fs.writeFileSync(path.join(bin, 'sudo'), '#!/usr/bin/env bash\n"$@"\n', { mode: 0o755 });
    return { dir, manifests, env: { PATH: `${bin}:${process.env.PATH}` } };
  }

  const runLines = (lines: readonly string[], env: NodeJS.ProcessEnv) => {
    for (const line of lines) {
      const r = spawnSync('bash', ['-euo', 'pipefail', '-c', line], { env, encoding: 'utf8' });
      if (r.status !== 0) return { failed: line, err: r.stderr };
    }
    return { failed: undefined, err: '' };
  };

  // Up to the shred: the lines that touch the manifests folder.
  const untilShred = (spec: EnvironmentSpec) => {
    const lines = retire(spec).commands;
    return lines.slice(0, lines.findIndex((l) => l.includes('shred')));
  };

  it("removes exactly the files k3s's Addons name, and nothing else in the folder", () => {
    const { manifests, env } = stand(true);
    const spec = modify(mgmt, (e) => { e.k3s.dataDir = manifests.replace(/\/server\/manifests$/, ''); });
    expect(runLines(untilShred(spec), env)).toEqual({ failed: undefined, err: '' });
    expect(fs.readdirSync(manifests)).toEqual(['ccm.yaml']);
  });

  it('goes on to the next file, in one script as run.sh runs it, when no manifest applies a HelmChart any more', () => {
    const { manifests, env } = stand(true, false);
    const spec = modify(mgmt, (e) => { e.k3s.dataDir = manifests.replace(/\/server\/manifests$/, ''); });
    const r = spawnSync('bash', ['-euo', 'pipefail', '-c', untilShred(spec).join('\n')], { env, encoding: 'utf8' });
    expect(r.stdout).toContain('kube-system/cert-manager: no k3s manifest applies it');
    expect(r.status).toBe(0);
    expect(fs.readdirSync(manifests).sort()).toEqual(['ccm.yaml', 'helmchart-cert-manager.yaml']);
  });

  it('stops before touching anything when Flux does not own a HelmChart yet', () => {
    const { dir, manifests, env } = stand(false);
    const spec = modify(mgmt, (e) => { e.k3s.dataDir = manifests.replace(/\/server\/manifests$/, ''); });
    const result = runLines(untilShred(spec), env);
    expect(result.err).toContain('kube-system/cert-manager (helmchart.helm.cattle.io) is not applied by the Flux Kustomization flux-system/cert-manager');
    expect(fs.readdirSync(manifests).sort()).toEqual(['ccm.yaml', 'helmchart-capi-operator.yaml', 'helmchart-cert-manager.yaml']);
    expect(fs.readFileSync(path.join(dir, 'log'), 'utf8')).not.toMatch(/patch|rm --force/);
  });
});

/** `spec` breaks exactly `code` beyond what the fixture mgmt reports (its demo key's warning). */
function onlyBeyondMgmt(spec: EnvironmentSpec, code: string) {
  expect(codes(spec)).toEqual([...new Set([...codes(mgmt), code])].sort());
  return check(spec).filter((v) => v.code === code);
}

describe('handover rules', () => {
  it('accepts the hand-over of the HelmCharts the tree holds', () => {
    expect(codes(mgmt).filter((c) => c.startsWith('handover.'))).toEqual([]);
  });

  it('fails when a named HelmChart is not in the tree', () => {
    const [v] = onlyBeyondMgmt(modify(mgmt, (e) => { e.handover!.helmCharts = ['cert-manager', 'capi-operator']; }), 'handover.helmchart-unknown');
    expect(v).toMatchObject({ path: 'mgmt.handover.helmCharts[1]', value: 'capi-operator' });
    expect(v!.fix).toBe('use one of: cert-manager, cluster-api-operator');
  });

  it('fails when a shredded file is a folder', () => {
    const [v] = onlyBeyondMgmt(modify(mgmt, (e) => { e.handover!.files![0]!.path = '/opt/lab-mgmt/'; }), 'handover.file-path');
    expect(v).toMatchObject({ path: 'mgmt.handover.files[0].path', value: '/opt/lab-mgmt/' });
  });

  it('fails when a file held an undeclared Secret', () => {
    const [v] = onlyBeyondMgmt(modify(mgmt, (e) => { e.handover!.files![0]!.held = ['capmox-system/capmox-vars']; }), 'handover.secret-undeclared');
    expect(v!.fix).toContain('capmox-system/capmox-variables');
  });
});

describe('the pull Secret of a private forge', () => {
  it('is applied after the operator creates flux-system and before the FluxInstance that syncs with it', () => {
    const spec = modify(mgmt, (e) => {
      e.flux.pullSecret = 'git-auth';
      e.secrets = [{ namespace: 'flux-system', name: 'git-auth', keys: ['username', 'password', 'ca.crt'] }];
    });
    const flux = book(spec).steps.find((s) => s.title === 'Flux, through flux-operator')!.commands;
    const at = (part: string) => flux.findIndex((l) => l.includes(part));
    expect(at('helm upgrade --install flux-operator')).toBeLessThan(at('secrets -- show mgmt flux-system/git-auth'));
    expect(at('secrets -- show mgmt flux-system/git-auth')).toBeLessThan(at('kubectl apply --server-side -f flux-instance.yaml'));
  });
});
