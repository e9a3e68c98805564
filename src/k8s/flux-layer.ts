import { Construct } from 'constructs';
import * as kustomize from '../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import type { FluxLayer as Layer } from '../model/resolve';
import { FLUX_NAMESPACE } from './flux-sync';
import { SOPS_AGE_SECRET_NAME } from '../model/workload-resolve';

/** A Flux health check: an object whose readiness gates the layers that depend on this one. */
export interface HealthCheck {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
}

/** A CustomResourceDefinition, ready once Established. */
export const crdCheck = (name: string): HealthCheck => ({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'CustomResourceDefinition', name });

export interface FluxLayerProps {
  readonly layer: Layer;
  /** Objects that must be ready before dependent layers start. @default none */
  readonly healthChecks?: readonly HealthCheck[];
  /** The layer holds SOPS files: decrypt with the age identity in flux-system/sops-age. @default false */
  readonly decrypt?: boolean;
  /**
   * How long its apply and its wait for readiness may take (a Go duration): long enough for the
   * first install of its HelmReleases (layer-timeout.ts), so a slow one is not reported failed
   * while Helm still waits.
   * @default '5m'
   */
  readonly timeout?: string;
}

/** The Secret `flux bootstrap`'s operator creates with the age identity (see the runbook). */
export const SOPS_AGE_SECRET = SOPS_AGE_SECRET_NAME;

/** A layer's timeout where its releases need no more. */
export const LAYER_TIMEOUT = '5m';

/** The Flux Kustomization that applies one layer folder, after the layers it depends on. */
export class FluxLayer extends Construct {
  public constructor(scope: Construct, id: string, props: FluxLayerProps) {
    super(scope, id);
    const { layer } = props;
    const healthChecks = props.healthChecks ?? [];
    new kustomize.Kustomization(this, 'Resource', {
      metadata: { name: layer.name, namespace: FLUX_NAMESPACE },
      spec: {
        interval: layer.interval,
        retryInterval: '2m',
        timeout: props.timeout ?? LAYER_TIMEOUT,
        path: layer.path,
        prune: layer.prune,
        wait: layer.wait,
        suspend: layer.suspend,
        dependsOn: layer.dependsOn.length > 0 ? layer.dependsOn.map((name) => ({ name })) : undefined,
        decryption: props.decrypt
          ? { provider: kustomize.KustomizationSpecDecryptionProvider.SOPS, secretRef: { name: SOPS_AGE_SECRET } }
          : undefined,
        healthChecks: healthChecks.length > 0 ? healthChecks.map((check) => ({ ...check })) : undefined,
        sourceRef: { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name: FLUX_NAMESPACE },
      },
    });
  }
}
