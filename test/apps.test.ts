import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthCommand, checkCommand } from '../src/synth/commands';
import { validate } from '../src/validate/validate';
import { parseYamlDocuments } from '../src/tree/yaml';
import { devWithApps, KUSTOMIZED, LEGACY } from './fixtures/apps/environment';
import { modify } from './fixtures/environments';

// The user's own workloads, in the three forms a user writes them, through the whole pipeline:
// synth into a scratch repository, then every conformance gate (schemas, kustomize, Flux graph).
const fixtures = path.join(import.meta.dirname, 'fixtures/apps');
let root: string;
let first: { stdout: string };
const tree = (rel: string) => path.join(root, 'clusters/dev/kubernetes', rel);
const doc = (rel: string) => parseYamlDocuments(fs.readFileSync(tree(rel), 'utf8'))[0] as any;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-'));
  fs.cpSync(path.join(fixtures, 'legacy'), path.join(root, LEGACY), { recursive: true });
  fs.cpSync(path.join(fixtures, 'kustomized'), path.join(root, KUSTOMIZED), { recursive: true });
  const result = synthCommand({ root, environments: [devWithApps] });
  expect(result.exitCode, result.stderr).toBe(0);
  first = result;
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a user's apps", () => {
  it('podinfo as a Helm app: an OCIRepository and a HelmRelease that refers to it, in the namespace the app declares', () => {
    expect(doc('apps/podinfo/ocirepository.flux-system.podinfo.yaml').spec).toMatchObject({ url: 'oci://ghcr.io/stefanprodan/charts/podinfo', ref: { tag: '6.14.1' } });
    const release = doc('apps/podinfo/helmrelease.podinfo.podinfo.yaml');
    expect(release.spec.chartRef).toEqual({ kind: 'OCIRepository', name: 'podinfo', namespace: 'flux-system' });
    expect(release.spec.values).toEqual({ replicaCount: 2, ui: { message: 'dev' } });
    expect(fs.readFileSync(tree('apps/namespaces/namespace.podinfo.yaml'), 'utf8')).toContain('name: podinfo');
  });

  it('a chart from an HTTP repository gets a HelmRepository, and waits for the Helm app it depends on', () => {
    expect(doc('apps/podinfo-backend/helmrepository.flux-system.podinfo-backend.yaml').spec.url).toBe('https://stefanprodan.github.io/podinfo');
    const release = doc('apps/podinfo-backend/helmrelease.podinfo.podinfo-backend.yaml');
    expect(release.spec.chart.spec).toMatchObject({ chart: 'podinfo', version: '6.14.1', sourceRef: { kind: 'HelmRepository', name: 'podinfo-backend' } });
    expect(release.spec.dependsOn).toEqual([{ name: 'podinfo', namespace: 'podinfo' }]);
  });

  it("a cdk8s construct of the user's: its objects in the app's namespace, cluster-scoped ones in none", () => {
    const files = fs.readdirSync(tree('apps/hello')).sort();
    expect(files).toEqual(['clusterrole.hello-reader.yaml', 'deployment.hello.hello.yaml', 'kustomization.yaml', 'service.hello.hello.yaml']);
    expect(doc('apps/hello/deployment.hello.hello.yaml').spec.template.spec.containers[0].env).toEqual([{ name: 'PODINFO_UI_MESSAGE', value: 'hello from dev' }]);
    expect(doc('apps/hello/clusterrole.hello-reader.yaml').metadata).toEqual({ name: 'hello-reader' });
  });

  it('a folder of plain manifests: YAML files copied byte for byte and listed, other files left out', () => {
    for (const file of ['configmap.yaml', 'service.yml']) {
      expect(fs.readFileSync(tree(`apps/legacy/${file}`), 'utf8')).toBe(fs.readFileSync(path.join(fixtures, 'legacy', file), 'utf8'));
    }
    expect(fs.existsSync(tree('apps/legacy/README.md'))).toBe(false);
    expect(doc('apps/legacy/kustomization.yaml').resources).toEqual(['configmap.yaml', 'service.yml']);
  });

  it("a folder with its own kustomization.yaml is copied whole, that kustomization kept as the user's", () => {
    for (const file of ['kustomization.yaml', 'configmap.yaml', 'settings.properties']) {
      expect(fs.readFileSync(tree(`platform/kustomized/${file}`), 'utf8')).toBe(fs.readFileSync(path.join(fixtures, 'kustomized', file), 'utf8'));
    }
  });

  it('every app is listed by its layer, the layers applied in the order they declare', () => {
    expect(doc('apps/kustomization.yaml').resources).toEqual(['default-deny', 'hello', 'legacy', 'namespaces', 'podinfo', 'podinfo-backend']);
    expect(doc('platform/kustomization.yaml').resources).toContain('kustomized');
  });

  it("checks the constructs' and folders' objects against the Kyverno policies, and notes the Helm apps it cannot check", () => {
    expect(first.stdout).toContain('note: dev: the Kyverno policies are not checked at synth on the Helm apps podinfo, podinfo-backend: their objects are rendered only in the cluster\n');
    expect(first.stdout).not.toMatch(/not checked at synth on app (hello|legacy|kustomized)/);
  });

  it('passes every conformance gate: schemas, kustomize builds, the Flux graph', () => {
    const report = validate({ root, environments: ['dev'] });
    expect(report.findings).toEqual([]);
    expect(report.summary.join('\n')).toContain("chart podinfo 6.14.1 (an app's) has no values schema");
  });

  it('is deterministic and in step: check passes, a second synth changes nothing', () => {
    expect(checkCommand({ root, environments: [devWithApps] }).exitCode).toBe(0);
    const again = synthCommand({ root, environments: [devWithApps] });
    expect(again.stdout).toMatch(/^dev: 0 added, 0 changed, 0 removed/m);
  });

  it("follows an edit of the user's folder, never writing to it; removing the app removes only synth's copy", () => {
    const source = path.join(root, LEGACY, 'configmap.yaml');
    fs.writeFileSync(source, fs.readFileSync(source, 'utf8').replace("greeting: \"hello\"", "greeting: \"hi\""));
    expect(checkCommand({ root, environments: [devWithApps] }).exitCode).toBe(1);
    expect(synthCommand({ root, environments: [devWithApps] }).exitCode).toBe(0);
    expect(fs.readFileSync(tree('apps/legacy/configmap.yaml'), 'utf8')).toContain('greeting: "hi"');

    const without = modify(devWithApps, (e) => { e.apps = e.apps!.filter((a) => a.name !== 'legacy'); });
    expect(synthCommand({ root, environments: [without] }).exitCode).toBe(0);
    expect(fs.existsSync(tree('apps/legacy'))).toBe(false);
    expect(fs.existsSync(source)).toBe(true);
    expect(fs.existsSync(tree('apps/namespaces/namespace.legacy.yaml'))).toBe(false);
  });
});
