import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentNotes } from '../../src/components/table';
import type { EnvironmentSpec } from '../../src/model/environment';
import { synthesize } from '../../src/synth/render';
import type { Violation } from '../../src/model/violation';
import { podinfo } from '../fixtures/corpus';
import { modify, threeServers } from '../fixtures/environments';
import type { Mutable } from '../fixtures/environments';
import { expectReport } from '../fixtures/expect';
import { PINNED, workloadConstruct, workloadYaml } from '../fixtures/apps/workload';
import type { ContainerSpec } from '../fixtures/apps/workload';

// The project's Kyverno policies, checked at synth on the objects of the apps synth knows.
const FOLDER = 'manifests/fixture/shop';
const UNPINNED = path.join(import.meta.dirname, '../fixtures/apps/unpinned');

/** threeServers with Kyverno (its policies in a layer after the platform's) and the given apps. */
const withKyverno = (apps: Mutable<EnvironmentSpec>['apps'], kyverno: Mutable<EnvironmentSpec>['kyverno'] = {}) =>
  modify(threeServers, (e) => {
    e.kyverno = kyverno;
    e.flux.layers.push({ name: 'policies', dependsOn: ['platform'] });
    e.apps = apps;
  });

const shop = { name: 'shop', layer: 'apps', manifests: FOLDER };

/** The policy violations synth reports, every one checked for its path, value and fix. */
function policyViolations(spec: EnvironmentSpec, files: Record<string, string> = {}): Violation[] {
  const { violations } = synthesize(spec, { appSources: new Map(Object.entries(files).map(([f, text]) => [`${FOLDER}/${f}`, text])) });
  const found = violations.filter((v) => v.code.startsWith('kyverno.'));
  if (found.length > 0) expectReport(found);
  return found;
}

/** The policy and rule each violation names. */
const rules = (violations: readonly Violation[]) => violations.map((v) => /policy (\S+) \(rule (\S+)\)/.exec(v.message)!.slice(1).join('/'));

const manifests = (containers: ContainerSpec[], kind = 'Deployment', namespace = 'shop', initContainers?: ContainerSpec[]) =>
  policyViolations(withKyverno([shop]), { 'web.yaml': workloadYaml(kind, namespace, containers, initContainers) });
const construct = (containers: ContainerSpec[], kind = 'Deployment') =>
  policyViolations(withKyverno([{ name: 'shop', layer: 'apps', construct: workloadConstruct(kind, containers) }]));

describe("the apps' objects against the project's policies", () => {
  it('passes a workload with pinned images and requests, in a construct and in a manifests folder', () => {
    expect(manifests([PINNED])).toEqual([]);
    expect(construct([PINNED])).toEqual([]);
  });

  it.each([
    ['an image without a tag', { ...PINNED, image: 'nginx' }, 'disallow-latest-tag/require-image-tag'],
    ['the tag latest', { ...PINNED, image: 'nginx:latest' }, 'disallow-latest-tag/disallow-latest'],
    ['no memory request', { ...PINNED, resources: { requests: { cpu: '50m' } } }, 'require-requests/cpu-and-memory'],
    ['no requests at all', { name: 'web', image: 'nginx:1.29.1' }, 'require-requests/cpu-and-memory'],
  ])('fails on %s, in a manifests folder and in a construct', (_what, container, rule) => {
    const [file] = manifests([container]);
    expect(rules([file!])).toEqual([rule]);
    expect(file).toMatchObject({ code: 'kyverno.app-refused', severity: 'error', path: `${FOLDER}/web.yaml` });
    expect(file!.message).toContain('app shop: Deployment shop/web, container web (spec.template.spec.containers[0])');
    const [rendered] = construct([container]);
    expect(rules([rendered!])).toEqual([rule]);
    expect(rendered!.path).toBe('clusters/fixture/kubernetes/apps/shop/deployment.shop.web.yaml');
  });

  it('names the value at fault and the fix', () => {
    const [latest] = manifests([{ ...PINNED, image: 'nginx:latest' }]);
    expect(latest).toMatchObject({ value: 'nginx:latest', fix: 'pin a version instead: nginx:<version>' });
    const [requests] = manifests([{ ...PINNED, resources: { requests: { cpu: '50m' } } }]);
    expect(requests).toMatchObject({ value: '{"cpu":"50m"}', fix: 'set resources.requests.memory to what the container uses (e.g. 64Mi)' });
  });

  it('checks init containers too', () => {
    const found = manifests([PINNED], 'Deployment', 'shop', [{ ...PINNED, name: 'migrate', image: 'flyway:latest' }]);
    expect(rules(found)).toEqual(['disallow-latest-tag/disallow-latest']);
    expect(found[0]!.message).toContain('container migrate (spec.template.spec.initContainers[0])');
  });

  it.each([
    ['Pod', 'spec.containers[0]', 'it'],
    ['Deployment', 'spec.template.spec.containers[0]', 'it'],
    ['StatefulSet', 'spec.template.spec.containers[0]', 'it'],
    ['DaemonSet', 'spec.template.spec.containers[0]', 'it'],
    ['Job', 'spec.template.spec.containers[0]', 'it'],
    // Autogen has no ReplicationController, and Kyverno's chart filters ReplicaSets out: their pods are refused.
    ['ReplicationController', 'spec.template.spec.containers[0]', 'the pods it creates'],
    ['ReplicaSet', 'spec.template.spec.containers[0]', 'the pods it creates'],
    ['CronJob', 'spec.jobTemplate.spec.template.spec.containers[0]', 'it'],
  ])("reads a %s's pod template, as Kyverno's autogen rules and its pods' admission do", (kind, at, subject) => {
    const found = manifests([{ ...PINNED, image: 'nginx' }], kind);
    expect(found.map((v) => v.message)).toEqual([expect.stringContaining(`${kind} shop/web, container web (${at})`)]);
    expect(found[0]!.message).toMatch(new RegExp(`refuses ${subject} at admission$`));
    expect(construct([{ ...PINNED, image: 'nginx' }], kind)).toHaveLength(1);
  });

  it('leaves objects of other kinds alone, whatever they hold', () => {
    const configMap = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: web, namespace: shop}\ndata:\n  image: nginx\n';
    expect(policyViolations(withKyverno([shop]), { 'web.yaml': configMap })).toEqual([]);
  });

  it('warns instead under Audit, and synth still writes', () => {
    const spec = withKyverno([shop], { failureAction: 'Audit' });
    const files = { 'web.yaml': workloadYaml('Deployment', 'shop', [{ ...PINNED, image: 'nginx:latest' }]) };
    const found = policyViolations(spec, files);
    expect(found.map((v) => [v.code, v.severity])).toEqual([['kyverno.app-audited', 'warning']]);
    expect(found[0]!.message).toMatch(/reports it \(Audit\)$/);
    expect(synthesize(spec, { appSources: new Map([[`${FOLDER}/web.yaml`, files['web.yaml']]]) }).files.size).toBeGreaterThan(0);
  });

  it("does not check the namespaces the policies exclude: the cluster's and the platform's", () => {
    for (const namespace of ['kube-system', 'kyverno', 'default']) expect(manifests([{ ...PINNED, image: 'nginx' }], 'Deployment', namespace)).toEqual([]);
  });

  it("takes the namespace a folder's own kustomization.yaml sets, as kustomize does", () => {
    const files = { 'web.yaml': workloadYaml('Deployment', 'shop', [{ ...PINNED, image: 'nginx' }]), 'kustomization.yaml': 'resources: [web.yaml]\nnamespace: kube-system\n' };
    expect(policyViolations(withKyverno([shop]), files)).toEqual([]);
    expect(rules(policyViolations(withKyverno([shop]), { ...files, 'kustomization.yaml': 'resources: [web.yaml]\nnamespace: shop\n' }))).toEqual(['disallow-latest-tag/require-image-tag']);
  });

  it('checks nothing where Kyverno is off', () => {
    const spec = modify(threeServers, (e) => { e.apps = [shop]; });
    expect(policyViolations(spec, { 'web.yaml': workloadYaml('Deployment', 'shop', [{ name: 'web', image: 'nginx' }]) })).toEqual([]);
  });

  it("reports a fixture folder's hand-written Deployment on both rules it breaks", () => {
    const files = Object.fromEntries(fs.readdirSync(UNPINNED).map((f) => [f, fs.readFileSync(path.join(UNPINNED, f), 'utf8')]));
    const found = policyViolations(withKyverno([{ ...shop, name: 'unpinned' }]), files);
    expect(rules(found)).toEqual(['disallow-latest-tag/require-image-tag', 'require-requests/cpu-and-memory']);
  });
});

describe('what synth does not check', () => {
  const notes = (spec: EnvironmentSpec, files: Record<string, string> = {}) => {
    const { env, files: written } = synthesize(spec, { appSources: new Map(Object.entries(files).map(([f, text]) => [`${FOLDER}/${f}`, text])) });
    return componentNotes({ env: env!, files: new Map([...written].map(([p, text]) => [p.replace(/^clusters\/fixture\//, ''), text])) });
  };

  it('lists the Helm apps, whose objects are rendered only in the cluster', () => {
    expect(notes(withKyverno([podinfo, { ...podinfo, name: 'podinfo-2', namespace: 'podinfo-2' }]))).toEqual([
      'the Kyverno policies are not checked at synth on the Helm apps podinfo, podinfo-2: their objects are rendered only in the cluster',
    ]);
  });

  it("lists a manifests folder whose own kustomization.yaml rewrites its objects, and checks none of them", () => {
    const files = { 'web.yaml': workloadYaml('Deployment', 'shop', [{ name: 'web', image: 'nginx' }]), 'kustomization.yaml': 'resources: [web.yaml]\nimages:\n  - name: nginx\n    newTag: 1.29.1\n' };
    expect(notes(withKyverno([shop]), files)).toEqual(['the Kyverno policies are not checked at synth on app shop: its kustomization.yaml rewrites its objects (images)']);
    expect(policyViolations(withKyverno([shop]), files)).toEqual([]);
  });

  it('says nothing where Kyverno is off', () => {
    expect(notes(modify(threeServers, (e) => { e.apps = [podinfo]; }))).toEqual([]);
  });
});
