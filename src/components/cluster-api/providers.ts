import { Construct } from 'constructs';
import * as bootstrap from '../../imports/capi-bootstrapprovider-operator.cluster.x-k8s.io';
import * as controlPlane from '../../imports/capi-controlplaneprovider-operator.cluster.x-k8s.io';
import * as core from '../../imports/capi-coreprovider-operator.cluster.x-k8s.io';
import * as infrastructure from '../../imports/capi-infrastructureprovider-operator.cluster.x-k8s.io';
import * as ipam from '../../imports/capi-ipamprovider-operator.cluster.x-k8s.io';
import type { CapiProviderKind, CapiProviderSpec } from '../../model/environment';

/** The generated class of each kind; they share one props shape for what we set. */
const CLASSES: Record<CapiProviderKind, new (scope: Construct, id: string, props: core.CoreProviderProps) => unknown> = {
  CoreProvider: core.CoreProvider,
  BootstrapProvider: bootstrap.BootstrapProvider,
  ControlPlaneProvider: controlPlane.ControlPlaneProvider,
  InfrastructureProvider: infrastructure.InfrastructureProvider,
  IPAMProvider: ipam.IpamProvider,
};

export interface CapiProvidersProps {
  readonly providers: readonly CapiProviderSpec[];
}

/**
 * The cluster-api-operator provider objects: name = provider, namespace = install namespace,
 * pinned version. Non-core providers wait for the core provider by themselves, so all of them
 * can be applied together.
 */
export class CapiProviders extends Construct {
  public constructor(scope: Construct, id: string, props: CapiProvidersProps) {
    super(scope, id);
    for (const provider of props.providers) {
      new CLASSES[provider.kind](this, `${provider.kind}-${provider.name}`, {
        metadata: { name: provider.name, namespace: provider.namespace },
        spec: {
          version: provider.version,
          // The operator does not watch this Secret: rotate by pointing at a new name.
          configSecret: provider.configSecret === undefined ? undefined : { name: provider.configSecret.name },
        },
      });
    }
  }
}
