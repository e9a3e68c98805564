import type { Environment } from '../model/resolve';
import type * as instance from '../imports/flux-instance-fluxcd.controlplane.io';
import { SOPS_AGE_SECRET } from './flux-layer';

/**
 * The patch of a management environment's FluxInstance that lets its kustomize-controller decrypt
 * the Secrets it carries to workload clusters. A Kustomization's `decryption.secretRef` names a
 * Secret in the Kustomization's own namespace (kustomize-controller v1.9.4
 * internal/decryptor/decryptor.go `ImportKeys`), and a remote one must live beside the Cluster
 * (its kubeconfig Secret is read from there too), not in flux-system where mgmt's age identity is.
 * Without a `secretRef`, the controller falls back to the Secret named by `--sops-age-secret` in its
 * own namespace (`ImportKeys`, the `sopsAgeSecret` branch; flag in main.go; docs/spec/v1/
 * kustomizations.md "SOPS Age Keys": "The field `.spec.decryption.secretRef` in the Kustomization
 * will take precedence"): flux-system/sops-age, the identity the runbook gives mgmt's Flux. So
 * mgmt's key is never copied into a second namespace, and the layers, which name `sops-age`
 * explicitly, decrypt as before.
 *
 * The JSON patch is the form flux-operator v0.58.1 uses for its own controller flags
 * (internal/builder/profiles.go `profileClusterMultitenant`); Flux 2.9.4's kustomize-controller
 * has one container, `manager`, with an `args` list (config/data/flux/v2.9.4/kustomize-controller.yaml).
 */
export const SOPS_AGE_FALLBACK: instance.FluxInstanceSpecKustomizePatches = {
  target: { kind: 'Deployment', name: 'kustomize-controller' },
  patch: ['- op: add', '  path: /spec/template/spec/containers/0/args/-', `  value: --sops-age-secret=${SOPS_AGE_SECRET}`, ''].join('\n'),
};

/** The patches of an environment's own FluxInstance: the SOPS fallback where it hands workload clusters over. */
export const managementPatches = (env: Pick<Environment, 'workloads'>): readonly instance.FluxInstanceSpecKustomizePatches[] => (env.workloads.length > 0 ? [SOPS_AGE_FALLBACK] : []);
