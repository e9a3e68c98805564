/** Paths inside `clusters/<env>/` that more than one part of the code names (the writer's and the checks'). */

/** Cilium's bootstrap values: byte for byte the HelmRelease's `spec.values`. */
export const CILIUM_VALUES_FILE = 'bootstrap/cilium-values.yaml';
