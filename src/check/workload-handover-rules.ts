import type { Rule } from '../model/violation';
import { documents } from '../tree/rendered-tree';
import type { RenderedTree } from '../tree/rendered-tree';
import { handoverNames } from '../workload/handover/names';

// The handover of a workload cluster to its own Flux against the committed tree: it is one-way.

export const workloadHandoverRules: readonly Rule<RenderedTree>[] = [
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
