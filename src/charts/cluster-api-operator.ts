import type { Environment } from '../model/resolve';
import * as versions from '../versions';
import type { ChartRelease } from './chart';

/**
 * Chart values that would make the chart install providers itself, as Helm hooks the operator
 * cannot upgrade one at a time. Providers are objects in the tree instead.
 */
export const PROVIDER_VALUE_KEYS = ['core', 'bootstrap', 'controlPlane', 'infrastructure', 'ipam', 'addon', 'runtimeExtension'] as const;

export function clusterApiOperatorRelease(env: Environment): ChartRelease {
  return {
    name: 'cluster-api-operator',
    namespace: 'capi-operator-system',
    ...versions.charts.clusterApiOperator,
    values: env.clusterApi?.operatorValues ?? {},
  };
}
