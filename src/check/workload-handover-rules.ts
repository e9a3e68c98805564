import { handoverReleases } from '../components/workload-units';
import type { Finding, Rule } from '../model/violation';
import { handoverPending } from '../model/workload';
import { helmReleaseTarget, releaseId } from '../tree/helm-release-target';
import { at, documents } from '../model/rendered-tree';
import type { RenderedTree } from '../model/rendered-tree';
import { handoverNames } from '../workload/handover/names';

// The handover of a workload cluster to its own Flux: one controller per release at every commit
// (the management tree's remote HelmReleases until the handover, the workload tree's own after),
// and, against the committed tree, one-way.

/** The HelmReleases of a rendered tree that helm-controller acts on, with what each reconciles. */
const activeReleases = (tree: RenderedTree) =>
  documents(tree.files, 'kubernetes/')
    .filter(({ doc }) => doc.kind === 'HelmRelease' && doc.apiVersion?.startsWith('helm.toolkit.fluxcd.io/'))
    .map(({ path, doc }) => ({ path, doc, target: helmReleaseTarget(doc, tree.env.name) }))
    .filter(({ target }) => target.active);

/** Why two active HelmReleases of one release never settle (helm-controller v1.6.3). */
const TWO_OWNERS = "each finds the other's revision not its own (internal/reconcile/state.go: ErrReleaseNotObserved, Unmanaged) and upgrades the release again at its interval";

/** The workload's own tree before the handover: its HelmReleases of the releases mgmt makes there wait. */
function beforeHandover(tree: RenderedTree): Finding[] {
  const own = tree.env.workload;
  if (!own || !handoverPending(tree.env)) return [];
  const { cilium, fluxOperator } = handoverReleases(tree.env);
  // Each release mgmt makes, by `namespace/name`, with mgmt's HelmRelease of it.
  const remote = new Map<string, string>([cilium, fluxOperator].flatMap((r) => (r ? [[`${r.namespace}/${r.name}`, handoverNames(own).release(r.name)]] : [])));
  return activeReleases(tree).filter(({ target }) => remote.has(releaseId(target))).map(({ path, doc, target }) => ({
    path: at(tree, path),
    value: `HelmRelease ${doc.metadata?.namespace}/${doc.metadata?.name}`,
    message: `${own.name} is not handed over yet: ${own.management}'s HelmRelease ${own.namespace}/${remote.get(releaseId(target))} releases ${releaseId(target)} on ${own.name}, and this one is active on the same release: ${TWO_OWNERS}`,
    fix: `keep it suspended until ${own.name}.infrastructure.handedOver is true (npm run synth writes it so)`,
  }));
}

/** The management tree after a handover: its remote HelmReleases on that cluster stay suspended. */
function afterHandover(tree: RenderedTree): Finding[] {
  return tree.env.workloads.filter((w) => w.handedOver).flatMap((w) =>
    activeReleases(tree).filter(({ target }) => target.cluster === w.name).map(({ path, doc, target }) => ({
      path: at(tree, path),
      value: `HelmRelease ${doc.metadata?.namespace}/${doc.metadata?.name}`,
      message: `${w.name} is handed over (${w.name}.infrastructure.handedOver): its own HelmRelease of ${releaseId(target)} releases it there, and this one is active on the same release: ${TWO_OWNERS}`,
      fix: `suspend it, as npm run synth writes every handover HelmRelease of ${w.name} once it is handed over`,
    })));
}

export const workloadHandoverRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'workload.release-two-owners',
    severity: 'error',
    summary: "a workload cluster's Cilium and flux-operator releases have one active HelmRelease at every commit: the management tree's until the handover, the workload tree's own (suspended until then) after it",
    check: (tree) => [...beforeHandover(tree), ...afterHandover(tree)],
  },
  {
    code: 'workload.handover-undone',
    severity: 'error',
    summary: "a workload cluster handed over to its own Flux stays handed over: the committed tree's suspended handover is never unsuspended",
    check: (tree) => {
      if (!tree.previous) return [];
      const committed = documents(tree.previous, 'kubernetes/');
      return tree.env.workloads.filter((w) => !w.handedOver).flatMap((w) => {
        const name = handoverNames(w).gatewayApi;
        const suspended = committed.find(({ doc }) => doc.kind === 'Kustomization' && doc.metadata?.namespace === w.namespace && doc.metadata?.name === name && doc.spec?.suspend === true);
        return suspended
          ? [{
              path: `${w.name}.infrastructure.handedOver`,
              value: 'false',
              message: `the committed tree of ${tree.env.name} has ${w.name} handed over (Kustomization ${w.namespace}/${name} in ${suspended.path} is suspended): ${w.name}'s own Flux applies its Gateway API CRDs, Cilium and flux-operator since, and unsuspended, ${tree.env.name}'s Flux would apply and upgrade the same objects on ${w.name} beside it`,
              fix: `set ${w.name}.infrastructure.handedOver back to true: the handover is one-way`,
            }]
          : [];
      });
    },
  },
];
