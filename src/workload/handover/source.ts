import * as kustomize from '../../imports/flux-kustomization-kustomize.toolkit.fluxcd.io';
import type { KustomizationFolder } from '../../k8s/kustomization-folder';
import { FLUX_NAMESPACE } from '../../k8s/flux-sync';

/**
 * mgmt's own sync source: the GitRepository `flux-system/flux-system` its FluxInstance creates
 * (flux-operator names the sync after its namespace). A Kustomization beside the Cluster reads it
 * across namespaces, which kustomize-controller v1.9.4 refuses only with `--no-cross-namespace-refs`
 * (internal/controller/kustomization_controller.go `getSource`); flux-operator v0.58.1 sets that
 * flag only for `cluster.multitenant: true` (internal/builder/profiles.go
 * `profileClusterMultitenant`, internal/controller/fluxinstance_controller.go), which the tree's
 * FluxInstance leaves at its default, false (src/k8s/flux-instance.ts).
 */
export const MANAGEMENT_SOURCE = { kind: kustomize.KustomizationSpecSourceRefKind.GIT_REPOSITORY, name: FLUX_NAMESPACE, namespace: FLUX_NAMESPACE };

/** The path of a folder of mgmt's tree in the repository, as a Kustomization of MANAGEMENT_SOURCE applies it. */
export const managementPath = (fluxPath: string, folder: KustomizationFolder) => `./${fluxPath}/${folder.folder}`;
