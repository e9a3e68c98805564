import type { Environment } from '../model/resolve';
import * as versions from '../versions';
import type { ChartRelease } from './chart';

export function clusterApiOperatorRelease(env: Environment): ChartRelease {
  return {
    name: 'cluster-api-operator',
    namespace: 'capi-operator-system',
    ...versions.charts.clusterApiOperator,
    values: env.clusterApi?.operatorValues ?? {},
  };
}
