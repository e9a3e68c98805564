import semver from 'semver';
import { clusterApiKubernetes, entryFor, minorOf, newestOf, sourceOf } from '../compatibility';
import type { Environment } from '../resolve';
import type { Finding, Rule } from '../violation';
import type { WorkloadCluster } from '../workload';
import { CLUSTER_NAMESPACES } from '../../tree/kinds';
import { addressRoles } from './addresses';
import { findCycle, layersBefore } from './flux';
import { sameNetwork } from './networks';
import { cidrRange, clusterCidrs, inPool, poolOf } from './workload-addresses';
import { PVE_NODE_NAME } from './program-names';

// A workload cluster against the rest of its fleet: the management environment it names (its
// Cluster API, its layer for the clusters' objects, the Proxmox nodes it knows), the pinned
// Cluster API release's Kubernetes support, and the addresses and subnets of every other
// environment. Every rule starts from a `cluster-api` environment: none speaks on a fleet without one.

/** The providers a management cluster runs for a workload cluster of this tool: CAPMOX's object set. */
export const WORKLOAD_PROVIDERS: readonly { readonly kind: string; readonly name: string }[] = [
  { kind: 'CoreProvider', name: 'cluster-api' },
  { kind: 'BootstrapProvider', name: 'kubeadm' },
  { kind: 'ControlPlaneProvider', name: 'kubeadm' },
  { kind: 'InfrastructureProvider', name: 'proxmox' },
  { kind: 'IPAMProvider', name: 'in-cluster' },
];

/**
 * What CAPMOX's controller reads its Proxmox API client from (v0.9.0 cmd/main.go `initFlagsAndEnv`),
 * filled from the provider's configSecret by the operator: one client for every cluster.
 */
export const CAPMOX_CREDENTIAL_VARIABLES = ['PROXMOX_URL', 'PROXMOX_TOKEN', 'PROXMOX_SECRET'] as const;

/** The Proxmox nodes a management environment knows: its `clusterApi.proxmoxNodes`, else its own node on Proxmox. */
export function proxmoxNodesOf(mgmt: Environment): readonly string[] {
  return mgmt.clusterApi?.proxmoxNodes ?? (mgmt.infrastructure.kind === 'proxmox' ? [mgmt.infrastructure.node] : []);
}

interface Managed {
  readonly env: Environment;
  readonly w: WorkloadCluster;
  /** The environment it names, when that is another one of the fleet and no workload cluster itself. */
  readonly mgmt?: Environment;
}

/** Every workload cluster of the fleet, with the management environment it names where that one can be one. */
function managed(envs: readonly Environment[]): Managed[] {
  return envs.flatMap((env) => {
    const w = env.workload;
    if (!w) return [];
    const named = envs.find((e) => e.name === w.management && e !== env);
    return [{ env, w, mgmt: named && !named.workload ? named : undefined }];
  });
}

/** The management environments that have a workload cluster and run Cluster API. */
const managers = (envs: readonly Environment[]) => envs.filter((e) => !e.workload && e.clusterApi && e.workloads.length > 0);

const prefixed = (env: Environment, findings: readonly Finding[]) => findings.map((f) => ({ ...f, path: `${env.name}.${f.path}` }));
const names = (list: readonly string[]) => list.join(', ') || '(none)';

export const workloadFleetRules: readonly Rule<readonly Environment[]>[] = [
  {
    code: 'workload.management-unknown',
    severity: 'error',
    summary: 'a workload cluster names a management environment of the fleet (another one)',
    check: (envs) =>
      managed(envs)
        .filter(({ env, w }) => !envs.some((e) => e.name === w.management && e !== env))
        .flatMap(({ env, w }) => {
          const candidates = envs.filter((e) => !e.workload && e.clusterApi).map((e) => e.name);
          return prefixed(env, [{
            path: 'infrastructure.management',
            value: w.management,
            message: w.management === env.name ? `${env.name} names itself: a workload cluster's machines are created by another environment's Cluster API` : `the fleet has no environment ${w.management}`,
            fix: `name the environment whose Cluster API creates the machines${candidates.length > 0 ? `: ${names(candidates)}` : ' (one with a clusterApi section)'}`,
          }]);
        }),
  },
  {
    code: 'workload.management-is-workload',
    severity: 'error',
    summary: "a workload cluster's management environment is a k3s environment, not a workload cluster itself",
    check: (envs) =>
      managed(envs).flatMap(({ env, w }) => {
        const named = envs.find((e) => e.name === w.management && e !== env);
        return named?.workload
          ? prefixed(env, [{ path: 'infrastructure.management', value: w.management, message: `${w.management} is a workload cluster itself (infrastructure.kind: 'cluster-api'): this tool writes Cluster API objects only into a k3s environment's tree`, fix: `name ${w.management}'s own management environment, ${named.workload.management}, or another k3s environment running Cluster API` }])
          : [];
      }),
  },
  {
    code: 'workload.management-providers',
    severity: 'error',
    summary: "a workload cluster's management environment runs Cluster API with the providers its objects need: core, kubeadm bootstrap and control plane, proxmox infrastructure, in-cluster IPAM",
    check: (envs) =>
      managed(envs).flatMap(({ env, w, mgmt }) => {
        if (!mgmt) return [];
        const providers = mgmt.clusterApi?.providers ?? [];
        const missing = WORKLOAD_PROVIDERS.filter((p) => !providers.some((q) => q.kind === p.kind && q.name === p.name));
        if (missing.length === 0) return [];
        return prefixed(env, [{
          path: 'infrastructure.management',
          value: w.management,
          message: mgmt.clusterApi
            ? `${mgmt.name}'s Cluster API lacks ${missing.map((p) => `${p.kind} ${p.name}`).join(', ')}: nothing there would reconcile ${w.name}'s ${missing.length === 1 ? 'objects of that provider' : 'objects of those providers'}`
            : `${mgmt.name} has no clusterApi section: nothing there would reconcile ${w.name}'s Cluster API objects`,
          fix: `add ${missing.map((p) => `{ kind: '${p.kind}', name: '${p.name}', … }`).join(', ')} to ${mgmt.name}'s clusterApi.providers`,
        }]);
      }),
  },
  {
    code: 'workload.management-credentials',
    severity: 'error',
    summary: "a workload cluster's management environment gives CAPMOX's controller the Proxmox credentials (PROXMOX_URL, PROXMOX_TOKEN, PROXMOX_SECRET in the proxmox provider's configSecret): the only ones it uses",
    // CAPMOX v0.9.0 builds its controller-wide client only when all three are set (cmd/main.go
    // `setupProxmoxClient`); without it `NewClusterScope` (pkg/scope/cluster.go) fails every
    // ProxmoxCluster that has no credentialsRef, and the tree writes none (proxmox-cluster.ts).
    check: (envs) =>
      managers(envs).flatMap((mgmt) => {
        const providers = mgmt.clusterApi?.providers ?? [];
        const i = providers.findIndex((p) => p.kind === 'InfrastructureProvider' && p.name === 'proxmox');
        const provider = providers[i];
        if (!provider) return []; // workload.management-providers
        const keys = provider.configSecret?.keys ?? [];
        const missing = CAPMOX_CREDENTIAL_VARIABLES.filter((k) => !keys.includes(k));
        if (missing.length === 0) return [];
        const clusters = names(mgmt.workloads.map((w) => w.name));
        const secret = provider.configSecret?.name ?? 'capmox-variables';
        return prefixed(mgmt, [{
          path: `clusterApi.providers[${i}].configSecret`,
          value: provider.configSecret ? `${provider.configSecret.name} (keys ${names(keys)})` : '(none)',
          message: `CAPMOX creates the machines of ${clusters} with its controller's Proxmox client, built from ${CAPMOX_CREDENTIAL_VARIABLES.join(', ')}; without ${missing.join(', ')} it has none and fails every ProxmoxCluster ("No credentials found")`,
          fix: `set configSecret: { name: '${secret}', keys: [${CAPMOX_CREDENTIAL_VARIABLES.map((k) => `'${k}'`).join(', ')}] } on ${mgmt.name}'s proxmox InfrastructureProvider, then npm run secrets -- set ${mgmt.name} ${provider.namespace}/${secret} --env-file - with those values`,
        }]);
      }),
  },
  {
    code: 'workload.namespace-unknown',
    severity: 'error',
    summary: "a workload cluster's namespace on its management cluster (its Cluster API objects, its kubeconfig Secret, its handover) is the cluster's or one a layer or an app of the management tree creates",
    check: (envs) =>
      managers(envs).flatMap((mgmt) => {
        // A platform component's namespace is not offered: the cluster's objects would go with the component.
        const created = new Set([...CLUSTER_NAMESPACES, ...mgmt.flux.layers.flatMap((l) => l.namespaces), ...mgmt.apps.map((a) => a.namespace)]);
        return prefixed(mgmt, mgmt.workloads.filter((w) => !created.has(w.namespace)).map((w) => ({
          path: 'clusterApi.layers.clusters',
          value: w.namespace,
          message: `no layer or app of ${mgmt.name} creates namespace ${w.namespace}, where ${w.name}'s Cluster API objects and handover go (${w.name}.infrastructure.namespace): Flux would fail to apply layer ${w.layer}`,
          fix: `list ${w.namespace} in layer ${w.layer}'s namespaces, or set ${w.name}.infrastructure.namespace to default`,
        })));
      }),
  },
  {
    code: 'workload.clusters-layer-missing',
    severity: 'error',
    summary: "a management environment with workload clusters declares the layer their Cluster API objects go into (clusterApi.layers.clusters)",
    check: (envs) =>
      managers(envs)
        .filter((m) => !m.flux.layers.some((l) => l.name === m.clusterApi!.layers.clusters))
        .flatMap((m) =>
          prefixed(m, [{
            path: 'clusterApi.layers.clusters',
            value: m.clusterApi!.layers.clusters,
            message: `layer ${m.clusterApi!.layers.clusters} holds the Cluster API objects of ${names(m.workloads.map((w) => w.name))}, and flux.layers declares no such layer`,
            fix: `add { name: '${m.clusterApi!.layers.clusters}', dependsOn: ['${m.clusterApi!.layers.providers}'], wait: false } to flux.layers, or set clusterApi.layers.clusters to a layer after ${m.clusterApi!.layers.providers}`,
          }]),
        ),
  },
  {
    code: 'workload.clusters-layer-wait',
    severity: 'warning',
    summary: "the layer of the workload clusters' objects does not wait for them to be ready (wait: false): a new cluster takes longer to come up than a layer's timeout",
    // wait: true makes kustomize-controller health-check every object it applied, the Cluster
    // among them, until the layer's timeout; docs/guides/workload-clusters.md's walkthrough sets wait: false (step 1).
    check: (envs) =>
      managers(envs).flatMap((m) => {
        const index = m.flux.layers.findIndex((l) => l.name === m.clusterApi!.layers.clusters);
        const layer = m.flux.layers[index];
        // Shared with the providers' layer, it is workload.clusters-layer-order's error, and that layer's wait is the providers'.
        if (!layer?.wait || layer.name === m.clusterApi!.layers.providers) return [];
        return prefixed(m, [{
          path: `flux.layers[${index}].wait`,
          value: 'true',
          message: `layer ${layer.name} waits for every object it applies to be ready, the Cluster API objects of ${names(m.workloads.map((w) => w.name))} among them: a new cluster takes longer to come up than a layer's timeout, so the layer would fail while the cluster is still being built${m.spec.flux.layers[index]?.wait === undefined ? ' (wait is true unless set)' : ''}`,
          fix: `set wait: false on layer ${layer.name}: nothing depends on it, and the handover steps wait for each other instead`,
        }]);
      }),
  },
  {
    code: 'workload.clusters-layer-order',
    severity: 'error',
    summary: "the layer of the workload clusters' objects depends, directly or not, on the providers' layer",
    check: (envs) =>
      managers(envs).flatMap((m) => {
        const { clusters, providers } = m.clusterApi!.layers;
        // Within a cycle every order is wrong: flux.dependency-cycle reports it. A missing layer is the rule above's, or flux.layer-missing's.
        if (findCycle(m.flux.layers) || ![clusters, providers].every((n) => m.flux.layers.some((l) => l.name === n))) return [];
        if (clusters === providers) {
          return prefixed(m, [{ path: 'clusterApi.layers.clusters', value: clusters, message: `the workload clusters' objects share layer ${clusters} with the providers: one dry run would see kinds whose CRDs the providers have not installed yet`, fix: `give them a layer of their own that depends on ${providers}` }]);
        }
        if (layersBefore(m, clusters).has(providers)) return [];
        const i = m.flux.layers.findIndex((l) => l.name === clusters);
        return prefixed(m, [{
          path: `flux.layers[${i}].dependsOn`,
          value: JSON.stringify(m.flux.layers[i]!.dependsOn),
          message: `layer ${clusters} (the Cluster API objects of ${names(m.workloads.map((w) => w.name))}) does not depend on ${providers}: its Clusters and machine templates could be applied before their providers' CRDs exist`,
          fix: `add '${providers}' to the dependsOn of layer ${clusters}`,
        }]);
      }),
  },
  {
    code: 'workload.node-unknown',
    severity: 'error',
    summary: "a workload cluster's source node and allowed nodes are Proxmox nodes its management environment knows (clusterApi.proxmoxNodes)",
    check: (envs) =>
      managed(envs).flatMap(({ env, w, mgmt }) => {
        if (!mgmt) return [];
        const known = proxmoxNodesOf(mgmt);
        const placed = [
          { path: 'infrastructure.proxmox.sourceNode', node: w.proxmox.sourceNode },
          // Unset, allowedNodes is the source node alone: that one is judged once, above.
          ...(env.infrastructure.kind === 'cluster-api' ? (env.infrastructure.proxmox.allowedNodes ?? []).map((node, i) => ({ path: `infrastructure.proxmox.allowedNodes[${i}]`, node })) : []),
        ];
        return prefixed(
          env,
          placed
            .filter((p) => !known.includes(p.node))
            .map((p) => ({
              path: p.path,
              value: p.node,
              message: `${mgmt.name} knows the Proxmox ${known.length === 1 ? 'node' : 'nodes'} ${names(known)}, not ${p.node}`,
              // A name Proxmox refuses (proxmox.invalid-node-name) is never proposed for the list.
              fix: known.length > 0 ? `use one of ${names(known)}${PVE_NODE_NAME.test(p.node) ? `, or add ${p.node} to ${mgmt.name}'s clusterApi.proxmoxNodes` : ''}` : `list the Proxmox nodes CAPMOX reaches in ${mgmt.name}'s clusterApi.proxmoxNodes`,
            })),
        );
      }),
  },
  {
    code: 'workload.kubernetes-unsupported',
    severity: 'error',
    summary: "a workload cluster's Kubernetes minor is one its management environment's Cluster API release supports for workload clusters (Cluster API's version support matrix, vendored)",
    check: (envs) =>
      managed(envs).flatMap(({ env, w, mgmt }) => {
        const core = mgmt?.clusterApi?.providers.find((p) => p.kind === 'CoreProvider');
        const minor = /^v\d+\.\d+\.\d+$/.test(w.kubernetesVersion) ? minorOf(w.kubernetesVersion) : undefined;
        // A core release the data does not know is workload.kubernetes-support-unknown's warning.
        const supported = core && minorOf(core.version) ? entryFor(clusterApiKubernetes, minorOf(core.version)!) : undefined;
        if (!core || !minor || !supported) return [];
        const row = supported[minor];
        const since = row?.since;
        const coerced = semver.coerce(core.version);
        if (row && (since === undefined || (coerced && semver.gte(coerced, semver.coerce(since)!)))) return [];
        const minors = Object.keys(supported).sort((a, b) => semver.compare(semver.coerce(a)!, semver.coerce(b)!));
        return prefixed(env, [{
          path: 'infrastructure.kubernetes',
          value: w.kubernetesVersion,
          message: row
            ? `Cluster API ${core.version} (${mgmt!.name}'s core provider) does not support Kubernetes ${minor}: ${sourceOf(clusterApiKubernetes.source, clusterApiKubernetes.file)} supports it from ${since} on`
            : `Cluster API ${core.version} (${mgmt!.name}'s core provider) supports workload clusters of Kubernetes ${minors[0]} to ${minors.at(-1)} (${sourceOf(clusterApiKubernetes.source, clusterApiKubernetes.file)}), not ${minor}`,
          fix: row ? `pin ${mgmt!.name}'s Cluster API providers to ${since} or later` : `pin a Kubernetes release from v${minors[0]} to v${minors.at(-1)}, or a Cluster API release that supports ${minor} on ${mgmt!.name}`,
        }]);
      }),
  },
  {
    code: 'workload.kubernetes-support-unknown',
    severity: 'warning',
    summary: "the Cluster API release of a workload cluster's management environment is one the tool's vendored version support matrix knows (one it does not know cannot be judged)",
    check: (envs) =>
      managed(envs).flatMap(({ env, w, mgmt }) => {
        const core = mgmt?.clusterApi?.providers.find((p) => p.kind === 'CoreProvider');
        // A version that names no release is version.unpinned's to report.
        if (!core || !minorOf(core.version) || entryFor(clusterApiKubernetes, minorOf(core.version)!)) return [];
        return prefixed(env, [{
          path: 'infrastructure.kubernetes',
          value: w.kubernetesVersion,
          message: `the compatibility data, ${sourceOf(clusterApiKubernetes.source, clusterApiKubernetes.file)}, has no entry for Cluster API ${minorOf(core.version)} (${mgmt!.name}'s core provider ${core.version}; its newest is ${newestOf(clusterApiKubernetes)}), so ${w.kubernetesVersion} is not judged against it`,
          fix: `pin ${mgmt!.name}'s Cluster API to a release the data knows (up to ${newestOf(clusterApiKubernetes)}), or bump k3s-gitops-synth to a release whose vendored data covers ${minorOf(core.version)}`,
        }]);
      }),
  },
  {
    code: 'workload.pool-overlap',
    severity: 'error',
    summary: "a workload cluster's address pool holds no address of another environment on its network: no node IP, VIP or ingress VIP, and no other workload cluster's pool",
    check: (envs) =>
      managed(envs).flatMap(({ env }) => {
        const pool = poolOf(env);
        if (!pool) return [];
        const others = envs.filter((o) => o !== env && sameNetwork(env, o));
        // A shared gateway is expected on one network: this cluster's own is workload.address-in-pool's.
        const addresses = others.flatMap((o) => addressRoles(o).filter((a) => a.path !== 'network.gateway' && inPool(pool, a.ip)).map((a) => ({ o, a })));
        // Two pools are reported once, on the environment later by name.
        const pools = others.filter((o) => o.name < env.name).flatMap((o) => {
          const theirs = poolOf(o);
          return theirs && theirs.first <= pool.last && pool.first <= theirs.last ? [{ o, theirs }] : [];
        });
        return prefixed(env, [
          ...addresses.map(({ o, a }) => ({ path: 'infrastructure.addresses', value: pool.text, message: `the pool ${pool.text} holds ${a.ip}, ${a.role} of ${o.name} (${o.name}.${a.path}), on the same network: a machine could be given it`, fix: `narrow the pool to addresses no environment uses` })),
          ...pools.map(({ o, theirs }) => ({ path: 'infrastructure.addresses', value: pool.text, message: `the pool ${pool.text} overlaps ${o.name}'s pool ${theirs.text} on the same network: two clusters' machines could be given one address`, fix: 'give each workload cluster a range of its own' })),
        ]);
      }),
  },
  {
    code: 'workload.cidr-overlaps-fleet',
    severity: 'error',
    summary: "a workload cluster's pod and service CIDRs overlap no subnet of another environment of the fleet",
    check: (envs) =>
      managed(envs).flatMap(({ env, w }) =>
        prefixed(
          env,
          clusterCidrs(w).flatMap((c) => {
            const range = cidrRange(c.cidr);
            if (!range) return [];
            return envs
              .filter((o) => o !== env)
              .filter((o) => {
                const subnet = cidrRange(o.network.subnet);
                return subnet !== undefined && range.first <= subnet.last && subnet.first <= range.last;
              })
              .map((o) => ({ path: c.path, value: c.cidr, message: `${c.what} ${c.cidr} overlaps ${o.name}'s subnet ${o.network.subnet}: inside ${w.name} those addresses are its ${c.path.endsWith('podCidr') ? "pods'" : "Services'"}, so its workloads could not reach ${o.name}'s hosts that have them`, fix: `pick a range outside every subnet of the fleet` }));
          }),
        ),
      ),
  },
];
