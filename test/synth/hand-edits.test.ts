import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCommand, synthCommand } from '../../src/synth/commands';
import { MOST_NAMED, handEditAdvice, ownerIndex } from '../../src/synth/hand-edits';
import type { EnvironmentPlan } from '../../src/synth/plan';
import { MANIFEST_FILE } from '../../src/synth/manifest';
import { modify, resolveK3s, threeServers } from '../fixtures/environments';

// A hand edit of a generated file: check names the field of environments/<env>.ts that makes it,
// since synth overwrites the edit.
const spec = modify(threeServers, (d) => {
  d.apps = [{ name: 'podinfo', layer: 'apps', helm: { chart: 'podinfo', version: '6.14.1', oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', values: { replicaCount: 2 } } }];
});
const environments = [spec];
let root: string;
const tree = (rel: string) => path.join(root, 'clusters/fixture', rel);
const original = new Map<string, string>();

/** Replaces `from` by `to` in a file of the tree, keeping its bytes to restore. */
function handEdit(rel: string, from: string | RegExp, to: string): void {
  const text = fs.readFileSync(tree(rel), 'utf8');
  if (!original.has(rel)) original.set(rel, text);
  const edited = text.replace(from, to);
  expect(edited).not.toBe(text);
  fs.writeFileSync(tree(rel), edited);
}
function restore(): void {
  for (const [rel, text] of original) fs.writeFileSync(tree(rel), text);
  original.clear();
}
const check = () => {
  const result = checkCommand({ root, environments });
  restore();
  return result;
};

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'hand-edits-'));
  expect(synthCommand({ root, environments }).exitCode).toBe(0);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('check names the field behind a hand-edited file', () => {
  it("fails when a node's tls-san is edited by hand, naming controlPlane.vip and the servers' IPs", () => {
    handEdit('bootstrap/nodes/fx-2/config.yaml', '  - 10.20.0.10\n', '  - 10.20.0.10\n  - api.fixture.test\n');
    const result = check();
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      'clusters/fixture/bootstrap/nodes/fx-2/config.yaml differs from what synth writes; tls-san is made from controlPlane.vip, nodes[*].ip: edit those fields in environments/fixture.ts, then run npm run synth (it overwrites an edit of the file itself)\n',
    );
    // The general line still follows: the spec may be what changed.
    expect(result.stderr).toMatch(/clusters\/fixture\/ differ from what the code synthesizes \(diff above\); run npm run synth and commit the result\n$/);
  });

  it("fails when an app's values are edited by hand, naming apps[0].helm.values", () => {
    handEdit('kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml', 'replicaCount: 2', 'replicaCount: 5');
    expect(check().stderr).toContain(
      'clusters/fixture/kubernetes/apps/podinfo/helmrelease.podinfo.podinfo.yaml differs from what synth writes; spec.values is made from apps[0].helm.values: edit that field in environments/fixture.ts, then run',
    );
  });

  it('fails when the generated README is edited, saying no one field makes it', () => {
    handEdit('README.md', /$/, 'a note of mine\n');
    expect(check().stderr).toContain(
      'clusters/fixture/README.md differs from what synth writes; it is made from environments/fixture.ts as a whole, no one field: change the environment there, then run npm run synth (it overwrites an edit of the file itself)\n',
    );
  });

  it(`names at most ${MOST_NAMED} files of an environment, and counts the rest`, () => {
    const files = fs.readdirSync(tree('kubernetes/platform/cilium')).map((f) => `kubernetes/platform/cilium/${f}`);
    const many = [...files, 'README.md', 'bootstrap/README.md', 'bootstrap/kube-vip.yaml', 'bootstrap/cilium-values.yaml', 'bootstrap/flux-instance.yaml', 'bootstrap/nodes/fx-1/config.yaml', 'bootstrap/nodes/fx-3/config.yaml'];
    for (const rel of many) handEdit(rel, /$/, '# mine\n');
    const lines = check().stderr.split('\n');
    expect(lines.filter((l) => l.includes('differs from what synth writes'))).toHaveLength(MOST_NAMED);
    expect(lines).toContain(`clusters/fixture/: ${many.length - MOST_NAMED} more changed files`);
  });

  it('names no field after a tool upgrade: the diff is the release\'s', () => {
    handEdit(MANIFEST_FILE, /# Written by: .*/, '# Written by: k3s-gitops-synth 0.0.1');
    handEdit('bootstrap/nodes/fx-2/config.yaml', '  - 10.20.0.10\n', '  - 10.20.0.10\n  - api.fixture.test\n');
    const { stdout, stderr } = check();
    // The version that wrote the tree heads stdout, before the diff.
    expect(stdout).toContain('was written by k3s-gitops-synth 0.0.1');
    expect(stderr).not.toContain('differs from what synth writes');
  });
});

describe('handEditAdvice', () => {
  /** A plan whose only change is `rel`, from `current` to `next`. */
  const planOf = (rel: string, current: string, next: string) =>
    ({ name: 'fixture', synthesized: { env: resolveK3s(spec), files: new Map(), violations: [] }, current: new Map([[rel, current]]), next: new Map([[rel, next]]), changes: { added: [], changed: [rel], removed: [], modes: [] } }) as unknown as EnvironmentPlan;

  it('sends a changed copy of a secret to its encrypted source and the command that writes it', () => {
    expect(handEditAdvice(planOf('kubernetes/apps/secrets/secret.hello.db.sops.yaml', 'a: 1\n', 'a: 2\n'))).toEqual([
      'clusters/fixture/kubernetes/apps/secrets/secret.hello.db.sops.yaml differs from what synth writes; it is a copy of secrets/fixture/hello.db.sops.yaml: change that file with npm run secrets -- set fixture hello/db --env-file - (KEY=… lines on stdin), then run npm run synth (it overwrites an edit of the file itself)',
    ]);
  });

  it('names each changed key with its fields, and the rest of the file with the whole', () => {
    expect(handEditAdvice(planOf('bootstrap/nodes/fx-1/config.yaml', 'data-dir: /a\nx: 1\n', 'data-dir: /b\nx: 2\n'))).toEqual([
      'clusters/fixture/bootstrap/nodes/fx-1/config.yaml differs from what synth writes; data-dir is made from k3s.dataDir; the rest of it is made from nodes[0], k3s: edit those fields in environments/fixture.ts, then run npm run synth (it overwrites an edit of the file itself)',
    ]);
  });

  it('names the whole file\'s fields as "it" where no key could be read', () => {
    expect(handEditAdvice(planOf('bootstrap/nodes/fx-3/config.yaml', 'data-dir: [\n', 'data-dir: /b\n'))).toEqual([
      'clusters/fixture/bootstrap/nodes/fx-3/config.yaml differs from what synth writes; it is made from nodes[2], k3s: edit those fields in environments/fixture.ts, then run npm run synth (it overwrites an edit of the file itself)',
    ]);
  });

  it('counts one more file in the singular', () => {
    const rels = Array.from({ length: MOST_NAMED + 1 }, (_, n) => `tests/t${n}.yaml`);
    const plan = planOf(rels[0]!, 'a: 1\n', 'a: 2\n');
    const many = { ...plan, current: new Map(rels.map((r) => [r, 'a: 1\n'])), next: new Map(rels.map((r) => [r, 'a: 2\n'])), changes: { ...plan.changes, changed: rels } };
    expect(handEditAdvice(many).at(-1)).toBe('clusters/fixture/: 1 more changed file');
  });

  it('names nothing for the manifest, nor without a resolved environment', () => {
    expect(handEditAdvice(planOf(MANIFEST_FILE, 'a\n', 'b\n'))).toEqual([]);
    expect(handEditAdvice({ ...planOf('README.md', 'a\n', 'b\n'), synthesized: { env: undefined, files: new Map(), violations: [] } })).toEqual([]);
  });
});

describe('ownerIndex', () => {
  it("indexes nodes, layers and apps in the spec's order, and each enabled component's folders with its fields and pins", () => {
    const index = ownerIndex(resolveK3s(spec));
    expect(index.nodes).toEqual(['fx-1', 'fx-2', 'fx-3']);
    expect(index.layers).toEqual(['platform', 'apps', 'gateway-api', 'network']);
    expect(index.apps).toEqual([{ name: 'podinfo', layer: 'apps' }]);
    expect(index.components.get('cilium')).toEqual(['cilium', 'versions.charts.cilium']);
    expect(index.components.get('longhorn')).toBeUndefined();
  });

  it("indexes a component's extra folders, and defaults a component without fields to its switch", () => {
    const env = resolveK3s(modify(spec, (d) => {
      d.notifications = { webhook: {} };
    }));
    expect(ownerIndex(env).components.get('flux-webhook')).toEqual(['notifications']);
  });
});
