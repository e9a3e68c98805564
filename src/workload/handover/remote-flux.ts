import { Construct } from 'constructs';
import * as instance from '../../imports/flux-instance-fluxcd.controlplane.io';
import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import { KustomizationFolder } from '../../k8s/kustomization-folder';
import { LAYER_TIMEOUT } from '../../k8s/flux-layer';
import { SopsFile } from '../../k8s/sops-file';
import type { WorkloadCluster } from '../../model/workload';
import { secretFileName } from '../../tree/paths';
import type { EncryptedSecret } from './encrypted-secret';
import { workloadKubeConfig } from './kubeconfig';
import { handoverNames } from './names';
import { MANAGEMENT_SOURCE, managementPath } from './source';

export interface RemoteFluxProps {
  readonly cluster: WorkloadCluster;
  /** The FluxInstance of the workload tree (fluxInstanceProps of the workload environment). */
  readonly instance: instance.FluxInstanceProps;
  /** The Secrets its Flux needs before its first sync (the age identity, the pull secret), encrypted to mgmt. */
  readonly secrets: readonly EncryptedSecret[];
  /** Kustomizations (beside this one) that must be Ready first: the one installing flux-operator. */
  readonly after: readonly string[];
  readonly handedOver: boolean;
  /** mgmt's synced folder in the repository (`clusters/<mgmt>/kubernetes`). */
  readonly fluxPath: string;
}

/**
 * What the workload cluster's own Flux needs from mgmt, applied there through the kubeconfig: its
 * FluxInstance (the workload tree's, object for object) and the encrypted Secrets, in a folder of
 * mgmt's tree that only this Kustomization applies. Ready when the FluxInstance is (`wait`), which
 * flux-operator v0.58.1 marks Ready only once every object of the distribution, its sync's
 * GitRepository and Kustomization included, passed its health check (`Wait` defaults to true;
 * internal/controller/fluxinstance_controller.go `apply`): this Kustomization's Ready is the
 * signal that the workload's Flux is up.
 *
 * mgmt's kustomize-controller decrypts the Secrets with mgmt's own identity (no `secretRef`: its
 * `--sops-age-secret` fallback, see src/k8s/sops-age-fallback.ts) and applies them decrypted to the
 * workload cluster only; no key is copied by hand and no plaintext is written anywhere on mgmt.
 *
 * Nothing it applied is ever deleted by it: no `prune` (kustomize-controller v1.9.4 `prune` returns
 * at once without it) and `deletionPolicy: Orphan`; the FluxInstance carries
 * `kustomize.toolkit.fluxcd.io/prune: disabled` too (deleting it makes the operator uninstall
 * Flux). Handed over, the FluxInstance leaves the folder (the workload's Flux applies it from its
 * own tree; without prune, mgmt leaves it in place) while the Secrets stay: no other controller
 * applies them, and a rotated key still reaches the cluster through mgmt.
 */
export class RemoteFlux extends Construct {
  public readonly folder: KustomizationFolder;

  public constructor(scope: Construct, id: string, props: RemoteFluxProps) {
    super(scope, id);
    const { cluster, handedOver } = props;
    this.folder = new KustomizationFolder(this, 'workload', { detached: true });
    if (!handedOver) new instance.FluxInstance(this.folder, 'instance', props.instance);
    for (const secret of props.secrets) {
      new SopsFile(this.folder, `secret-${secret.namespace}-${secret.name}`, { fileName: secretFileName(secret.namespace, secret.name), content: secret.content });
    }
    new kustomize.Kustomization(this, 'Resource', {
      metadata: { name: handoverNames(cluster).flux, namespace: cluster.namespace },
      spec: {
        interval: '10m',
        retryInterval: '2m',
        timeout: LAYER_TIMEOUT,
        kubeConfig: workloadKubeConfig(cluster),
        path: managementPath(props.fluxPath, this.folder),
        prune: false,
        deletionPolicy: kustomize.KustomizationSpecDeletionPolicy.ORPHAN,
        wait: true,
        dependsOn: handedOver || props.after.length === 0 ? undefined : props.after.map((name) => ({ name })),
        decryption: { provider: kustomize.KustomizationSpecDecryptionProvider.SOPS },
        sourceRef: { ...MANAGEMENT_SOURCE },
      },
    });
  }
}
