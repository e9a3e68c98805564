import { Construct } from 'constructs';
import { ciliumRelease } from '../charts/cilium';
import type { Environment } from '../model/resolve';
import { CiliumLoadBalancer } from './cilium-lb';
import { Component } from './component';
import { FluxHelmRelease } from './flux-helm-release';
import { FluxLayer } from './flux-layer';
import { FluxSync } from './flux-sync';
import { Namespaces } from './namespaces';

export interface ClusterProps {
  readonly env: Environment;
}

/**
 * One environment's Kubernetes tree: Flux sync in `flux-system/`, one Flux Kustomization per
 * layer at the root, and each layer's components in `<layer>/<component>/`.
 */
export class Cluster extends Construct {
  public constructor(scope: Construct, id: string, props: ClusterProps) {
    super(scope, id);
    const { env } = props;

    const root = new Component(this, 'root', { folder: '', fileNaming: 'name' });
    const fluxSystem = new Component(root, 'flux-system', {
      // Flux's own controllers, committed by `flux bootstrap`; listed once it has run.
      extraResources: env.flux.bootstrapped ? ['gotk-components.yaml'] : [],
    });
    new FluxSync(fluxSystem, 'sync', { env });

    const layers = new Map<string, Component>();
    for (const layer of env.flux.layers) {
      new FluxLayer(root, `layer-${layer.name}`, { layer });
      const folder = new Component(root, layer.name, { detached: true });
      layers.set(layer.name, folder);
      if (layer.namespaces.length > 0) {
        new Namespaces(new Component(folder, 'namespaces'), 'namespaces', { names: layer.namespaces });
      }
    }

    const ciliumLayer = env.cilium && layers.get(env.cilium.layer);
    if (ciliumLayer) {
      new FluxHelmRelease(new Component(ciliumLayer, 'cilium'), 'cilium', { release: ciliumRelease(env) });
      if (env.ingressVip && env.vipInterface) {
        new CiliumLoadBalancer(new Component(ciliumLayer, 'cilium-lb'), 'lb', {
          ingressVip: env.ingressVip,
          interface: env.vipInterface,
        });
      }
    }
  }
}
