/**
 * Values of the cluster-api-operator chart that would make the chart install providers itself,
 * as Helm hooks the operator cannot upgrade one at a time. Providers are objects in the tree instead.
 */
export const PROVIDER_VALUE_KEYS = ['core', 'bootstrap', 'controlPlane', 'infrastructure', 'ipam', 'addon', 'runtimeExtension'] as const;
