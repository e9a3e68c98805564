import { Construct } from 'constructs';
import * as git from '../imports/flux-gitrepository-source.toolkit.fluxcd.io';
import * as kustomize from '../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import type { Environment } from '../model/resolve';
import { FLUX_SYSTEM } from '../model/workload-resolve';

export const FLUX_NAMESPACE = FLUX_SYSTEM;

export interface FluxSyncProps {
  readonly env: Environment;
}

/**
 * The objects `flux bootstrap` creates: a GitRepository for this repository and the root
 * Kustomization that applies `clusters/<env>/kubernetes`. Same names as bootstrap's, so a
 * bootstrapped cluster adopts them instead of getting a second pair.
 */
export class FluxSync extends Construct {
  public constructor(scope: Construct, id: string, props: FluxSyncProps) {
    super(scope, id);
    const { flux } = props.env;
    new git.GitRepository(this, 'GitRepository', {
      metadata: { name: FLUX_NAMESPACE, namespace: FLUX_NAMESPACE },
      spec: { interval: flux.interval, ref: { branch: flux.branch }, url: flux.url },
    });
    new kustomize.Kustomization(this, 'Kustomization', {
      metadata: { name: FLUX_NAMESPACE, namespace: FLUX_NAMESPACE },
      spec: {
        interval: '10m',
        path: `./${flux.path}`,
        prune: true,
        sourceRef: { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name: FLUX_NAMESPACE },
      },
    });
  }
}
