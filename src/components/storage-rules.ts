import { userFile } from '../model/app-objects';
import { dependOn, findCycle, layersBefore, withAction } from '../model/invariants/flux';
import type { Environment } from '../model/resolve';
import { shown } from '../model/violation';
import type { Finding, Rule } from '../model/violation';
import { at, documents } from '../model/rendered-tree';
import type { KubeDoc, RenderedTree } from '../model/rendered-tree';
import type { EnabledComponent, VolumeClaim } from './entry';
import { K3S_LOCAL_PATH, K3S_LOCAL_STORAGE } from '../model/k3s-packaged';
import { deploysLocalPath, providedClasses } from './storage-classes';

type Enabled = (env: Environment) => readonly EnabledComponent[];

/** Every claim of the enabled components, with the component making it. */
const claimsOf = (on: readonly EnabledComponent[]) => on.flatMap((component) => (component.entry.claims?.(component.config) ?? []).map((claim) => ({ component, claim })));

/** A component's section of the spec, from its placement's path (`monitoring.layer` → `monitoring`). */
const sectionOf = ({ placement }: EnabledComponent) => placement.path.replace(/\.layer$/, '');

type Claim = { component: EnabledComponent; claim: VolumeClaim };

/** `Prometheus (kube-prometheus-stack)`, or `Prometheus (kube-prometheus-stack) and Loki (loki)`. */
const holders = (cs: readonly Claim[]) => {
  const names = cs.map(({ component, claim }) => `${claim.what} (${component.entry.name})`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
};

/** One of two words: for one claim, or for several. */
const agree = (cs: readonly unknown[], one: string, many: string) => (cs.length === 1 ? one : many);

/**
 * Claims that would get the same finding (one field, one fix) as one group, in first-seen order:
 * reported once, naming each claim, never the same field twice.
 */
function grouped(cs: readonly Claim[], key: (c: Claim) => string): Claim[][] {
  const groups = new Map<string, Claim[]>();
  for (const c of cs) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
  return [...groups.values()];
}

/** Where the platform's volumes land: on a class that exists, after what provides it, on Longhorn where it runs. */
export function storageRules(enabled: Enabled): Rule[] {
  return [
    {
      code: 'storage.class-missing',
      severity: 'error',
      summary: "every claim of a component names a StorageClass the environment has (Longhorn's where it is on, k3s's local-path unless disabled)",
      check: (env) => {
        const on = enabled(env);
        const classes = providedClasses(env, on);
        // k3s's own class; kubeadm has none of its own.
        const isLocalPath = (c: Claim) => c.claim.storageClass === K3S_LOCAL_PATH && env.k3s !== undefined;
        const missing = claimsOf(on).filter(({ claim }) => !classes.has(claim.storageClass));
        return grouped(missing, (c) => (isLocalPath(c) ? K3S_LOCAL_PATH : `${c.component.entry.name} ${c.claim.storageClass}`)).map((cs): Finding => {
          const [c] = cs as [Claim];
          const localPath = isLocalPath(c);
          return {
            path: localPath ? 'k3s.disable' : sectionOf(c.component),
            value: localPath ? shown(env.k3s?.disable) : c.claim.storageClass,
            message: `${holders(cs)} ${agree(cs, 'claims its volume', 'claim their volumes')} from StorageClass ${c.claim.storageClass}, which ${env.name} does not have${localPath ? `: Longhorn is off and k3s.disable lists ${K3S_LOCAL_STORAGE}` : ''}; ${agree(cs, 'the claim', 'the claims')} would stay Pending and ${agree(cs, 'the release', 'the releases')} would fail`,
            fix: localPath ? `turn Longhorn on (longhorn: {}), or remove '${K3S_LOCAL_STORAGE}' from k3s.disable` : `provide StorageClass ${c.claim.storageClass}, or have ${c.component.entry.name} name one of: ${[...classes.keys()].join(', ') || '(none)'}`,
            ...(localPath && { action: { set: 'k3s.disable', to: (env.k3s?.disable ?? []).filter((d) => d !== K3S_LOCAL_STORAGE) } }),
          };
        });
      },
    },
    {
      code: 'storage.claim-unordered',
      severity: 'error',
      summary: "a component's claims are made after the component providing their class is installed: a HelmRelease dependsOn in one layer, a layer dependsOn across layers",
      check: (env) => {
        // Within a cycle every order is wrong: flux.dependency-cycle reports that once.
        if (findCycle(env.flux.layers)) return [];
        const on = enabled(env);
        const classes = providedClasses(env, on);
        const exists = (layer: string) => env.flux.layers.some((l) => l.name === layer);
        const unordered = claimsOf(on).filter((c) => {
          const provider = classes.get(c.claim.storageClass);
          if (provider === undefined || provider === 'k3s' || provider.entry === c.component.entry) return false;
          const [layer, first] = [c.component.placement.layer, provider.placement.layer];
          // A layer that does not exist is flux.layer-missing's to report.
          if (!exists(layer) || !exists(first)) return false;
          return !(layer === first ? env.helmInstaller === 'flux' : layersBefore(env, layer).has(first));
        });
        // In one layer the fix names the component; across layers it is the layer's, shared by its claims.
        return grouped(unordered, (c) => `${c.component.placement.path} ${c.claim.storageClass} ${c.component.placement.layer === (classes.get(c.claim.storageClass) as EnabledComponent).placement.layer ? c.component.entry.name : ''}`).map((cs): Finding => {
          const [c] = cs as [Claim];
          const provider = classes.get(c.claim.storageClass) as EnabledComponent;
          const [layer, first] = [c.component.placement.layer, provider.placement.layer];
          return {
            path: c.component.placement.path,
            value: layer,
            message: layer === first
              ? `${holders(cs)} ${agree(cs, 'claims', 'claim')} from ${c.claim.storageClass} in layer ${layer}, beside ${provider.entry.name}; k3s HelmCharts have no order, so ${agree(cs, 'the claim', 'a claim')} can be made before ${provider.entry.name} runs and ${agree(cs, 'its release fails', 'their releases fail')}`
              : `${holders(cs)} ${agree(cs, 'claims', 'claim')} from ${c.claim.storageClass}, but ${agree(cs, 'its', 'their')} layer ${layer} does not depend on ${provider.entry.name}'s layer ${first}: ${agree(cs, 'the claim', 'a claim')} can be made before the class exists`,
            fix: layer === first
              ? `give ${c.component.entry.name} a layer that depends on ${first} (${c.component.placement.path})`
              : `add '${first}' to the dependsOn of layer ${layer}, or set ${c.component.placement.path} to '${first}'`,
            ...(layer !== first && withAction(dependOn(env, layer, first))),
          };
        });
      },
    },
    {
      // A warning: one server, or a trial without data disks, has nothing to replicate to, and
      // local-path is k3s's own answer there; the data is tied to one node all the same.
      code: 'storage.node-local',
      severity: 'warning',
      summary: "without Longhorn, a component's claims land on k3s's local-path: one node's disk, pinned to it and lost with it",
      check: (env) =>
        deploysLocalPath(env)
          ? grouped(claimsOf(enabled(env)).filter(({ claim }) => claim.storageClass === K3S_LOCAL_PATH), () => K3S_LOCAL_PATH).map((cs) => ({
              path: 'longhorn',
              value: '(not set)',
              message: `${holders(cs)} ${agree(cs, `keeps its volume on ${K3S_LOCAL_PATH}: a directory on the node it first runs on; its pod can run nowhere else, and the data goes with that node`, `keep their volumes on ${K3S_LOCAL_PATH}: a directory on the node each first runs on; each pod can run nowhere else, and the data goes with that node`)}`,
              fix: `turn Longhorn on (longhorn: {}, with a data disk per node) to replicate ${agree(cs, 'it', 'them')}, or accept node-local data`,
            }))
          : [],
    },
    {
      // Kubernetes 1.26+ gives a claim naming no class the newest default (kubernetes.io,
      // "Change the default StorageClass"): which one is an accident of install order.
      code: 'storage.two-defaults',
      severity: 'error',
      summary: "with Longhorn, k3s does not deploy local-storage: Longhorn's class is the only default",
      check: (env) =>
        env.longhorn && deploysLocalPath(env)
          ? [{
              path: 'k3s.disable',
              value: shown(env.k3s?.disable),
              message: `Longhorn's class is the default, and k3s still deploys ${K3S_LOCAL_STORAGE}, whose ${K3S_LOCAL_PATH} class is marked default too: a claim naming no class (an app's) gets whichever default is newest`,
              fix: `add '${K3S_LOCAL_STORAGE}' to k3s.disable (its default has it with Longhorn)`,
              action: { set: 'k3s.disable', to: [...(env.k3s?.disable ?? []), K3S_LOCAL_STORAGE] },
            }]
          : [],
    },
  ];
}

/** A claim the tree applies itself: a PersistentVolumeClaim, or one volumeClaimTemplate of a StatefulSet. */
function treeClaims(doc: KubeDoc): { field: string; storageClass: unknown }[] {
  if (doc.kind === 'PersistentVolumeClaim') return [{ field: 'spec.storageClassName', storageClass: doc.spec?.storageClassName }];
  if (doc.kind !== 'StatefulSet') return [];
  const templates = (doc.spec?.volumeClaimTemplates ?? []) as { spec?: { storageClassName?: unknown } }[];
  return templates.map((t, i) => ({ field: `spec.volumeClaimTemplates[${i}].spec.storageClassName`, storageClass: t.spec?.storageClassName }));
}

/** The same on the rendered tree: the claims the apps' objects make (constructs, manifests folders). */
export function storageRenderedRules(enabled: Enabled): Rule<RenderedTree>[] {
  return [
    {
      code: 'storage.tree-class-missing',
      severity: 'error',
      summary: 'every PersistentVolumeClaim and volumeClaimTemplate the tree applies names a StorageClass the environment or the tree provides, or none where a default exists',
      check: (tree) => {
        const docs = documents(tree.files, 'kubernetes/');
        const classes = new Set([
          ...providedClasses(tree.env, enabled(tree.env)).keys(),
          ...docs.filter(({ doc }) => doc.kind === 'StorageClass' && doc.metadata?.name).map(({ doc }) => doc.metadata!.name!),
        ]);
        // Longhorn's class or local-path is the default where either exists.
        const hasDefault = tree.env.longhorn !== undefined || deploysLocalPath(tree.env);
        const known = [...classes].sort().join(', ') || '(none)';
        return docs.flatMap(({ path, doc }) =>
          treeClaims(doc)
            // An empty class asks for a pre-made volume, bound by hand: nothing to provision.
            .filter(({ storageClass }) => storageClass !== '' && (storageClass === undefined ? !hasDefault : !classes.has(String(storageClass))))
            .map(({ field, storageClass }): Finding => ({
              // The file the user edits: a manifests folder's own, not synth's copy of it.
              path: `${userFile(tree, path)}:${field}`,
              value: shown(storageClass),
              message: storageClass === undefined
                ? `${doc.kind} ${doc.metadata?.name ?? '(unnamed)'} names no StorageClass, and ${tree.env.name} has no default class (no Longhorn, k3s.disable lists ${K3S_LOCAL_STORAGE}): it would stay Pending`
                : `${doc.kind} ${doc.metadata?.name ?? '(unnamed)'} names StorageClass ${shown(storageClass)}, which ${tree.env.name} does not have: it would stay Pending`,
              fix: `name one of: ${known}`,
            })),
        );
      },
    },
  ];
}
