import { Construct } from 'constructs';
import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import { LAYER_TIMEOUT } from '../../k8s/flux-layer';
import { KustomizationFolder } from '../../k8s/kustomization-folder';
import { MANAGEMENT_SOURCE, managementPath } from '../../workload/handover/source';
import { WildcardCertificate } from './wildcard-certificate';
import type { WildcardCertificateProps } from './wildcard-certificate';

/** The Kustomization that applies the certificate, beside it in the Gateway's namespace. */
export const CERTIFICATE_KUSTOMIZATION = 'wildcard-certificate';

export interface UnwaitedCertificateProps {
  readonly certificate: WildcardCertificateProps;
  /** The environment's synced folder in the repository (`clusters/<env>/kubernetes`). */
  readonly fluxPath: string;
}

/**
 * The wildcard certificate in a folder of its own, applied by a Flux Kustomization that does not
 * wait for it (`wait: false`, no health checks): its layer waits only until the Kustomization is
 * Ready, which it is once the certificate is applied. An ACME order can take minutes, or fail
 * until the DNS token is right; a waited certificate holds its layer, and every layer after it,
 * the apps' among them, for that long (kustomize-controller v1.9.4 waits for every applied object,
 * `checkHealth`; a Certificate's Ready=False reads as in progress, fluxcd/cli-utils v1.2.1
 * pkg/kstatus/status/status.go `checkReadyCondition`). Its own namespace keeps its name clear of
 * the layers' in flux-system; it reads the tree's GitRepository across namespaces (source.ts).
 */
export class UnwaitedCertificate extends Construct {
  public constructor(scope: Construct, id: string, props: UnwaitedCertificateProps) {
    super(scope, id);
    // Not listed by the layer's folder: only this Kustomization applies it.
    const folder = new KustomizationFolder(this, 'certificate', { detached: true });
    new WildcardCertificate(folder, 'wildcard', props.certificate);
    new kustomize.Kustomization(this, 'Resource', {
      metadata: { name: CERTIFICATE_KUSTOMIZATION, namespace: props.certificate.namespace },
      spec: {
        interval: '10m',
        retryInterval: '2m',
        timeout: LAYER_TIMEOUT,
        path: managementPath(props.fluxPath, folder),
        prune: true,
        wait: false,
        sourceRef: { ...MANAGEMENT_SOURCE },
      },
    });
  }
}
