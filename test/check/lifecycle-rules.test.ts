import { describe, expect, it } from 'vitest';
import { lifecycleRules } from '../../src/check/lifecycle-rules';
import { checkRendered } from '../../src/check/rendered-rules';
import { runRules } from '../../src/model/violation';
import { renderEnvironment } from '../../src/synth/render';
import { modify, resolveK3s, threeServers } from '../fixtures/environments';
import { expectReport } from '../fixtures/expect';
import { managementBase, workloadBase } from '../fixtures/workload-rules';
import { resolve } from '../../src/model/resolve';
import type { EnvironmentSpec } from '../../src/model/environment';
import { mgmt } from '../fixtures/fleet/mgmt';
import { OTHER_AGE_RECIPIENT } from '../fixtures/environments';

// One render of a fixture with Longhorn: the committed tree. A case either edits the environment
// (what the operator changes) or the committed text (a tree written at a newer release).
const base = modify(threeServers, (e) => { e.longhorn = {}; });
const committed = renderEnvironment(resolveK3s(base));

/** The lifecycle findings of `spec` over the committed tree, edited by `edit` (the current tree is the base render). */
function over(spec = base, edit: (previous: Map<string, string>) => void = () => {}) {
  const previous = new Map(committed);
  edit(previous);
  return expectReport(runRules(lifecycleRules, { env: resolveK3s(spec), files: committed, previous }));
}
const replace = (path: string, from: string, to: string) => (previous: Map<string, string>) => {
  const text = previous.get(path)!;
  expect(text).toContain(from);
  previous.set(path, text.replaceAll(from, to));
};
const summary = (found: readonly { code: string; severity: string; path: string; value: string }[]) => found.map((v) => [v.code, v.severity, v.path, v.value]);

describe('an environment against its committed tree', () => {
  it('passes the same tree, a first render, an upgrade, and sqlite becoming etcd', () => {
    expect(over()).toEqual([]);
    expect(runRules(lifecycleRules, { env: resolveK3s(base), files: committed })).toEqual([]);
    expect(over(modify(base, (e) => { e.k3s.version = 'v1.36.5+k3s1'; }))).toEqual([]);
    const sqlite = modify(base, (e) => { e.k3s.datastore = 'sqlite'; });
    const single = renderEnvironment(resolveK3s(sqlite));
    expect(runRules(lifecycleRules, { env: resolveK3s(base), files: committed, previous: single })).toEqual([]);
  });

  it('passes a workload cluster (no k3s, no runbook) over a committed tree, and an environment without Longhorn', () => {
    const lab = resolve(workloadBase, [managementBase, workloadBase]);
    expect(runRules(lifecycleRules, { env: lab, files: committed, previous: committed })).toEqual([]);
    expect(over(threeServers)).toEqual([]);
    const without = renderEnvironment(resolveK3s(threeServers));
    expect(runRules(lifecycleRules, { env: resolveK3s(base), files: committed, previous: without })).toEqual([]);
  });

  it('passes unparsable committed versions and reads only what Flux applies and the servers read', () => {
    expect(over(base, replace('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml', 'version: 2.9.4', 'version: 2.x'))).toEqual([]);
    expect(over(base, replace('bootstrap/run.sh', 'INSTALL_K3S_VERSION=v1.36.4+k3s1', 'INSTALL_K3S_VERSION=vlatest'))).toEqual([]);
    const stray = (previous: Map<string, string>) => {
      const release = previous.get('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml')!.replace('version: 1.12.1', 'version: 1.13.0');
      previous.set('bootstrap/longhorn.yaml', release);
      previous.set('bootstrap/nodes/fx-1/config.yaml.orig', 'data-dir: /old\n');
      previous.set('old/bootstrap/nodes/fx-1/config.yaml', 'data-dir: /old\n');
    };
    const files = new Map(committed);
    files.set('bootstrap/longhorn.yaml', committed.get('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml')!);
    const previous = new Map(committed);
    stray(previous);
    expect(runRules(lifecycleRules, { env: resolveK3s(base), files, previous })).toEqual([]);
  });

  it('is among the rendered rules synth runs', () => {
    const codes = checkRendered({ env: resolveK3s(modify(base, (e) => { e.k3s.version = 'v1.35.2+k3s1'; })), files: committed, previous: committed }).map((v) => v.code);
    expect(codes).toContain('k3s.downgrade');
  });

  describe('k3s.downgrade', () => {
    it('fails when k3s.version is below the committed runbook\'s release, proposing it back', () => {
      const [v, ...rest] = over(modify(base, (e) => { e.k3s.version = 'v1.36.3+k3s1'; }));
      expect(rest).toEqual([]);
      expect(summary([v!])).toEqual([['k3s.downgrade', 'error', 'fixture.k3s.version', 'v1.36.4+k3s1 → v1.36.3+k3s1']]);
      expect(v!.action).toEqual({ set: 'k3s.version', to: 'v1.36.4+k3s1' });
      expect(v!.message).toContain('Rolling Back K3s');
    });

    it('fails when the committed tree was written at a newer release than the spec pins', () => {
      const found = over(base, replace('bootstrap/run.sh', 'INSTALL_K3S_VERSION=v1.36.4+k3s1', 'INSTALL_K3S_VERSION=v1.37.0+k3s1'));
      expect(summary(found)).toEqual([['k3s.downgrade', 'error', 'fixture.k3s.version', 'v1.37.0+k3s1 → v1.36.4+k3s1']]);
    });

    it('fixes it: the committed release set back passes', () => {
      const [v] = over(modify(base, (e) => { e.k3s.version = 'v1.36.3+k3s1'; }));
      expect(over(modify(base, (e) => { e.k3s.version = v!.action && 'to' in v!.action ? String(v!.action.to) : ''; }))).toEqual([]);
    });
  });

  describe('k3s.datastore-changed', () => {
    it('passes sqlite that stays sqlite, and a committed config without a data dir', () => {
      const sqlite = modify(base, (e) => { e.k3s.datastore = 'sqlite'; });
      const single = renderEnvironment(resolveK3s(sqlite));
      expect(runRules(lifecycleRules, { env: resolveK3s(sqlite), files: single, previous: single })).toEqual([]);
      expect(over(modify(base, (e) => { e.k3s.dataDir = '/srv/k3s'; }), (previous) => {
        for (const node of ['fx-1', 'fx-2', 'fx-3']) previous.set(`bootstrap/nodes/${node}/config.yaml`, 'cluster-init: true\n');
      })).toEqual([]);
    });

    it('fails when servers running etcd are set to sqlite, with no action', () => {
      const found = over(modify(base, (e) => { e.k3s.datastore = 'sqlite'; }));
      expect(summary(found)).toEqual([['k3s.datastore-changed', 'error', 'fixture.k3s.datastore', 'etcd → sqlite']]);
      expect(found[0]!.action).toBeUndefined();
      expect(found[0]!.fix).toContain("keep k3s.datastore: 'etcd'");
    });

    it('fails when the data dir moves away from the committed one, naming it', () => {
      const found = over(modify(base, (e) => { e.k3s.dataDir = '/srv/k3s'; }));
      expect(summary(found)).toEqual([['k3s.datastore-changed', 'error', 'fixture.k3s.dataDir', '/var/lib/rancher/k3s → /srv/k3s']]);
      expect(found[0]!.fix).toContain("keep k3s.dataDir: '/var/lib/rancher/k3s'");
      expect(found[0]!.action).toBeUndefined();
    });
  });

  describe('longhorn.data-path-changed', () => {
    it("fails when Longhorn's data path differs from the committed release's default disk path", () => {
      const found = over(base, replace('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml', 'defaultDataPath: /var/lib/longhorn', 'defaultDataPath: /mnt/longhorn'));
      expect(summary(found)).toEqual([['longhorn.data-path-changed', 'warning', 'fixture.longhorn.dataPath', '/mnt/longhorn → /var/lib/longhorn']]);
      expect(found[0]!.action).toBeUndefined();
    });
  });

  describe('versions.chart-downgrade', () => {
    it('fails when a chart pin is below the committed release, naming the chart and both versions', () => {
      const found = over(base, replace('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml', 'version: 1.12.1', 'version: 1.13.0'));
      expect(summary(found)).toEqual([['versions.chart-downgrade', 'warning', 'fixture.versions.charts.longhorn.version', '1.13.0 → 1.12.1']]);
      expect(found[0]!.message).toContain('chart longhorn');
      expect(found[0]!.action).toEqual({ set: 'versions.charts.longhorn.version', to: '1.13.0' });
    });

    it("fails when a k3s HelmChart's committed version is above the pin, and passes an app of that chart at its own version", () => {
      const chart = (version: string) => `apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata:\n  name: cert-manager\n  namespace: kube-system\nspec:\n  chart: cert-manager\n  version: ${version}\n`;
      const app = (version: string) => `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: mine\n  namespace: apps\nspec:\n  chart:\n    spec:\n      chart: longhorn\n      version: ${version}\n`;
      const files = new Map(committed);
      files.set('kubernetes/cert-manager/helmchart.yaml', chart('v1.21.2'));
      files.set('kubernetes/apps/mine.yaml', app('1.10.0'));
      files.set('kubernetes/apps/new.yaml', chart('v1.21.2').replace('name: cert-manager', 'name: new'));
      const previous = new Map(committed);
      previous.set('kubernetes/cert-manager/helmchart.yaml', chart('v1.22.0'));
      previous.set('kubernetes/apps/mine.yaml', app('1.13.0'));
      const found = expectReport(runRules(lifecycleRules, { env: resolveK3s(base), files, previous }));
      expect(summary(found)).toEqual([['versions.chart-downgrade', 'warning', 'fixture.versions.charts.certManager.version', 'v1.22.0 → v1.21.2']]);
      previous.set('kubernetes/cert-manager/helmchart.yaml', chart('v1.22.0').replace('chart: cert-manager', 'chart: other'));
      expect(runRules(lifecycleRules, { env: resolveK3s(base), files, previous })).toEqual([]);
    });

    it('fails when the Cilium OCIRepository tag is above the pin, and passes an upgrade', () => {
      const path = 'kubernetes/platform/cilium/ocirepository.flux-system.cilium.yaml';
      expect(summary(over(base, replace(path, 'tag: 1.20.0', 'tag: 1.20.1')))).toEqual([['versions.chart-downgrade', 'warning', 'fixture.versions.charts.cilium.version', '1.20.1 → 1.20.0']]);
      expect(over(base, replace(path, 'tag: 1.20.0', 'tag: 1.19.3'))).toEqual([]);
    });
  });

  describe('versions.flux-downgrade', () => {
    it("fails when Flux's release is below the committed FluxInstance's", () => {
      const found = over(base, replace('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml', 'version: 2.9.4', 'version: 2.10.0'));
      expect(summary(found)).toEqual([['versions.flux-downgrade', 'warning', 'fixture.versions.flux.version', '2.10.0 → 2.9.4']]);
      expect(found[0]!.action).toEqual({ set: 'versions.flux.version', to: '2.10.0' });
    });
  });

  describe('capi.provider-downgrade', () => {
    // The management fixture's providers over a committed tree holding provider objects written by hand.
    const fleet = modify(mgmt as EnvironmentSpec, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });
    const provider = (kind: string, name: string, version: string) =>
      `apiVersion: operator.cluster.x-k8s.io/v1alpha2\nkind: ${kind}\nmetadata:\n  name: ${name}\n  namespace: capi-system\nspec:\n  version: ${version}\n`;
    const providers = (spec: EnvironmentSpec, committedProviders: Record<string, string>) => {
      const previous = new Map(committed);
      for (const [file, text] of Object.entries(committedProviders)) previous.set(`kubernetes/capi-providers/${file}.yaml`, text);
      // The fixture's k3s fields differ from the base tree's: only this rule's findings count.
      return expectReport(runRules(lifecycleRules, { env: resolve(spec), files: committed, previous }).filter((v) => v.code === 'capi.provider-downgrade'));
    };
    const core = (version: string) => ({ core: provider('CoreProvider', 'cluster-api', version) });
    const at = (version: string) => modify(fleet, (e) => { e.clusterApi!.providers[0]!.version = version; });

    it('passes the same release, an upgrade, a provider the committed tree lacks, and another kind of the same name', () => {
      expect(providers(fleet, core('v1.12.11'))).toEqual([]);
      expect(providers(fleet, core('v1.11.4'))).toEqual([]);
      expect(providers(fleet, {})).toEqual([]);
      expect(providers(fleet, { other: provider('BootstrapProvider', 'cluster-api', 'v1.13.0'), unparsable: provider('IPAMProvider', 'in-cluster', 'latest') })).toEqual([]);
    });

    it("fails when a provider's minor is below the committed provider object's, naming the operator's refusal", () => {
      const found = providers(fleet, core('v1.13.0'));
      expect(summary(found)).toEqual([['capi.provider-downgrade', 'error', 'mgmt.clusterApi.providers[0].version', 'v1.13.0 → v1.12.11']]);
      expect(found[0]!.message).toContain('CoreProvider cluster-api');
      expect(found[0]!.message).toContain('UnsupportedProviderDowngradeReason');
      expect(found[0]!.action).toEqual({ set: 'clusterApi.providers[0].version', to: 'v1.13.0' });
    });

    it('fails when a major is below, which the operator refuses as a minor', () => {
      const found = providers(at('v1.0.5'), core('v2.0.0'));
      expect(summary(found)).toEqual([['capi.provider-downgrade', 'error', 'mgmt.clusterApi.providers[0].version', 'v2.0.0 → v1.0.5']]);
      expect(found[0]!.message).toContain('UnsupportedProviderDowngradeReason');
    });

    it('fails when only the patch is below, which the operator lets through', () => {
      const found = providers(fleet, { ipam: provider('IPAMProvider', 'in-cluster', 'v1.1.2') });
      expect(summary(found)).toEqual([['capi.provider-downgrade', 'error', 'mgmt.clusterApi.providers[4].version', 'v1.1.2 → v1.1.1']]);
      expect(found[0]!.message).toContain('lets a lower patch through');
    });

    it('fixes it: the committed release set back passes', () => {
      const [v] = providers(fleet, core('v1.13.0'));
      expect(providers(at(String(v!.action && 'to' in v!.action ? v!.action.to : '')), core('v1.13.0'))).toEqual([]);
    });
  });

  describe('versions.gateway-api-downgrade', () => {
    const SOURCE = 'kubernetes/gateway-api/gateway-api/gitrepository.flux-system.gateway-api.yaml';
    const at = (version: string) => modify(base, (e) => { e.versions = { gatewayApi: { version } }; });

    it('passes an upgrade, a committed tree without the source, and a current tree that pulls none', () => {
      expect(over(base, replace(SOURCE, 'tag: v1.6.1', 'tag: v1.5.0'))).toEqual([]);
      expect(over(base, (previous) => previous.delete(SOURCE))).toEqual([]);
      const files = new Map(committed);
      files.delete(SOURCE);
      const previous = new Map(committed);
      previous.set(SOURCE, committed.get(SOURCE)!.replace('tag: v1.6.1', 'tag: v1.7.0'));
      expect(runRules(lifecycleRules, { env: resolveK3s(base), files, previous })).toEqual([]);
    });

    it('passes a GitRepository of that name outside flux-system', () => {
      expect(over(base, (previous) => {
        previous.set(SOURCE, committed.get(SOURCE)!.replace('tag: v1.6.1', 'tag: v1.7.0').replace('namespace: flux-system', 'namespace: lab1'));
      })).toEqual([]);
    });

    it("fails when the Gateway API release is below the committed tree's GitRepository tag", () => {
      const found = over(base, replace(SOURCE, 'tag: v1.6.1', 'tag: v1.7.0'));
      expect(summary(found)).toEqual([['versions.gateway-api-downgrade', 'warning', 'fixture.versions.gatewayApi.version', 'v1.7.0 → v1.6.1']]);
      expect(found[0]!.message).toContain('Gateway API CRDs');
      expect(found[0]!.action).toEqual({ set: 'versions.gatewayApi.version', to: 'v1.7.0' });
    });

    it('fixes it: the committed release set back passes', () => {
      const current = at('v1.5.0');
      const files = renderEnvironment(resolveK3s(current));
      const [v, ...rest] = expectReport(runRules(lifecycleRules, { env: resolveK3s(current), files, previous: committed }));
      expect(rest).toEqual([]);
      expect(summary([v!])).toEqual([['versions.gateway-api-downgrade', 'warning', 'fixture.versions.gatewayApi.version', 'v1.6.1 → v1.5.0']]);
      const back = at(String(v!.action && 'to' in v!.action ? v!.action.to : ''));
      expect(runRules(lifecycleRules, { env: resolveK3s(back), files: renderEnvironment(resolveK3s(back)), previous: committed })).toEqual([]);
    });
  });
});
