import { ApiObject } from 'cdk8s';
import type { Construct } from 'constructs';
import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { synthesize } from '../../src/synth/render';
import type { Violation } from '../../src/model/violation';
import { notificationSecrets, podinfo } from '../fixtures/corpus';
import { dev } from '../fixtures/fleet/dev';
import { modify, threeServers } from '../fixtures/environments';
import type { Mutable } from '../fixtures/environments';
import { expectReport } from '../fixtures/expect';

// The user's apps against the platform: one object, two owners.
const FOLDER = 'manifests/fixture/legacy';
const legacy = { name: 'legacy', layer: 'apps', manifests: FOLDER };

/** threeServers with Longhorn and the given apps. */
const withApps = (apps: Mutable<EnvironmentSpec>['apps']) => modify(threeServers, (e) => { e.longhorn = {}; e.apps = apps; });

/** The ownership findings synth reports, each checked for its path, value and fix. */
function ownership(spec: EnvironmentSpec, files: Record<string, string> = {}, secrets?: ReadonlyMap<string, string>): Violation[] {
  const { violations } = synthesize(spec, { secrets, appSources: new Map(Object.entries(files).map(([f, text]) => [`${FOLDER}/${f}`, text])) });
  const found = violations.filter((v) => v.code === 'app.object-owned' || v.code === 'app.object-platform-namespace');
  if (found.length > 0) expectReport(found);
  return found;
}

const yaml = (apiVersion: string, kind: string, name: string, namespace?: string) =>
  `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}`;
const manifests = (...docs: string[]) => ownership(withApps([legacy]), { 'objects.yaml': docs.join('---\n') });
const codes = (found: readonly Violation[]) => found.map((v) => `${v.code} ${v.value}`);

describe("the apps' objects against the platform's", () => {
  it("passes objects in the app's own namespace, other names of a platform kind, and cluster-scoped objects of its own", () => {
    expect(manifests(
      yaml('v1', 'ConfigMap', 'settings', 'legacy'),
      yaml('storage.k8s.io/v1', 'StorageClass', 'legacy-fast'),
      yaml('v1', 'Namespace', 'legacy-extra'),
      yaml('helm.toolkit.fluxcd.io/v2', 'HelmRelease', 'longhorn', 'legacy'),
    )).toEqual([]);
  });

  it('passes a Helm app (its objects exist only in the cluster) and an object that names no namespace (app.manifest-namespace)', () => {
    expect(ownership(withApps([podinfo]))).toEqual([]);
    const found = synthesize(withApps([legacy]), { appSources: new Map([[`${FOLDER}/a.yaml`, yaml('v1', 'ConfigMap', 'longhorn')]]) }).violations.map((v) => v.code);
    expect(found).toEqual(['app.manifest-namespace']);
  });

  it.each(['flux-system', 'kube-system', 'default'])("fails when a manifests folder declares the cluster's own Namespace %s: Flux would prune it with the app", (ns) => {
    const [found, ...rest] = manifests(yaml('v1', 'Namespace', ns));
    expect(rest).toEqual([]);
    const owner = ns === 'flux-system' ? 'flux-operator' : 'Kubernetes';
    expect(found).toMatchObject({
      code: 'app.object-owned',
      value: `Namespace ${ns}`,
      message: `app legacy declares Namespace ${ns}, which ${owner} makes (no file of the tree writes it): layer apps would label it as its own, and removing app legacy (or the layer) makes Flux delete it, and everything in it`,
      fix: `remove Namespace ${ns} from the app's objects: ${owner} makes it, and nothing should apply it`,
    });
  });

  it("fails when a manifests folder declares a platform component's Namespace, naming both owners and the prune", () => {
    const [found, ...rest] = manifests(yaml('v1', 'Namespace', 'longhorn-system'));
    expect(rest).toEqual([]);
    expect(found).toEqual({
      code: 'app.object-owned',
      severity: 'error',
      path: `${FOLDER}/objects.yaml`,
      value: 'Namespace longhorn-system',
      message: 'app legacy declares Namespace longhorn-system, which the longhorn component also writes (clusters/fixture/kubernetes/platform/longhorn/namespace.longhorn-system.yaml): layer platform and layer apps would both apply it, each relabelling it as its own, and whichever applied it last deletes it when it prunes (removing app legacy, say), and everything in it',
      fix: "remove Namespace longhorn-system from the app's objects; decide whether to change it through the longhorn component's own settings instead",
    });
  });

  it('fails when a manifests folder declares the Namespace synth creates for the app: one layer, two objects of one id', () => {
    const [found] = manifests(yaml('v1', 'Namespace', 'legacy'));
    expect(found).toMatchObject({
      code: 'app.object-owned',
      message: expect.stringContaining('which synth (the namespaces its layer creates) also writes (clusters/fixture/kubernetes/apps/namespaces/namespace.legacy.yaml): both are in layer apps, whose kustomize build refuses a second object of one id'),
      fix: "remove the Namespace legacy from the app's objects: synth creates the app's namespace (clusters/fixture/kubernetes/apps/namespaces/namespace.legacy.yaml)",
    });
  });

  it("fails when a manifests folder declares a cluster-scoped object of the tree, or one a component's chart makes", () => {
    expect(codes(manifests(yaml('storage.k8s.io/v1', 'StorageClass', 'bulk')))).toEqual(['app.object-owned StorageClass bulk']);
    const [charted] = manifests(yaml('storage.k8s.io/v1', 'StorageClass', 'longhorn'));
    expect(charted!.message).toBe(
      'app legacy declares StorageClass longhorn, which the longhorn component also writes (the chart of its HelmRelease): layer apps would apply it beside the release of layer platform, whose install refuses an object it does not own (on a cluster where the app came first), and pruning the app deletes it from under the release',
    );
  });

  it("fails when an app declares one of Flux's own objects, applied by the root Kustomization", () => {
    const [found] = manifests(yaml('kustomize.toolkit.fluxcd.io/v1', 'Kustomization', 'platform', 'flux-system'));
    expect(found!.message).toContain("which synth also writes (clusters/fixture/kubernetes/platform.yaml): Flux's root Kustomization flux-system and layer apps would both apply it");
    const [instance] = manifests(yaml('fluxcd.controlplane.io/v1', 'FluxInstance', 'flux', 'flux-system'));
    expect(instance!.message).toContain("which Flux itself (flux-system) also writes (clusters/fixture/kubernetes/flux-system/fluxinstance.flux-system.flux.yaml): Flux's root Kustomization flux-system and layer apps would both apply it");
  });

  it("names the app's own Namespace only for a Namespace: another object named like the app's namespace gets the general fix", () => {
    const found = ownership(withApps([{ ...legacy, namespace: 'platform' }]), { 'k.yaml': yaml('kustomize.toolkit.fluxcd.io/v1', 'Kustomization', 'platform', 'flux-system') });
    expect(found.filter((v) => v.code === 'app.object-owned').map((v) => v.fix)).toEqual(["remove Kustomization flux-system/platform from the app's objects; decide whether to change it through synth's own settings instead"]);
  });

  it("fails when an app declares an object of a folder a component declares beside its own, naming that component", () => {
    const spec = modify(dev, (e) => { e.notifications = { webhook: {} } as NonNullable<typeof e.notifications>; e.apps = [legacy]; });
    const found = ownership(spec, { 'route.yaml': yaml('gateway.networking.k8s.io/v1', 'HTTPRoute', 'flux-webhook', 'ingress') }, new Map(Object.entries(notificationSecrets('dev', ['flux-system.flux-webhook-token']))));
    expect(found.find((v) => v.code === 'app.object-owned')).toMatchObject({
      message: expect.stringContaining('which the notifications component also writes (clusters/dev/kubernetes/network/flux-webhook/httproute.ingress.flux-webhook.yaml)'),
      fix: "remove HTTPRoute ingress/flux-webhook from the app's objects; decide whether to change it through the notifications component's own settings instead",
    });
  });

  it('passes two apps with objects of their own, and leaves one object written twice by one app to kustomize', () => {
    const mine = (scope: Construct) => { new ApiObject(scope, 'role', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'first-reader' } }); };
    expect(ownership(withApps([{ name: 'first', layer: 'apps', construct: mine }, legacy]), { 'role.yaml': yaml('rbac.authorization.k8s.io/v1', 'ClusterRole', 'legacy-reader') })).toEqual([]);
    const twice = synthesize(withApps([legacy]), { appSources: new Map([[`${FOLDER}/a.yaml`, yaml('v1', 'ConfigMap', 'x', 'legacy')], [`${FOLDER}/b.yaml`, yaml('v1', 'ConfigMap', 'x', 'legacy')]]) });
    expect(twice.violations.filter((v) => v.code === 'app.object-owned')).toEqual([]);
  });

  it('keys on the group, not the version: another group of one kind and name passes', () => {
    expect(codes(manifests(yaml('helm.toolkit.fluxcd.io/v2beta2', 'HelmRelease', 'longhorn', 'longhorn-system')))).toContain('app.object-owned HelmRelease longhorn-system/longhorn');
    expect(codes(manifests(yaml('example.com/v1', 'HelmRelease', 'longhorn', 'longhorn-system')))).not.toContain('app.object-owned HelmRelease longhorn-system/longhorn');
  });

  it('fails when two apps declare one object, reported once on the later', () => {
    const other = (scope: Construct) => { new ApiObject(scope, 'role', { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'shared-reader' } }); };
    const found = ownership(withApps([{ name: 'first', layer: 'apps', construct: other }, legacy]), { 'role.yaml': yaml('rbac.authorization.k8s.io/v1', 'ClusterRole', 'shared-reader') });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      path: `${FOLDER}/role.yaml`,
      message: expect.stringContaining('which app first also writes (clusters/fixture/kubernetes/apps/first/clusterrole.shared-reader.yaml): both are in layer apps'),
      fix: "remove ClusterRole shared-reader from the app's objects, or from app first's",
    });
  });

  it("fails when a construct declares a platform component's Namespace", () => {
    const construct = (scope: Construct) => { new ApiObject(scope, 'ns', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'longhorn-system' } }); };
    const found = ownership(withApps([{ name: 'shop', layer: 'apps', construct }]));
    expect(codes(found)).toEqual(['app.object-owned Namespace longhorn-system']);
    expect(found[0]!.path).toBe('clusters/fixture/kubernetes/apps/shop/namespace.longhorn-system.yaml');
  });
});

describe("the apps' objects in the platform's namespaces", () => {
  it("passes the app's own namespace and a namespace a layer lists", () => {
    expect(manifests(yaml('v1', 'ConfigMap', 'a', 'legacy'), yaml('v1', 'ConfigMap', 'b', 'apps'))).toEqual([]);
  });

  it("warns when an object goes into a component's namespace or the cluster's, naming the owner", () => {
    const found = manifests(yaml('longhorn.io/v1beta2', 'RecurringJob', 'nightly', 'longhorn-system'), yaml('v1', 'ConfigMap', 'patch', 'default'));
    expect(found).toEqual([
      {
        code: 'app.object-platform-namespace',
        severity: 'warning',
        path: `${FOLDER}/objects.yaml`,
        value: 'RecurringJob longhorn-system/nightly',
        message: "app legacy puts RecurringJob nightly into longhorn-system, which belongs to the longhorn component, not into its own namespace legacy: layer apps would write into the platform's namespace",
        fix: 'move it into the app\'s namespace legacy; keep it in longhorn-system only where the longhorn component reads it there alone (decide which)',
      },
      expect.objectContaining({ code: 'app.object-platform-namespace', value: 'ConfigMap default/patch', message: expect.stringContaining('which belongs to the cluster') }),
    ]);
    // kube-system is the cluster's, and Cilium's: the component is named.
    expect(manifests(yaml('v1', 'ConfigMap', 'patch', 'kube-system'))[0]!.message).toContain('into kube-system, which belongs to the cilium component');
  });

  it("leaves an object the platform also writes to app.object-owned alone: its fix removes it, so moving it is no second fix", () => {
    const found = manifests(yaml('helm.toolkit.fluxcd.io/v2', 'HelmRelease', 'longhorn', 'longhorn-system'), yaml('longhorn.io/v1beta2', 'RecurringJob', 'nightly', 'longhorn-system'));
    expect(codes(found)).toEqual(['app.object-owned HelmRelease longhorn-system/longhorn', 'app.object-platform-namespace RecurringJob longhorn-system/nightly']);
  });
});
