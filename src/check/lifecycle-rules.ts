import semver from 'semver';
import { k3sPin } from '../bootstrap/day-two';
import { providerVersions } from '../components/cluster-api/rendered-rules';
import { FLUX_NAMESPACE } from '../k8s/flux-sync';
import { GATEWAY_API_SOURCE } from '../k8s/gateway-api-source';
import type { Finding, Rule } from '../model/violation';
import { isK3s } from '../model/resolve';
import { documents, firstDocument } from '../model/rendered-tree';
import type { KubeDoc, RenderedTree } from '../model/rendered-tree';

// An environment against the committed tree it replaces: the values a running cluster cannot
// take back (a release below the one that wrote its data) or takes without moving its data.

/** The server configs of a committed tree (`bootstrap/nodes/<node>/config.yaml`). */
function serverConfigs(files: ReadonlyMap<string, string>): Record<string, unknown>[] {
  return [...files.keys()].filter((p) => /^bootstrap\/nodes\/[^/]+\/config\.yaml$/.test(p)).map((p) => firstDocument(files, p) ?? {});
}

/** Whether `to` is a release below `from` (both semver, a leading v allowed); an unparsable one is never. */
const below = (to: string, from: string) => {
  try {
    return semver.lt(to, from);
  } catch {
    return false;
  }
};

const key = (doc: KubeDoc) => `${doc.kind}/${doc.metadata?.namespace}/${doc.metadata?.name}`;
/** The objects of the committed tree Flux applies (its bootstrap copies are the same objects). */
const committedObjects = (previous: ReadonlyMap<string, string>) => documents(previous, 'kubernetes/').map(({ doc }) => doc);
const get = (doc: KubeDoc, ...path: string[]): unknown => path.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], doc.spec);

/** A chart object's chart name and version as Flux (HelmRelease, OCIRepository) or k3s (HelmChart) reads them. */
function chartOf(doc: KubeDoc): { chart: unknown; version: unknown } | undefined {
  if (doc.kind === 'HelmRelease') return { chart: get(doc, 'chart', 'spec', 'chart'), version: get(doc, 'chart', 'spec', 'version') };
  if (doc.kind === 'HelmChart') return { chart: get(doc, 'chart'), version: get(doc, 'version') };
  if (doc.kind === 'OCIRepository') return { chart: String(get(doc, 'url')).split('/').pop(), version: get(doc, 'ref', 'tag') };
  return undefined;
}

/** The committed version of each chart object the current tree installs at `version` of `chart`. */
function committedCharts(tree: RenderedTree, previous: ReadonlyMap<string, string>, chart: string, version: string): unknown[] {
  const before = new Map(committedObjects(previous).map((doc) => [key(doc), chartOf(doc)]));
  const installed = documents(tree.files, 'kubernetes/').filter(({ doc }) => chartOf(doc)?.chart === chart && chartOf(doc)?.version === version);
  return installed.map(({ doc }) => before.get(key(doc))).filter((was) => was?.chart === chart).map((was) => was!.version);
}

/** The release tag of the cluster's own Gateway API GitRepository in a tree, undefined where it pulls none. */
function gatewayApiTag(files: ReadonlyMap<string, string>): string | undefined {
  const source = documents(files, 'kubernetes/').find(({ doc }) => doc.kind === 'GitRepository' && doc.metadata?.name === GATEWAY_API_SOURCE && doc.metadata.namespace === FLUX_NAMESPACE);
  return source && String(get(source.doc, 'ref', 'tag'));
}

/** Whether two releases share major and minor: cluster-api-operator's preflight refuses a lower one only where not. */
const sameMinor = (a: string, b: string) => semver.major(a) === semver.major(b) && semver.minor(a) === semver.minor(b);

export const lifecycleRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'k3s.downgrade',
    severity: 'error',
    summary: "k3s's release is not below the committed tree's: k3s goes back only by restoring a datastore snapshot taken on the older release",
    // docs.k3s.io/upgrades/roll-back ("Rolling Back K3s"): a binary downgrade plus a datastore
    // restore; without a snapshot from that minor "you cannot roll back". Not provable here.
    check: (tree) => {
      const was = tree.previous && isK3s(tree.env) ? k3sPin(tree.previous) : undefined;
      if (!was || !isK3s(tree.env) || !below(tree.env.k3s.version, was)) return [];
      return [{
        path: `${tree.env.name}.k3s.version`,
        value: `${was} → ${tree.env.k3s.version}`,
        message: `k3s would go down from ${was}, the committed tree's release, to ${tree.env.k3s.version}: k3s rolls back only by restoring a datastore snapshot taken on the older release (k3s docs, "Rolling Back K3s"), and the older API server would read objects the newer one wrote`,
        fix: `keep ${was}: set k3s.version back to it; to undo a failed upgrade, restore a snapshot taken before it as the k3s docs' rollback describes, then pin its release`,
        action: { set: 'k3s.version', to: was },
      }];
    },
  },
  {
    code: 'k3s.datastore-changed',
    severity: 'error',
    summary: "a cluster whose committed tree has servers keeps its datastore (etcd stays etcd; sqlite may become etcd) and its data dir",
    check: (tree): Finding[] => {
      if (!tree.previous || !isK3s(tree.env)) return [];
      const configs = serverConfigs(tree.previous);
      const { name, k3s } = tree.env;
      const etcd = configs.some((c) => c['cluster-init'] === true);
      const dirs = [...new Set(configs.map((c) => c['data-dir']).filter((d): d is string => typeof d === 'string'))];
      return [
        // k3s docs, datastore/ha-embedded: sqlite converts to etcd by restarting with --cluster-init; nothing converts back.
        ...(etcd && k3s.datastore === 'sqlite' ? [{
          path: `${name}.k3s.datastore`,
          value: 'etcd → sqlite',
          message: `the committed tree's servers run embedded etcd, and k3s converts sqlite to etcd (--cluster-init) but never etcd back to sqlite: the founder restarted without cluster-init would start an empty sqlite datastore beside the cluster's etcd data`,
          fix: `keep k3s.datastore: 'etcd', or decide to rebuild the cluster on sqlite with its workloads restored from backups (a migration of its own, outside this runbook)`,
        }] : []),
        // k3s keeps its datastore under --data-dir (server/db); a new dir holds none.
        ...dirs.filter((d) => d !== k3s.dataDir).map((d) => ({
          path: `${name}.k3s.dataDir`,
          value: `${d} → ${k3s.dataDir}`,
          message: `the committed tree's servers keep their datastore, certificates and token under ${d}; k3s started with data-dir ${k3s.dataDir} finds none there and starts an empty cluster, leaving the cluster's data behind`,
          fix: `keep k3s.dataDir: '${d}', or decide how to move the data (stop k3s on every server, move ${d} to ${k3s.dataDir}, then apply): a migration of its own, outside this runbook`,
        })),
      ];
    },
  },
  {
    code: 'longhorn.data-path-changed',
    severity: 'warning',
    summary: "Longhorn's data path is the committed tree's: the setting names the default disk of nodes added later, and running nodes keep theirs with every replica on it",
    check: (tree) => {
      const release = committedObjects(tree.previous ?? new Map()).find((doc) => doc.kind === 'HelmRelease' && get(doc, 'chart', 'spec', 'chart') === 'longhorn');
      const was = release && get(release, 'values', 'defaultSettings', 'defaultDataPath');
      const now = tree.env.longhorn?.dataPath;
      if (typeof was !== 'string' || now === undefined || now === was) return [];
      // Longhorn v1.12.1 docs references/settings.md "Default Data Path": used when a node's default disk is created.
      return [{
        path: `${tree.env.name}.longhorn.dataPath`,
        value: `${was} → ${now}`,
        message: `Longhorn's default data path would move from ${was} to ${now}: Longhorn reads it only when it creates a node's default disk, so the running nodes keep their disk at ${was} with every replica on it, and only nodes added later use ${now}`,
        fix: `keep longhorn.dataPath: '${was}', or decide to move the disks node by node in Longhorn (add a disk at ${now}, evict the replicas from ${was}, remove it) before changing it here`,
      }];
    },
  },
  {
    code: 'versions.chart-downgrade',
    severity: 'warning',
    summary: "a component's chart release is not below the committed tree's: the older chart's CRDs and controllers meet objects the newer release stored",
    // Helm docs (topics/charts.md "Limitations on CRDs"): crds/ are never upgraded; Flux's
    // upgrade.crds CreateReplace does replace them, and apiextensions-apiserver's
    // ValidateCustomResourceDefinitionStoredVersions refuses a CRD without a version in status.storedVersions.
    check: (tree) => {
      const previous = tree.previous;
      if (!previous) return [];
      return Object.entries(tree.env.versions.charts).flatMap(([pin, { chart, version }]): Finding[] => {
        const was = committedCharts(tree, previous, chart, version).find((v): v is string => typeof v === 'string' && below(version, v));
        return was === undefined ? [] : [{
          path: `${tree.env.name}.versions.charts.${pin}.version`,
          value: `${was} → ${version}`,
          message: `chart ${chart} would go down from ${was}, the committed tree's release, to ${version}: ${version}'s controllers would serve the objects ${was} stored, and its CRDs either stay ${was}'s (Helm never upgrades crds/) or replace them (Flux's upgrade.crds: CreateReplace), which the API server refuses where a version objects are stored in is gone`,
          fix: `keep ${was}: set versions.charts.${pin}.version to it, or remove the override that lowers it; go down only to undo a release that failed`,
          action: { set: `versions.charts.${pin}.version`, to: was },
        }];
      });
    },
  },
  {
    code: 'versions.flux-downgrade',
    severity: 'warning',
    summary: "Flux's release is not below the committed tree's FluxInstance: Flux's CRDs keep the stored versions the newer controllers wrote",
    check: (tree) => {
      const instance = committedObjects(tree.previous ?? new Map()).find((doc) => doc.kind === 'FluxInstance');
      const was = instance && get(instance, 'distribution', 'version');
      const now = tree.env.versions.flux.version;
      if (typeof was !== 'string' || !below(now, was)) return [];
      return [{
        path: `${tree.env.name}.versions.flux.version`,
        value: `${was} → ${now}`,
        message: `Flux would go down from ${was}, the committed FluxInstance's release, to ${now}: flux-operator would run ${now}'s controllers over the CRDs and objects ${was} stored, their storage versions still the ones ${was} wrote`,
        fix: `keep ${was}: set versions.flux.version to it, or remove the override that lowers it; go down only to undo a release that failed`,
        action: { set: 'versions.flux.version', to: was },
      }];
    },
  },
  {
    code: 'capi.provider-downgrade',
    severity: 'error',
    summary: "no Cluster API provider's release is below the committed tree's provider object's: Cluster API supports no downgrade",
    // cluster-api v1.12.11 docs/book/src/reference/versions.md "Downgrades": not supported. cluster-api-operator
    // v0.28.0 internal/controller/preflight_checks.go checkProviderVersion refuses a lower major or minor
    // than status.installedVersion (UnsupportedProviderDowngradeReason) and lets a lower patch through.
    check: (tree) => {
      const before = providerVersions(tree.previous ?? new Map());
      return (tree.env.clusterApi?.providers ?? []).flatMap((p, i): Finding[] => {
        // A provider new to the tree has no release to go below ('' is never one).
        const was = before.get(`${p.kind} ${p.name}`) ?? '';
        if (!below(p.version, was)) return [];
        const how = sameMinor(p.version, was)
          ? `cluster-api-operator lets a lower patch through, so ${p.version}'s controllers would serve the CRDs and objects ${was} stored`
          : `cluster-api-operator's preflight check refuses a lower minor (UnsupportedProviderDowngradeReason) and leaves ${was} running with the provider not ready`;
        return [{
          path: `${tree.env.name}.clusterApi.providers[${i}].version`,
          value: `${was} → ${p.version}`,
          message: `${p.kind} ${p.name} would go down from ${was}, the committed tree's release, to ${p.version}: Cluster API supports no downgrade (its book, "Downgrades"); ${how}`,
          fix: `keep ${was}: set clusterApi.providers[${i}].version to it; a provider goes only up`,
          action: { set: `clusterApi.providers[${i}].version`, to: was },
        }];
      });
    },
  },
  {
    code: 'versions.gateway-api-downgrade',
    severity: 'warning',
    summary: "the Gateway API release is not below the one the committed tree pulls: its CRDs keep the stored versions the newer release wrote",
    // apiextensions-apiserver's ValidateCustomResourceDefinitionStoredVersions refuses a CRD without a
    // version in status.storedVersions; gateway-api v1.6.1 config/crd/standard/
    // gateway.networking.k8s.io_vap_safeupgrades.yaml refuses only bundles before v1.5.0.
    check: (tree) => {
      const was = gatewayApiTag(tree.previous ?? new Map()) ?? '';
      const now = tree.env.versions.gatewayApi.version;
      if (gatewayApiTag(tree.files) !== now || !below(now, was)) return [];
      return [{
        path: `${tree.env.name}.versions.gatewayApi.version`,
        value: `${was} → ${now}`,
        message: `the Gateway API CRDs would go down from ${was}, the release the committed tree pulls, to ${now}: Flux would apply ${now}'s CRDs over the objects ${was} stored, which the API server refuses where a version objects are stored in is gone`,
        fix: `keep ${was}: set versions.gatewayApi.version to it, or remove the override that lowers it; go down only to undo a release that failed`,
        action: { set: 'versions.gatewayApi.version', to: was },
      }];
    },
  },
];
