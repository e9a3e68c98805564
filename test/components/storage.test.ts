import { describe, expect, it } from 'vitest';
import { dayTwoNotes } from '../../src/bootstrap/day-two';
import { check } from '../../src/check/run';
import { claimName } from '../../src/components/entry';
import { LONGHORN_STORAGE_CLASS } from '../../src/components/longhorn/chart';
import { K3S_LOCAL_PATH, K3S_LOCAL_STORAGE } from '../../src/model/k3s-packaged';
import { enabledComponents } from '../../src/components/table';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment, synthesize } from '../../src/synth/render';
import { codes, expectOnly, expectReport } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { rendered } from '../fixtures/render';

// threeServers' platform layer lists `monitoring`, which kube-prometheus-stack creates itself; its
// alert rules need a layer after the charts'.
const monitored = (spec: EnvironmentSpec) => modify(spec, (e: any) => { e.monitoring = { profile: 'small', rulesLayer: 'network' }; e.flux.layers[0].namespaces = []; });
const withLonghorn = monitored(modify(threeServers, (e) => { e.longhorn = {}; }));
const withoutLonghorn = monitored(threeServers);

const release = (spec: EnvironmentSpec, name: string) => rendered(spec).doc(`kubernetes/platform/${name}/helmrelease.monitoring.${name}.yaml`);
const dig = (values: any, path: string) => path.split('.').reduce((v, key) => v?.[key], values);

describe('storage: Longhorn the only default class', () => {
  it("disables k3s's local-storage on every server where Longhorn runs, and only there", () => {
    const on = rendered(withLonghorn);
    for (const server of ['fx-1', 'fx-2', 'fx-3']) expect(on.doc(`bootstrap/nodes/${server}/config.yaml`).disable).toEqual(['traefik', 'servicelb', K3S_LOCAL_STORAGE]);
    expect(rendered(withoutLonghorn).doc('bootstrap/nodes/fx-1/config.yaml').disable).toEqual(['traefik', 'servicelb']);
  });

  it('keeps an explicit k3s.disable as written', () => {
    const spec = modify(withLonghorn, (e) => { e.k3s.disable = ['traefik', 'servicelb', 'metrics-server', K3S_LOCAL_STORAGE]; });
    expect(rendered(spec).doc('bootstrap/nodes/fx-1/config.yaml').disable).toEqual(['traefik', 'servicelb', 'metrics-server', K3S_LOCAL_STORAGE]);
  });

  it('fails when an explicit k3s.disable leaves local-storage on beside Longhorn (two default classes)', () => {
    const [v] = expectOnly(modify(withLonghorn, (e) => { e.k3s.disable = ['traefik', 'servicelb']; }), 'storage.two-defaults');
    expect(v).toMatchObject({ path: 'fixture.k3s.disable', value: '["traefik","servicelb"]' });
    expect(v!.fix).toContain("add 'local-storage' to k3s.disable");
  });

  it('turns off the upgrade checker the default-deny baseline would block', () => {
    expect(rendered(withLonghorn).doc('kubernetes/platform/longhorn/helmrelease.longhorn-system.longhorn.yaml').spec.values.defaultSettings).toMatchObject({ upgradeChecker: false });
  });

  it('says in the README which classes the cluster has', () => {
    expect(rendered(withLonghorn).text('README.md')).toContain("| storage | Longhorn 1.12.1: `longhorn` (the default class, 3 replicas) and `bulk` (1), on /var/lib/longhorn of every node; k3s's local-storage is disabled |");
    expect(rendered(withoutLonghorn).text('README.md')).toContain("| storage | k3s's local-path (the default class): a directory on one node's disk, no replicas |");
  });
});

describe("storage: the platform's claims", () => {
  it("name Longhorn's class where Longhorn runs, k3s's local-path where it does not", () => {
    expect(release(withLonghorn, 'kube-prometheus-stack').spec.values.prometheus.prometheusSpec.storageSpec.volumeClaimTemplate.spec.storageClassName).toBe(LONGHORN_STORAGE_CLASS);
    expect(release(withLonghorn, 'loki').spec.values.singleBinary.persistence.storageClass).toBe(LONGHORN_STORAGE_CLASS);
    expect(release(withoutLonghorn, 'loki').spec.values.singleBinary.persistence.storageClass).toBe(K3S_LOCAL_PATH);
  });

  it.each([['with Longhorn', withLonghorn], ['without', withoutLonghorn]])("are set in each chart's values where the entry says (%s)", (_name, spec) => {
    const env = resolve(spec);
    const claims = enabledComponents(env).flatMap(({ entry, config }) => (entry.claims?.(config) ?? []).map((claim) => ({ claim, values: entry.chart!(config, env).values })));
    expect(claims.map(({ claim }) => claim.what)).toEqual(['Prometheus', 'Loki']);
    for (const { claim, values } of claims) expect(dig(values, claim.valuesPath)).toBe(claim.storageClass);
  });

  it("wait for Longhorn's HelmRelease where they share its layer; Alloy, which claims nothing, does not", () => {
    const longhorn = [{ name: 'longhorn', namespace: 'longhorn-system' }];
    expect(release(withLonghorn, 'kube-prometheus-stack').spec.dependsOn).toEqual(longhorn);
    expect(release(withLonghorn, 'loki').spec.dependsOn).toEqual(longhorn);
    expect(release(withLonghorn, 'alloy').spec.dependsOn).toBeUndefined();
    expect(release(withoutLonghorn, 'loki').spec.dependsOn).toBeUndefined();
  });

  it("leave the order to the layers where monitoring is in a layer after Longhorn's", () => {
    const spec = modify(withLonghorn, (e: any) => { e.monitoring.layer = 'network'; e.monitoring.rulesLayer = 'apps'; });
    expect(codes(spec)).toEqual([]);
    expect(rendered(spec).doc('kubernetes/network/loki/helmrelease.monitoring.loki.yaml').spec.dependsOn).toBeUndefined();
  });

  it("fail when monitoring's layer does not come after Longhorn's", () => {
    const spec = modify(withLonghorn, (e: any) => { e.monitoring.layer = 'gateway-api'; e.monitoring.rulesLayer = 'network'; });
    const found = check(spec).filter((v) => v.code === 'storage.claim-unordered');
    // One field, one fix: reported once, naming both claims.
    expect(found.map((v) => v.message)).toEqual([
      "Prometheus (kube-prometheus-stack) and Loki (loki) claim from longhorn, but their layer gateway-api does not depend on longhorn's layer platform: a claim can be made before the class exists",
    ]);
    expect(found[0]).toMatchObject({ severity: 'error', path: 'fixture.monitoring.layer', value: 'gateway-api', fix: "add 'platform' to the dependsOn of layer gateway-api, or set monitoring.layer to 'platform'" });
  });

  it('fail in one layer with k3s HelmCharts, which have no order', () => {
    const spec = modify(withLonghorn, (e) => { e.helmInstaller = 'k3s'; });
    const found = check(spec).filter((v) => v.code === 'storage.claim-unordered');
    // The fix names each component, so each is its own finding.
    expect(found.map((v) => v.fix)).toEqual(['give kube-prometheus-stack a layer that depends on platform (monitoring.layer)', 'give loki a layer that depends on platform (monitoring.layer)']);
  });

  it('warn where they land on local-path (no Longhorn): one node holds the data', () => {
    expect(codes(withoutLonghorn)).toEqual(['storage.node-local']);
    const found = check(withoutLonghorn).filter((v) => v.code === 'storage.node-local');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning', path: 'fixture.longhorn', value: '(not set)', fix: 'turn Longhorn on (longhorn: {}, with a data disk per node) to replicate them, or accept node-local data' });
    expect(found[0]!.message).toBe('Prometheus (kube-prometheus-stack) and Loki (loki) keep their volumes on local-path: a directory on the node each first runs on; each pod can run nowhere else, and the data goes with that node');
  });

  it('fail where the class they name does not exist (no Longhorn, local-storage disabled)', () => {
    const spec = modify(withoutLonghorn, (e) => { e.k3s.disable = ['traefik', 'servicelb', K3S_LOCAL_STORAGE]; });
    const found = expectOnly(spec, 'storage.class-missing');
    expect(found.map((v) => v.message)).toEqual([
      'Prometheus (kube-prometheus-stack) and Loki (loki) claim their volumes from StorageClass local-path, which fixture does not have: Longhorn is off and k3s.disable lists local-storage; the claims would stay Pending and the releases would fail',
    ]);
    expect(found[0]).toMatchObject({ path: 'fixture.k3s.disable', fix: "turn Longhorn on (longhorn: {}), or remove 'local-storage' from k3s.disable" });
  });
});

describe("storage: the apps' own claims in the rendered tree", () => {
  const withApp = (spec: EnvironmentSpec, files: Record<string, string>) =>
    synthesize(modify(spec, (e) => { e.apps = [{ name: 'db', layer: 'apps', manifests: 'manifests/fixture/db' }]; }), { appSources: new Map(Object.entries(files)) }).violations.filter((v) => v.code === 'storage.tree-class-missing');
  const pvc = (storageClassName?: string) => `apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata:\n  name: data\n  namespace: apps\nspec:\n  accessModes: [ReadWriteOnce]\n${storageClassName === undefined ? '' : `  storageClassName: ${storageClassName}\n`}  resources:\n    requests:\n      storage: 1Gi\n`;
  const statefulSet = (storageClassName: string) => `apiVersion: apps/v1\nkind: StatefulSet\nmetadata:\n  name: db\n  namespace: apps\nspec:\n  serviceName: db\n  selector:\n    matchLabels: {app: db}\n  template:\n    metadata:\n      labels: {app: db}\n    spec:\n      containers: [{name: db, image: 'postgres:17'}]\n  volumeClaimTemplates:\n    - metadata: {name: data}\n      spec:\n        storageClassName: ${storageClassName}\n        accessModes: [ReadWriteOnce]\n        resources: {requests: {storage: 1Gi}}\n`;

  it("pass on Longhorn's classes, on a class the tree creates, and with no class where a default exists", () => {
    expect(withApp(withLonghorn, { 'manifests/fixture/db/pvc.yaml': pvc('bulk'), 'manifests/fixture/db/sts.yaml': statefulSet(LONGHORN_STORAGE_CLASS) })).toEqual([]);
    expect(withApp(withLonghorn, { 'manifests/fixture/db/pvc.yaml': pvc() })).toEqual([]);
    const own = 'apiVersion: storage.k8s.io/v1\nkind: StorageClass\nmetadata:\n  name: nfs\nprovisioner: nfs.csi.k8s.io\n';
    expect(withApp(withLonghorn, { 'manifests/fixture/db/sc.yaml': own, 'manifests/fixture/db/pvc.yaml': pvc('nfs') })).toEqual([]);
  });

  it('fail on a PersistentVolumeClaim or a volumeClaimTemplate naming a class the cluster does not have', () => {
    const found = expectReport(withApp(withLonghorn, { 'manifests/fixture/db/pvc.yaml': pvc(K3S_LOCAL_PATH), 'manifests/fixture/db/sts.yaml': statefulSet('fast') }));
    expect(found.map((v) => [v.path, v.value])).toEqual([
      // The files the user edits, not synth's copies.
      ['manifests/fixture/db/pvc.yaml:spec.storageClassName', 'local-path'],
      ['manifests/fixture/db/sts.yaml:spec.volumeClaimTemplates[0].spec.storageClassName', 'fast'],
    ]);
    expect(found[0]).toMatchObject({ severity: 'error', fix: 'name one of: bulk, longhorn' });
  });

  it('fail on a claim naming no class where the cluster has no default', () => {
    const bare = modify(threeServers, (e) => { e.k3s.disable = ['traefik', 'servicelb', K3S_LOCAL_STORAGE]; });
    const [v] = withApp(bare, { 'manifests/fixture/db/pvc.yaml': pvc() });
    expect(v).toMatchObject({ value: '(not set)', fix: 'name one of: (none)' });
    expect(v!.message).toContain('has no default class');
  });
});

describe('storage: Day 2 on a cluster whose volumes were made on local-path', () => {
  it('moves the claims of Prometheus and Loki to Longhorn, each only if it is on local-path, dropping their data', () => {
    const book = rendered(dev).text('bootstrap/README.md');
    const start = book.indexOf('## Volumes made on local-path');
    const section = book.slice(start, book.indexOf('\n## ', start + 1));
    // It comes before the restart that disables local-storage.
    expect(start).toBeLessThan(book.indexOf("## A server's k3s config changed"));
    expect(section).toContain('StatefulSet monitoring/prometheus-kube-prometheus-stack-prometheus, claim prometheus-kube-prometheus-stack-prometheus-db-prometheus-kube-prometheus-stack-prometheus-0');
    expect(section).toContain('StatefulSet monitoring/loki, claim storage-loki-0');
    expect(section).toContain('Their data is dropped');
    expect(section).toContain('[ "$CLASS_WAS" != local-path ] || kubectl -n monitoring delete pvc storage-loki-0 --wait=false');
    // Helm alone remakes Loki's StatefulSet; prometheus-operator remakes Prometheus's by itself.
    expect(section).toContain('annotate --field-manager=flux-client-side-apply --overwrite helmrelease/loki');
    expect(section).not.toContain('helmrelease/kube-prometheus-stack "');
    // The claim goes before the StatefulSet, so nothing mounts the old volume again.
    expect(section.indexOf('delete pvc storage-loki-0')).toBeLessThan(section.indexOf('delete statefulset loki'));
    // Prometheus's StatefulSet goes only once Helm has applied the new class to the Prometheus object the operator reads.
    const applied = section.indexOf("get prometheus.monitoring.coreos.com kube-prometheus-stack-prometheus -o jsonpath='\\''{.spec.storage.volumeClaimTemplate.spec.storageClassName}'\\'')\" = longhorn");
    expect(applied).toBeGreaterThan(-1);
    expect(applied).toBeLessThan(section.indexOf('delete statefulset prometheus-kube-prometheus-stack-prometheus'));
  });

  it('names the claim the StatefulSet makes from its template', () => {
    const env = resolve(dev);
    const claims = enabledComponents(env).flatMap(({ entry, config }) => entry.claims?.(config) ?? []);
    expect(claims.map(claimName)).toEqual(['prometheus-kube-prometheus-stack-prometheus-db-prometheus-kube-prometheus-stack-prometheus-0', 'storage-loki-0']);
  });

  it("says, in the servers' restart section, to move the volumes before the restart that disables local-storage", () => {
    expect(rendered(dev).text('bootstrap/README.md')).toContain('A change that adds `local-storage` to `disable` makes k3s delete its local-path class and provisioner at the restart: move the volumes made on local-path first');
  });

  it('points at no volume section where the runbook has none (Longhorn without monitoring)', () => {
    const book = rendered(modify(dev, (e) => { delete e.monitoring; })).text('bootstrap/README.md');
    expect(book).not.toContain('## Volumes made on local-path');
    expect(book).toContain('move the volumes made on local-path first (a claim cannot change its class: delete it and let its owner make it again).');
  });

  it('has nothing to move without Longhorn', () => {
    expect(rendered(withoutLonghorn).text('bootstrap/README.md')).not.toContain('## Volumes made on local-path');
  });

  it("restarts the servers one at a time when local-storage is disabled, naming the changed key", () => {
    const before = renderEnvironment(resolve(modify(withLonghorn, (e) => { e.k3s.disable = ['traefik', 'servicelb']; })));
    expect(dayTwoNotes(before, renderEnvironment(resolve(withLonghorn)))).toEqual([
      'k3s config changed on fx-2 (disable), fx-3 (disable), fx-1 (disable): restart k3s one server at a time in this order, each Ready before the next (bootstrap/README.md, Day 2)',
    ]);
  });
});
