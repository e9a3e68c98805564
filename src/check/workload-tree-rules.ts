import semver from 'semver';
import type { MachineSet, WorkloadCluster } from '../model/workload';
import { templateName } from '../model/workload';
import type { Finding, Rule } from '../model/violation';
import { at, documents, firstDocument } from '../model/rendered-tree';
import type { KubeDoc, RenderedTree } from '../model/rendered-tree';
import { canonical } from '../tree/yaml';
import { retainedTemplates } from '../workload/retained-templates';
import type { TemplateKind } from '../workload/retained-templates';

// The Cluster API objects a management environment's tree holds for its workload clusters,
// against the committed tree they replace: what the API server or Cluster API would refuse, or
// silently not roll out, when this tree is applied over that one.

const TEMPLATE_KINDS: readonly TemplateKind[] = ['ProxmoxMachineTemplate', 'KubeadmConfigTemplate'];

/** Why a template's spec may not change under its name, per kind. */
const IMMUTABLE: Readonly<Record<TemplateKind, string>> = {
  // CAPMOX v0.9.0 internal/webhook/proxmoxmachinetemplate_webhook.go ValidateUpdate.
  ProxmoxMachineTemplate: 'CAPMOX\'s webhook refuses any change of its spec ("ProxmoxMachineTemplate is immutable")',
  // Cluster API v1.12.11 docs/book/src/tasks/updating-machine-templates.md.
  KubeadmConfigTemplate: 'Cluster API rolls out no machine for a changed KubeadmConfigTemplate: existing machines keep the old configuration',
};

type Located = { path: string; doc: KubeDoc };
const key = (doc: KubeDoc) => `${doc.kind}/${doc.metadata?.namespace ?? ''}/${doc.metadata?.name ?? ''}`;

/** The Cluster API objects of the given kinds under `kubernetes/`, by kind, namespace and name. */
function byKey(files: ReadonlyMap<string, string>, kinds: readonly string[]): Map<string, Located> {
  return new Map(documents(files, 'kubernetes/').filter(({ doc }) => kinds.includes(doc.kind ?? '')).map((d) => [key(d.doc), d]));
}

/** The machine set of a workload cluster whose current template has this name. */
function setOf(workloads: readonly WorkloadCluster[], namespace: string, name: string): { w: WorkloadCluster; set: MachineSet } | undefined {
  for (const w of workloads) {
    if (w.namespace !== namespace) continue;
    const set = [w.controlPlane, ...w.workers].find((s) => templateName(w.name, s.name, s.generation) === name);
    if (set) return { w, set };
  }
  return undefined;
}

/** The Cluster a committed tree holds under this name in another namespace than the current one. */
function movedFrom(tree: RenderedTree, w: WorkloadCluster): string | undefined {
  const clusters = (files: ReadonlyMap<string, string>) =>
    documents(files, 'kubernetes/').filter(({ doc }) => doc.kind === 'Cluster' && doc.apiVersion?.startsWith('cluster.x-k8s.io/') && doc.metadata?.name === w.name).map(({ doc }) => doc.metadata?.namespace ?? 'default');
  const now = clusters(tree.files);
  return clusters(tree.previous ?? new Map()).find((ns) => ns !== w.namespace && !now.includes(ns));
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));

/**
 * Each KubeadmControlPlane of the tree beside the committed one of the same identity: their
 * releases (null where either has none a semver reads) and the workload cluster it belongs to.
 */
function controlPlaneVersions(tree: RenderedTree) {
  if (!tree.previous || tree.env.workloads.length === 0) return [];
  const committed = byKey(tree.previous, ['KubeadmControlPlane']);
  return [...byKey(tree.files, ['KubeadmControlPlane']).values()].map(({ path, doc }) => {
    const before = committed.get(key(doc));
    const [from, to] = [before?.doc.spec?.version, doc.spec?.version].map((v) => (typeof v === 'string' ? semver.coerce(v) : null));
    const w = tree.env.workloads.find((c) => c.namespace === doc.metadata?.namespace && `${c.name}-control-plane` === doc.metadata?.name);
    return { path, doc, before, from, to, w };
  });
}

export const workloadTreeRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'workload.template-changed',
    severity: 'error',
    summary: 'a machine template (ProxmoxMachineTemplate, KubeadmConfigTemplate) keeps the spec the committed tree has under its name: a change is a new generation',
    check: (tree) => {
      if (!tree.previous || tree.env.workloads.length === 0) return [];
      const committed = byKey(tree.previous, TEMPLATE_KINDS);
      return [...byKey(tree.files, TEMPLATE_KINDS).values()].flatMap(({ path, doc }): Finding[] => {
        const before = committed.get(key(doc));
        if (!before || same(before.doc.spec, doc.spec)) return [];
        const name = doc.metadata?.name ?? '';
        const owner = setOf(tree.env.workloads, doc.metadata?.namespace ?? '', name);
        return [{
          path: at(tree, path),
          value: name,
          message: `${doc.kind} ${name} has another spec than the committed one of that name: ${IMMUTABLE[doc.kind as TemplateKind]}`,
          fix: owner
            ? `bump ${owner.w.name}.${owner.set.path}.generation to ${owner.set.generation + 1} and list ${owner.set.generation} in its retainedGenerations until the rollout is done`
            : 'bump the generation of the machine set it belongs to, keeping this one retained until the rollout is done',
        }];
      });
    },
  },
  {
    code: 'workload.template-retained-missing',
    severity: 'error',
    summary: 'every retained template generation is in the committed tree, to be copied from it (it is never rebuilt from the model)',
    check: (tree) =>
      tree.env.workloads.flatMap((w) =>
        retainedTemplates(w, tree.previous ?? new Map()).missing.map(({ set, generation, kind, name }) => ({
          path: `${w.name}.${set.path}.retainedGenerations[${set.retainedGenerations.indexOf(generation)}]`,
          value: String(generation),
          message: `the committed tree of ${tree.env.name} holds no ${kind} ${name} in namespace ${w.namespace}: a retained generation is copied from it as committed, and nothing of this one is there to copy`,
          fix: `remove ${generation} from ${w.name}.${set.path}.retainedGenerations if no machine runs on it, or restore its file from the repository's history`,
        })),
      ),
  },
  {
    code: 'workload.kubernetes-skew',
    severity: 'error',
    summary: "a workload cluster's control plane moves at most one Kubernetes minor from the committed tree's (kubeadm's skew policy; KubeadmControlPlane refuses more)",
    // Cluster API v1.12.11 controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go
    // validateVersion: "Skipping a minor version is not allowed" (refused from minor + 2 on).
    check: (tree) => {
      return controlPlaneVersions(tree).flatMap(({ path, doc, before, from, to, w }): Finding[] => {
        if (!from || !to || semver.lt(to, `${from.major}.${from.minor + 2}.0`)) return [];
        const next = `${from.major}.${from.minor + 1}`;
        return [{
          path: `${at(tree, path)}:spec.version`,
          value: `${String(before!.doc.spec!.version)} → ${String(doc.spec!.version)}`,
          message: `${doc.metadata?.name} would move from Kubernetes ${String(before!.doc.spec!.version)} to ${String(doc.spec!.version)}; KubeadmControlPlane's webhook refuses an upgrade past the next minor (${next}), as kubeadm upgrades one minor at a time`,
          fix: `upgrade through ${next} first: set ${w ? `${w.name}.infrastructure.kubernetes` : 'the cluster\'s Kubernetes version'} to a v${next}.x release (with its template VM), let the rollout finish, then take the next minor`,
        }];
      });
    },
  },
  {
    code: 'workload.kubernetes-downgrade',
    severity: 'warning',
    summary: "a workload cluster's Kubernetes release is not older than the committed tree's (nothing upstream refuses a downgrade, and nothing documents one)",
    // Cluster API v1.12.11 controlplane/kubeadm/internal/webhooks/kubeadmcontrolplane.go:638-680
    // validateVersion checks only the ceiling; docs/book/src/tasks/upgrading-clusters.md upgrades only.
    check: (tree) => {
      return controlPlaneVersions(tree).flatMap(({ from, to, w }): Finding[] => {
        if (!from || !to || !w || !semver.lt(to, from)) return [];
        const was = `v${from.version}`;
        const minors = from.minor - to.minor;
        const down = to.major < from.major ? ', a major release down' : minors > 0 ? `, ${minors} minor${minors === 1 ? '' : 's'} down` : '';
        return [{
          path: `${w.name}.infrastructure.kubernetes`,
          value: `${was} → ${w.kubernetesVersion}`,
          message: `${w.name} would go down from Kubernetes ${was} to ${w.kubernetesVersion}${down}: KubeadmControlPlane's webhook admits it (it refuses only a skipped minor), so Cluster API replaces every machine with one running the older kubeadm, kubelet and API server over the etcd data ${was} wrote, a path Cluster API documents only upwards`,
          fix: was in w.proxmox.templates
            ? `keep ${was}: set ${w.name}.infrastructure.kubernetes back to it; go down only to undo a release that failed, knowing no upstream test covers it`
            : `keep ${was}: set ${w.name}.infrastructure.kubernetes back to it and list its template VM in infrastructure.proxmox.templates again; go down only to undo a release that failed`,
          ...(was in w.proxmox.templates && { action: { set: 'infrastructure.kubernetes', to: was } }),
        }];
      });
    },
  },
  {
    code: 'workload.namespace-moved',
    severity: 'error',
    summary: "a workload cluster stays in the namespace of the committed tree's Cluster: a namespace is part of an object's identity, so a move is a deletion and a new cluster",
    check: (tree) =>
      tree.env.workloads.flatMap((w): Finding[] => {
        const from = movedFrom(tree, w);
        if (from === undefined) return [];
        const layer = firstDocument(tree.files, `kubernetes/${w.layer}.yaml`) as KubeDoc | undefined;
        const prunes = layer?.spec?.prune === true;
        return [{
          path: `${w.name}.infrastructure.namespace`,
          value: `${from} → ${w.namespace}`,
          message: prunes
            // Cluster API v1.12.11 internal/controllers/cluster/cluster_controller.go:330-500 (reconcileDelete).
            ? `the committed tree holds Cluster ${from}/${w.name}, this one ${w.namespace}/${w.name}: no Kubernetes object changes namespace, so layer ${w.layer} prunes ${from}/${w.name}, and Cluster API deletes it with every machine, VM and the etcd data of its control plane, while a new, empty cluster is built in ${w.namespace} on the same VIP and address pool`
            : `the committed tree holds Cluster ${from}/${w.name}, this one ${w.namespace}/${w.name}: no Kubernetes object changes namespace, and layer ${w.layer} does not prune, so the old cluster stays and a second one is built in ${w.namespace} on the same VIP and address pool`,
          // clusterctl move recreates each object in its own namespace (v1.12.11 cmd/clusterctl/client/cluster/mover.go:1024).
          fix: `keep infrastructure.namespace: '${from}' for ${w.name}; Cluster API moves no cluster between namespaces (clusterctl move keeps the namespace): decide whether to build a new cluster under another name there and retire this one`,
          action: { set: 'infrastructure.namespace', to: from },
        }];
      }),
  },
];
