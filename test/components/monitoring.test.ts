import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALERTS } from '../../src/components/monitoring/alert-rules';
import { memoryFigures } from '../../src/components/table';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { synthCommand } from '../../src/synth/commands';
import { check } from '../../src/check/run';
import { codes } from '../fixtures/expect';
import { modify, modifyWorkload } from '../fixtures/environments';
import { lab1, mgmtOfLab1 } from '../fixtures/workload';
import { dev } from '../fixtures/fleet/dev';
import { prod } from '../fixtures/fleet/prod';
import { rendered } from '../fixtures/render';

const release = (spec: EnvironmentSpec = dev, name = 'loki') => rendered(spec).doc(`kubernetes/platform/${name}/helmrelease.monitoring.${name}.yaml`);

describe('monitoring', () => {
  it('installs kube-prometheus-stack and Loki from OCI, Alloy from its HTTP repository, in the namespace it creates', () => {
    const tree = rendered(dev);
    expect(tree.doc('kubernetes/platform/kube-prometheus-stack/ocirepository.flux-system.kube-prometheus-stack.yaml').spec.url).toBe('oci://ghcr.io/prometheus-community/charts/kube-prometheus-stack');
    expect(tree.doc('kubernetes/platform/loki/ocirepository.flux-system.loki.yaml').spec.url).toBe('oci://ghcr.io/grafana-community/helm-charts/loki');
    expect(tree.doc('kubernetes/platform/alloy/helmrepository.flux-system.alloy.yaml').spec.url).toBe('https://grafana.github.io/helm-charts');
    expect(tree.doc('kubernetes/platform/kube-prometheus-stack/namespace.monitoring.yaml').metadata.name).toBe('monitoring');
  });

  it("runs Loki as one binary on its own volume: no object store, replication, caches, gateway or canary", () => {
    const values = release().spec.values;
    expect(values).toMatchObject({
      deploymentMode: 'Monolithic',
      loki: { auth_enabled: false, commonConfig: { replication_factor: 1 }, storage: { type: 'filesystem' } },
      singleBinary: { replicas: 1 },
      chunksCache: { enabled: false },
      resultsCache: { enabled: false },
      gateway: { enabled: false },
      lokiCanary: { enabled: false },
    });
    expect(values.loki.schemaConfig.configs[0]).toMatchObject({ store: 'tsdb', object_store: 'filesystem', schema: 'v13' });
  });

  it('writes the schema date quoted, so YAML 1.1 readers (kustomize, Flux) keep it a date string', () => {
    expect(rendered(dev).text('kubernetes/platform/loki/helmrelease.monitoring.loki.yaml')).toContain('from: "2026-01-01"');
  });

  it('selects every rule and monitor, and turns off the scrapes k3s and Cilium leave nothing to scrape for', () => {
    const values = release(dev, 'kube-prometheus-stack').spec.values;
    expect(values.prometheus.prometheusSpec).toMatchObject({ ruleSelectorNilUsesHelmValues: false, serviceMonitorSelectorNilUsesHelmValues: false });
    expect([values.kubeControllerManager, values.kubeScheduler, values.kubeProxy, values.kubeEtcd]).toEqual(Array(4).fill({ enabled: false }));
  });

  it("trims dev's stack to about 1.3 GiB of requests (small profile), keeps prod's standard", () => {
    // The monitoring stack's own requests (cert-manager's, for the Gateway's TLS, come beside them).
    const stack = memoryFigures(resolve(dev)).requests.filter((r) => !r.what.startsWith('cert-manager')).reduce((sum, r) => sum + r.mib, 0);
    expect(stack).toBe(512 + 32 + 128 + 64 + 48 + 24 * 3 + 256 + 64);
    expect(stack).toBeLessThan(1.3 * 1024);
    expect(release(dev, 'kube-prometheus-stack').spec.values.prometheus.prometheusSpec.retention).toBe('3d');
    expect(release(prod, 'kube-prometheus-stack').spec.values.prometheus.prometheusSpec.retention).toBe('15d');
  });

  it('ships eight alert rules as one typed PrometheusRule in the layer after the charts', () => {
    const rule = rendered(dev).doc('kubernetes/policies/alert-rules/prometheusrule.monitoring.platform-alerts.yaml');
    expect(rule.spec.groups[0].rules).toHaveLength(8);
    expect(rule.spec.groups[0].rules.map((r: any) => r.alert)).toEqual(ALERTS.map((a) => a.alert));
    for (const r of rule.spec.groups[0].rules) {
      expect(r.expr.length, r.alert).toBeGreaterThan(10);
      expect(['warning', 'critical']).toContain(r.labels.severity);
    }
  });
});

describe("the platform's memory against the nodes", () => {
  it('reports the figures of every environment in the synth summary', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'memory-'));
    const out = synthCommand({ root, environments: [dev, prod] }).stdout;
    expect(out).toMatch(/^dev: .*; platform memory requests 1\.3 GiB of 10\.8 GiB$/m);
    expect(out).toMatch(/^prod: .*; platform memory requests 2\.8 GiB of unknown node memory \(set infrastructure\.memoryMiB\)$/m);
    fs.rmSync(root, { recursive: true });
  });

  it('refuses requests beyond what the live nodes leave the platform, naming the biggest consumers', () => {
    // Three 2 GiB VMs leave (2048 - 1536) x 3 x 0.8 = 1228 MiB; the standard profile wants 2.8 GiB.
    const spec = modify(dev, (e: any) => { e.infrastructure.vm.memoryMiB = 2048; e.monitoring = {}; });
    const found = check(spec).filter((v) => v.code === 'platform.memory-exceeds-nodes');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('the biggest: Prometheus 1536 MiB, Loki 512 MiB, Grafana 256 MiB');
    // The small profile on 2.5 GiB VMs fits: 1176 MiB (cert-manager's 160 MiB on top) of (2560 - 1536) x 3 x 0.8 = 2457 MiB.
    const small = modify(spec, (e: any) => { e.infrastructure.vm.memoryMiB = 2560; e.monitoring = { profile: 'small' }; });
    expect(check(small).map((v) => v.code)).not.toContain('platform.memory-exceeds-nodes');
  });

  it('checks bare metal once its servers say how much memory they have', () => {
    expect(memoryFigures(resolve(prod)).budgetMiB).toBeUndefined();
    const withMemory = modify(prod, (e: any) => { e.infrastructure = { kind: 'bare-metal', memoryMiB: 3072 }; });
    expect(memoryFigures(resolve(withMemory)).budgetMiB).toBe(Math.floor((3072 - 1536) * 0.8));
    expect(codes(withMemory)).toContain('platform.memory-exceeds-nodes');
  });
});

describe("monitoring's requests on a workload cluster", () => {
  it('counts a node-exporter on every machine, control plane included (a DaemonSet)', () => {
    const spec = modifyWorkload(lab1, (e: any) => { e.monitoring = {}; });
    const exporter = memoryFigures(resolve(spec, [mgmtOfLab1, spec])).requests.find((r) => r.what.startsWith('node-exporter'));
    expect(exporter?.what).toBe('node-exporter (5 nodes)');
  });
});
