import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineSpec } from '../../src/components/default-deny/policy';
import { POLICY_RULES } from '../../src/components/kyverno/policy-rules';
import { CONFORMANCE_NAMESPACES, PEER_NAMESPACE, SERVER_NAMESPACE, renderConformance } from '../../src/conformance/suites';
import { resolve } from '../../src/model/resolve';
import type { EnvironmentSpec } from '../../src/model/environment';
import { checkSuites } from '../../src/validate/suites-check';
import { SchemaStore } from '../../src/validate/schemas';
import { environmentTree } from '../../src/validate/tree-objects';
import { synthesize } from '../../src/synth/render';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { rendered } from '../fixtures/render';

const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas/json');
const NETWORK = 'tests/network/chainsaw-test.yaml';
const GATEWAY = 'tests/ingress-gateway/chainsaw-test.yaml';
const CONFIG = 'tests/chainsaw-config.yaml';

const suiteFiles = (spec: EnvironmentSpec) => [...rendered(spec).files.keys()].filter((p) => p.startsWith('tests/')).sort();
const steps = (spec: EnvironmentSpec): any[] => rendered(spec).doc(NETWORK).spec.steps;
const stepNames = (spec: EnvironmentSpec) => steps(spec).map((s) => s.name);
/** Every resource a suite applies, in order. */
const applied = (spec: EnvironmentSpec): any[] => steps(spec).flatMap((s: any) => s.try.filter((op: any) => op.apply).map((op: any) => op.apply.resource));
const pods = (spec: EnvironmentSpec) => applied(spec).filter((r) => r.kind === 'Pod');

const withoutGateway = modify(dev, (d) => {
  delete d.ingressVip;
});
const withoutDefaultDeny = modify(dev, (d) => {
  delete d.defaultDeny;
});

describe('the conformance suites', () => {
  it('are written for every environment shape: the gateway suite only where there is a Gateway', () => {
    expect(suiteFiles(dev)).toEqual([CONFIG, GATEWAY, NETWORK]);
    expect(suiteFiles(withoutGateway)).toEqual([CONFIG, NETWORK]);
    expect(suiteFiles(mgmt)).toEqual([CONFIG, NETWORK]);
  });

  it('assert the deny between undeclared namespaces only under default-deny', () => {
    const all = ['namespace', 'probe-ready', 'same-namespace', 'dns', 'api-server'];
    expect(stepNames(dev)).toEqual([...all, 'peer-namespace', 'undeclared-denied']);
    // Without the baseline nothing is denied, so there is no denial to assert and no policy to apply.
    expect(stepNames(withoutDefaultDeny)).toEqual(all);
    expect(stepNames(mgmt)).toEqual(all);
    expect(applied(withoutDefaultDeny).filter((r) => r.kind === 'CiliumNetworkPolicy')).toEqual([]);
  });

  it("give their namespaces the baseline the model gives an app namespace that declares nothing (the scrapers let in)", () => {
    const policies = applied(dev).filter((r) => r.kind === 'CiliumNetworkPolicy');
    expect(policies.map((p) => p.metadata.namespace)).toEqual([SERVER_NAMESPACE, PEER_NAMESPACE]);
    const scraper = { fromEndpoints: [{ matchLabels: { 'k8s:io.kubernetes.pod.namespace': 'monitoring' } }] };
    for (const policy of policies) expect(policy.spec).toEqual(JSON.parse(JSON.stringify(baselineSpec({ ingress: [scraper], egress: [] }))));
    // The same object as the tree's policy of dev's app namespace.
    const app = rendered(dev).docs('kubernetes/apps/default-deny/ciliumnetworkpolicy.apps.baseline.yaml')[0];
    expect(policies[0].spec).toEqual(app.spec);
  });

  it("run pods the environment's Kyverno policies admit, as non-root with limits", () => {
    for (const pod of pods(dev)) {
      for (const container of pod.spec.containers) {
        for (const rule of POLICY_RULES) expect(rule.check(container), `${pod.metadata.name}: ${rule.rule}`).toBeUndefined();
        expect(container.image).toMatch(/^registry\.k8s\.io\/e2e-test-images\/busybox:\d/);
        expect(container.resources.limits.memory).toBeDefined();
        expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      }
      expect(pod.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 65534 });
      expect(CONFORMANCE_NAMESPACES).toContain(pod.metadata.namespace);
    }
  });

  it('assert scalars: a phase, and the Ready condition picked out by its type', () => {
    const asserts = steps(dev).flatMap((s: any) => s.try.filter((op: any) => op.assert).map((op: any) => op.assert.resource.status));
    expect(asserts[0]).toEqual({ phase: 'Running', "(conditions[?type == 'Ready'])": [{ status: 'True' }] });
    expect(asserts.slice(1)).toEqual(asserts.slice(1).map(() => ({ phase: 'Succeeded' })));
    // The denial resolves the name first, so a broken DNS never passes for it.
    const denied = pods(dev).find((p) => p.metadata.name === 'undeclared-denied')!;
    expect(denied.metadata.namespace).toBe(PEER_NAMESPACE);
    expect(denied.spec.containers[0].command[2]).toMatch(/^nslookup server\.conformance-server\.svc\.cluster\.local && ! timeout /);
  });

  it('check the Gateway on the ingress VIP from where Chainsaw runs', () => {
    const test = rendered(dev).doc(GATEWAY);
    expect(test.spec.steps[0].try[0].assert.resource.status['(addresses[0].value)']).toBe('192.168.1.48');
    expect(test.spec.steps[1].try[0].script.content).toContain('http://192.168.1.48/');
    expect(test.spec.steps[1].try[0].script.check).toEqual({ '($error)': null, '(trim_space($stdout))': '301' });
  });

  it('write the JUnit report in the folder Chainsaw runs from, never a report folder', () => {
    expect(rendered(dev).doc(CONFIG).spec.report).toEqual({ format: 'JUNIT-TEST', name: 'chainsaw-report-dev' });
  });

  it('are the same bytes on every render', () => {
    const once = renderConformance(resolve(dev));
    expect(renderConformance(resolve(dev))).toEqual(once);
    expect(suiteFiles(dev).map((p) => rendered(dev).text(p))).toEqual(suiteFiles(dev).map((p) => rendered(dev).text(p)));
  });

  it("validate against Chainsaw's schemas for every shape, and a broken one is a finding", () => {
    const store = new SchemaStore(SCHEMAS);
    for (const spec of [dev, withoutGateway, withoutDefaultDeny, mgmt]) {
      const tree = environmentTree(spec.name, rendered(spec).files);
      expect(checkSuites([tree], store)).toEqual({ findings: [], validated: tree.suites.length });
    }
    const files = new Map(rendered(dev).files);
    files.set(NETWORK, files.get(NETWORK)!.replace('  steps:', '  stepz:'));
    files.set(CONFIG, files.get(CONFIG)!.replace('v1alpha2', 'v1alpha9'));
    files.set('tests/extra.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n');
    const { findings } = checkSuites([environmentTree('dev', files)], store);
    expect(findings.map((f) => `${f.where}: ${f.message}`)).toEqual([
      expect.stringMatching(/^clusters\/dev\/tests\/chainsaw-config\.yaml \(Configuration dev-conformance\): no schema configuration-chainsaw-v1alpha9\.json/),
      expect.stringMatching(/^clusters\/dev\/tests\/network\/chainsaw-test\.yaml \(Test network\): \/spec must have required property 'steps' \[test-chainsaw-v1alpha1\.json\]/),
      expect.stringMatching(/^clusters\/dev\/tests\/network\/chainsaw-test\.yaml \(Test network\): \/spec must NOT have additional properties \(stepz\)/),
      "clusters/dev/tests/extra.yaml: a document with apiVersion v1 and kind ConfigMap: tests/ holds only Chainsaw's Tests and Configuration (chainsaw.kyverno.io); run npm run synth to rewrite it",
    ]);
  });

  it("keep the model's layers and apps off the namespaces they create and delete", () => {
    const taken = modify(threeServers, (d) => {
      d.flux.layers[0]!.namespaces = [...(d.flux.layers[0]!.namespaces ?? []), SERVER_NAMESPACE];
    });
    // A rule on the rendered tree: synthesize() renders, check() alone does not.
    expect(synthesize(taken).violations.map((v) => `${v.code} ${v.path} ${v.value}`)).toEqual([`conformance.namespace-taken flux.layers[0].namespaces[1] ${SERVER_NAMESPACE}`]);
    expect(synthesize(threeServers).violations).toEqual([]);
  });
});
