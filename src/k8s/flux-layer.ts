import { Construct } from 'constructs';
import * as kustomize from '../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import type { FluxLayer as Layer } from '../model/resolve';
import { FLUX_NAMESPACE } from './flux-sync';

export interface FluxLayerProps {
  readonly layer: Layer;
}

/** The Flux Kustomization that applies one layer folder, after the layers it depends on. */
export class FluxLayer extends Construct {
  public constructor(scope: Construct, id: string, props: FluxLayerProps) {
    super(scope, id);
    const { layer } = props;
    new kustomize.Kustomization(this, 'Resource', {
      metadata: { name: layer.name, namespace: FLUX_NAMESPACE },
      spec: {
        interval: layer.interval,
        retryInterval: '2m',
        timeout: '5m',
        path: layer.path,
        prune: layer.prune,
        wait: layer.wait,
        suspend: layer.suspend,
        dependsOn: layer.dependsOn.length > 0 ? layer.dependsOn.map((name) => ({ name })) : undefined,
        sourceRef: { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name: FLUX_NAMESPACE },
      },
    });
  }
}
