import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { kustomizeAvailable } from '../../src/validate/kustomize-check';
import { schemaFileName } from '../../src/validate/schemas';
import { validate } from '../../src/validate/validate';
import { fleetRepo } from '../fixtures/fleet-repo';

const hasKustomize = kustomizeAvailable();
if (!hasKustomize) console.warn('SKIPPED: kustomize tests need kubectl (apt-get install kubernetes-client)');

let root: string;
beforeEach(() => {
  root = fleetRepo('validate-');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const ENVS = ['dev', 'mgmt', 'prod'];
// A test that breaks one environment's tree validates that one (the others are the committed trees, which the first test passes).
const run = (kustomize = false, environments = ENVS) => validate({ root, environments, kustomize });
const file = (rel: string) => path.join(root, rel);
const edit = (rel: string, change: (doc: any) => void) => {
  const doc = YAML.parse(fs.readFileSync(file(rel), 'utf8'));
  change(doc);
  fs.writeFileSync(file(rel), YAML.stringify(doc));
};
const RELEASE = 'clusters/dev/kubernetes/platform/cilium/helmrelease.kube-system.cilium.yaml';

describe('validate', () => {
  it('names schemas as kubeconform does', () => {
    expect(schemaFileName('helm.toolkit.fluxcd.io/v2', 'HelmRelease')).toBe('helmrelease-helm-v2.json');
    expect(schemaFileName('v1', 'Namespace')).toBe('namespace-v1.json');
    expect(schemaFileName('rbac.authorization.k8s.io/v1', 'ClusterRole')).toBe('clusterrole-rbac-v1.json');
  });

  it('passes on the committed trees', () => {
    const report = run(hasKustomize);
    expect(report.findings).toEqual([]);
    expect(report.summary.join('\n')).toMatch(/schema: \d+ objects validated/);
    if (hasKustomize) expect(report.summary.join('\n')).toMatch(/kustomize: (\d+) kustomization.yaml checked, \d+ built with kubectl kustomize and compared, \d+ included whole in a parent whose build matched/);
  });

  it('fails on an unknown field in a HelmRelease', () => {
    edit(RELEASE, (doc) => { doc.spec.chartRefs = doc.spec.chartRef; });
    const findings = run(false, ['dev']).findings;
    expect(findings).toEqual([expect.objectContaining({ check: 'schema', message: expect.stringContaining('must NOT have additional properties (chartRefs)') })]);
  });

  it('fails on a HelmRelease with neither chart nor chartRef', () => {
    edit(RELEASE, (doc) => { delete doc.spec.chartRef; });
    expect(run(false, ['dev']).findings).toContainEqual(expect.objectContaining({ check: 'cel', message: 'spec: either chart or chartRef must be set, not both' }));
  });

  it('fails on a Flux Kustomization whose path does not exist', () => {
    edit('clusters/prod/kubernetes/apps.yaml', (doc) => { doc.spec.path = './clusters/prod/kubernetes/aps'; });
    expect(run(false, ['prod']).findings).toEqual([expect.objectContaining({ check: 'flux-graph', message: 'spec.path ./clusters/prod/kubernetes/aps does not exist in the repository' })]);
  });

  it('fails on a Flux Kustomization whose path leaves its environment', () => {
    edit('clusters/prod/kubernetes/apps.yaml', (doc) => { doc.spec.path = './clusters/dev/kubernetes/apps'; });
    expect(run(false, ['prod']).findings.map((f) => f.message)).toEqual(['spec.path ./clusters/dev/kubernetes/apps is outside clusters/prod/kubernetes']);
  });

  it('fails on a dependsOn naming a missing Kustomization', () => {
    edit('clusters/mgmt/kubernetes/capi-providers.yaml', (doc) => { doc.spec.dependsOn = [{ name: 'capi-operatr' }]; });
    expect(run(false, ['mgmt']).findings.map((f) => f.message)).toEqual(['dependsOn capi-operatr: no such Kustomization in the tree']);
  });

  it('fails on a dependsOn cycle', () => {
    edit('clusters/mgmt/kubernetes/cert-manager.yaml', (doc) => { doc.spec.dependsOn = [{ name: 'capi-providers' }]; });
    expect(run(false, ['mgmt']).findings.map((f) => f.message)).toEqual(['dependsOn cycle: capi-operator -> cert-manager -> capi-providers -> capi-operator']);
  });

  it('fails on a source reference that does not resolve', () => {
    edit(RELEASE, (doc) => { doc.spec.chartRef.name = 'cilium-charts'; });
    expect(run(false, ['dev']).findings.map((f) => f.message)).toEqual(['chartRef OCIRepository/cilium-charts does not resolve to an object in the tree']);
  });

  it('validates the values of a chart pulled through an OCIRepository against its schema', () => {
    edit(RELEASE, (doc) => { doc.spec.values.k8sServicePort = [6443]; });
    expect(run(false, ['dev']).findings).toEqual([expect.objectContaining({ check: 'values', where: expect.stringContaining('helmrelease.kube-system.cilium.yaml:spec.values') })]);
  });

  it('fails on an object whose namespace nobody creates', () => {
    fs.rmSync(file('clusters/mgmt/kubernetes/capi-providers/cluster-api/namespace.capmox-system.yaml'));
    expect(run(false, ['mgmt']).findings.map((f) => f.message)).toContain('namespace capmox-system is neither created in the tree nor a system namespace');
  });

  it('fails on a layer that holds a SOPS file without decrypting it', () => {
    edit('clusters/mgmt/kubernetes/capi-providers.yaml', (doc) => { delete doc.spec.decryption; });
    expect(run(false, ['mgmt']).findings.map((f) => f.message)).toEqual([expect.stringMatching(/^applies SOPS-encrypted .*capmox-variables.sops.yaml without decryption.provider: sops$/)]);
  });

  it('validates a SOPS Secret with its metadata stripped, and catches a broken one', () => {
    expect(run(false, ['mgmt']).findings).toEqual([]);
    const secret = 'clusters/mgmt/kubernetes/capi-providers/cluster-api/secret.capmox-system.capmox-variables.sops.yaml';
    fs.writeFileSync(file(secret), fs.readFileSync(file(secret), 'utf8').replace('type: Opaque', 'type: Opaque\nstringdata: {}'));
    expect(run(false, ['mgmt']).findings).toEqual([expect.objectContaining({ check: 'schema', message: expect.stringContaining('(stringdata)') })]);
  });

  it('reports a kind that has no schema', () => {
    fs.writeFileSync(file('clusters/prod/kubernetes/apps/namespaces/widget.apps.w.yaml'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: apps\n');
    expect(run(false, ['prod']).findings.map((f) => f.message)).toEqual([expect.stringContaining('no schema widget-example-v1.json')]);
    expect(run(false, ['prod']).findings[0]!.message).toContain(`put the kind's kubeconform-style JSON schema (widget-example-v1.json, for the cluster's Kubernetes version, with where it came from) in ${path.join(root, 'schemas/json')}`);
  });

  it("validates a kind the tool has no schema of against the fleet's own schemas/json/", () => {
    fs.writeFileSync(file('clusters/prod/kubernetes/apps/namespaces/widget.apps.w.yaml'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: apps\nspec:\n  size: large\n');
    fs.mkdirSync(file('schemas/json'), { recursive: true });
    const schema = { type: 'object', properties: { spec: { type: 'object', properties: { size: { type: 'integer' } } } } };
    fs.writeFileSync(file('schemas/json/widget-example-v1.json'), JSON.stringify(schema));
    expect(run(false, ['prod']).findings.map((f) => f.message)).toEqual([expect.stringMatching(/widget.*size|size.*integer/i)]);
    fs.writeFileSync(file('clusters/prod/kubernetes/apps/namespaces/widget.apps.w.yaml'), 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n  namespace: apps\nspec:\n  size: 3\n');
    expect(run(false, ['prod']).findings).toEqual([]);
  });

  it('validates chart values against the chart schema', () => {
    edit('clusters/mgmt/kubernetes/cert-manager/cert-manager/helmchart.kube-system.cert-manager.yaml', (doc) => { doc.spec.valuesContent = 'crds:\n  enabled: true\ncrd:\n  enable: true\n'; });
    expect(run(false, ['mgmt']).findings).toEqual([expect.objectContaining({ check: 'values', message: expect.stringContaining('must NOT have additional properties') })]);
    fs.writeFileSync(file('clusters/dev/bootstrap/cilium-values.yaml'), 'kubeProxyReplacement: true\nk8sServicePort: [6443]\n');
    expect(run(false, ['dev']).findings.map((f) => f.where)).toContain('clusters/dev/bootstrap/cilium-values.yaml');
  });

  it.skipIf(!hasKustomize)('fails when a kustomization.yaml lists a missing file', () => {
    fs.rmSync(file('clusters/dev/kubernetes/apps/namespaces/namespace.apps.yaml'));
    const findings = run(true, ['dev']).findings.filter((f) => f.check === 'kustomize');
    expect(findings).toContainEqual({ check: 'kustomize', where: 'clusters/dev/kubernetes/apps/namespaces/kustomization.yaml', message: expect.stringContaining('kubectl kustomize failed') });
    expect(findings.every((f) => f.message.includes('namespace.apps.yaml') && !f.message.includes(root))).toBe(true);
  });

  it.skipIf(!hasKustomize)('fails when a folder holds a file its kustomization.yaml does not list', () => {
    fs.writeFileSync(file('clusters/dev/kubernetes/apps/namespaces/namespace.extra.yaml'), 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: extra\n');
    const findings = run(true, ['dev']).findings.filter((f) => f.check === 'kustomize');
    expect(findings.map((f) => f.where)).toEqual(['clusters/dev/kubernetes/apps/kustomization.yaml', 'clusters/dev/kubernetes/apps/namespaces/kustomization.yaml']);
    expect(findings[0]!.message).toContain('unlisted');
  });

  // A folder included whole by a parent whose build matched is proved by that build; these are
  // the trees where that proof does not hold, so the folder is built on its own.
  const KUSTOMIZATION = (...entries: string[]) => `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${entries.map((e) => `  - ${e}\n`).join('')}`;
  it.skipIf(!hasKustomize)('builds a folder its parent includes file by file, and finds what is wrong in it', () => {
    fs.writeFileSync(file('clusters/dev/kubernetes/apps/kustomization.yaml'), KUSTOMIZATION('default-deny', 'namespaces/namespace.apps.yaml', 'namespaces/namespace.podinfo.yaml', 'podinfo'));
    fs.writeFileSync(file('clusters/dev/kubernetes/apps/namespaces/kustomization.yaml'), KUSTOMIZATION('namespace.apps.yaml', 'namespace.gone.yaml'));
    const report = run(true, ['dev']);
    expect(report.findings).toEqual([{ check: 'kustomize', where: 'clusters/dev/kubernetes/apps/namespaces/kustomization.yaml', message: expect.stringContaining('namespace.gone.yaml') }]);
  });

  it.skipIf(!hasKustomize)('builds every folder when a kustomization reaches outside its own, and names each that does not hold its build', () => {
    // apps/ still builds every object, but its namespaces come through podinfo/, which reaches out for them.
    fs.writeFileSync(file('clusters/dev/kubernetes/apps/kustomization.yaml'), KUSTOMIZATION('default-deny', 'podinfo'));
    const podinfo = file('clusters/dev/kubernetes/apps/podinfo/kustomization.yaml');
    fs.writeFileSync(podinfo, fs.readFileSync(podinfo, 'utf8') + '  - ../namespaces\n');
    const report = run(true, ['dev']);
    expect(report.findings.map((f) => [f.where, f.message.split(':')[0]])).toEqual([
      ['clusters/dev/kubernetes/apps/podinfo/kustomization.yaml', 'its build produces an object no file holds'],
      ['clusters/dev/kubernetes/apps/podinfo/kustomization.yaml', 'its build produces an object no file holds'],
    ]);
    expect(report.summary.find((l) => l.startsWith('kustomize:'))).not.toContain('included whole');
  });

  describe('Flux through flux-operator', () => {
    const INSTANCE = 'clusters/dev/kubernetes/flux-system/fluxinstance.flux-system.flux.yaml';
    const OPERATOR = 'clusters/dev/kubernetes/flux-system/helmrelease.flux-system.flux-operator.yaml';

    it("checks the FluxInstance against its schema, and the name rule the schema cannot hold", () => {
      edit(INSTANCE, (doc) => { delete doc.spec.distribution.registry; });
      expect(run(false, ['dev']).findings).toEqual([expect.objectContaining({ check: 'schema', where: expect.stringContaining(INSTANCE), message: expect.stringContaining("must have required property 'registry'") })]);
      edit(INSTANCE, (doc) => { doc.spec.distribution.registry = 'ghcr.io/fluxcd'; doc.metadata.name = 'flux2'; });
      expect(run(false, ['dev']).findings).toContainEqual(expect.objectContaining({ check: 'cel', message: "metadata.name: the only accepted name for a FluxInstance is 'flux'" }));
    });

    it("resolves the layers' source through the FluxInstance's sync, and fails without it", () => {
      edit(INSTANCE, (doc) => { delete doc.spec.sync; });
      const findings = run(false, ['dev']).findings.filter((f) => f.check === 'flux-graph');
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.every((f) => f.message === 'sourceRef GitRepository/flux-system does not resolve to an object in the tree')).toBe(true);
    });

    it("validates the operator's values against the stand-in declared for its release, and notes it without a warning", () => {
      const report = run(false, ['dev']);
      expect(report.summary).toContain('values: chart flux-operator 0.58.1: its values are judged by flux-operator-0.49.0.values.schema.json, the stand-in the tool declares for this release (its own schema is not vendored: schemas/SOURCES.md)');
      expect(report.summary).not.toContain('values: warning:');
      edit(OPERATOR, (doc) => { doc.spec.values = { hostNetwork: 'yes' }; });
      expect(run(false, ['dev']).findings).toEqual([expect.objectContaining({ check: 'values', message: expect.stringContaining('flux-operator-0.49.0.values.schema.json') })]);
    });
  });

  it('fails, never skips, when the schema folders are missing', () => {
    const report = validate({ root, environments: ENVS, schemas: path.join(root, 'no-schemas'), kustomize: false });
    expect(report.findings.filter((f) => f.message.includes('folder does not exist')).map((f) => f.message)).toEqual([
      'the JSON schema folder does not exist; restore it (git checkout -- schemas) or pass its path',
      'the values schema folder does not exist; restore it (git checkout -- schemas) or pass its path',
    ]);
    expect(report.findings.some((f) => f.message.startsWith('no schema namespace-v1.json'))).toBe(true);
    expect(report.summary.join('\n')).not.toMatch(/SKIPPED/);
  });

  it("judges the Chainsaw suites by the tool's own schemas, whatever folder --schemas names", () => {
    const report = validate({ root, environments: ['dev'], schemas: fs.mkdtempSync(path.join(root, 'empty-schemas-')), kustomize: false });
    expect(report.findings.filter((f) => f.check === 'chainsaw')).toEqual([]);
    expect(report.summary.find((l) => l.startsWith('chainsaw: '))).toMatch(/^chainsaw: [1-9]\d* suite documents/);
    expect(report.findings.some((f) => f.message.startsWith('no schema namespace-v1.json'))).toBe(true);
  });

  it('fails for an environment without a tree, never passes it empty', () => {
    fs.rmSync(file('clusters/mgmt'), { recursive: true });
    expect(run(false).findings.filter((f) => f.check === 'tree')).toEqual([
      { check: 'tree', where: 'clusters/mgmt', message: `environment mgmt has no tree in ${root}; run npm run synth first, or pass --root <the fleet's folder>` },
    ]);
    expect(run(false, ['dev']).findings).toEqual([]);
  });

  it('fails when a chart has no values schema and is not known to publish none', () => {
    const values = fs.mkdtempSync(path.join(os.tmpdir(), 'values-'));
    const findings = validate({ root, environments: ENVS, values, kustomize: false }).findings.filter((f) => f.check === 'values');
    expect(findings.map((f) => f.message.split(' in ')[0])).toEqual(expect.arrayContaining(['no values schema for chart cilium 1.20.0', 'no values schema for chart cert-manager v1.21.2']));
    expect(findings.some((f) => f.message.includes('cluster-api-operator'))).toBe(false);
    fs.rmSync(values, { recursive: true });
  });

  it('fails when kubectl is missing unless kustomize is turned off', () => {
    const pathBefore = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(validate({ root, environments: ENVS }).findings.filter((f) => f.check === 'kustomize').map((f) => f.message)).toEqual([
        'kubectl is not installed, so no kustomization.yaml was built: apt-get install kubernetes-client, or pass --no-kustomize',
      ]);
      expect(validate({ root, environments: ENVS, kustomize: false }).findings).toEqual([]);
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});
