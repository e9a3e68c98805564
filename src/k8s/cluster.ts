import { Construct } from 'constructs';
import { certManagerRelease } from '../charts/cert-manager';
import { ciliumRelease } from '../charts/cilium';
import { clusterApiOperatorRelease } from '../charts/cluster-api-operator';
import { layerHealthChecks } from '../model/components';
import type { Environment } from '../model/resolve';
import { CapiInspector } from './capi-inspector';
import { CapiProviders } from './capi-providers';
import { ChartInstall } from './chart-install';
import { CiliumLoadBalancer } from './cilium-lb';
import { Component } from './component';
import { FluxLayer } from './flux-layer';
import { FluxSync } from './flux-sync';
import { Namespaces } from './namespaces';
import { SopsFile } from './sops-file';

export interface ClusterProps {
  readonly env: Environment;
  /** Encrypted sources by repository path (`secrets/<env>/…`), copied into the tree as-is. */
  readonly secretSources?: ReadonlyMap<string, string>;
}

/**
 * One environment's Kubernetes tree: Flux sync in `flux-system/`, one Flux Kustomization per
 * layer at the root, and each layer's components in `<layer>/<component>/`.
 */
export class Cluster extends Construct {
  public constructor(scope: Construct, id: string, props: ClusterProps) {
    super(scope, id);
    const { env } = props;
    const installer = env.helmInstaller;

    const root = new Component(this, 'root', { folder: '', fileNaming: 'name' });
    const fluxSystem = new Component(root, 'flux-system', {
      // Flux's own controllers, committed by `flux bootstrap`; listed once it has run.
      extraResources: env.flux.bootstrapped ? ['gotk-components.yaml'] : [],
    });
    new FluxSync(fluxSystem, 'sync', { env });

    const healthChecks = layerHealthChecks(env);
    const layers = new Map<string, Component>();
    for (const layer of env.flux.layers) {
      const decrypt = env.secrets.some((ref) => ref.layer === layer.name);
      new FluxLayer(root, `layer-${layer.name}`, { layer, healthChecks: healthChecks.get(layer.name), decrypt });
      const folder = new Component(root, layer.name, { detached: true });
      layers.set(layer.name, folder);
      if (layer.namespaces.length > 0) {
        new Namespaces(new Component(folder, 'namespaces'), 'namespaces', { names: layer.namespaces });
      }
    }
    // A component whose layer is missing is reported by `flux.layer-missing`; nothing renders then.
    const folders = new Map<string, Component>();
    const place = (layer: string, folder: string) => {
      const key = `${layer}/${folder}`;
      if (!folders.has(key)) folders.set(key, new Component(layers.get(layer)!, folder));
      return folders.get(key)!;
    };

    if (env.cilium) {
      // The CNI: a refactor that moved or dropped it must never make Flux uninstall it.
      new ChartInstall(place(env.cilium.layer, 'cilium'), 'cilium', { release: ciliumRelease(env), installer, protectFromPrune: true });
      if (env.ingressVip && env.vipInterface) {
        new CiliumLoadBalancer(place(env.cilium.layer, 'cilium-lb'), 'lb', { ingressVip: env.ingressVip, interface: env.vipInterface });
      }
    }

    const capi = env.clusterApi;
    if (capi) {
      new ChartInstall(place(capi.layers.certManager, 'cert-manager'), 'cert-manager', { release: certManagerRelease(), installer });
      new ChartInstall(place(capi.layers.operator, 'cluster-api-operator'), 'operator', { release: clusterApiOperatorRelease(env), installer });
      const providers = place(capi.layers.providers, 'cluster-api');
      // Each provider's install namespace sits beside it; Flux applies Namespaces first.
      new Namespaces(providers, 'namespaces', { names: [...new Set(capi.providers.map((p) => p.namespace))] });
      new CapiProviders(providers, 'providers', { providers: capi.providers });
      if (capi.inspector) {
        const namespace = capi.providers.find((p) => p.kind === 'CoreProvider')?.namespace ?? capi.providers[0]!.namespace;
        new CapiInspector(place(capi.layers.providers, 'capi-inspector'), 'inspector', { namespace });
      }
    }

    // Each Secret goes, still encrypted, into the folder of the component that uses it.
    for (const ref of env.secrets) {
      const content = props.secretSources?.get(ref.source);
      if (content === undefined) continue; // `secret.missing` stops synth before this matters
      new SopsFile(place(ref.layer, ref.folder), `secret-${ref.namespace}-${ref.name}`, {
        fileName: `secret.${ref.namespace}.${ref.name}.sops.yaml`,
        content,
      });
    }
  }
}
