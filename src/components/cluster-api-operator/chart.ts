import type { ChartRelease } from '../../charts/chart';
import * as versions from '../../versions';

/** The operator; its providers are objects of their own (cluster-api), never chart values. */
export function clusterApiOperatorRelease(values: Readonly<Record<string, unknown>>): ChartRelease {
  return {
    name: 'cluster-api-operator',
    namespace: 'capi-operator-system',
    ...versions.charts.clusterApiOperator,
    values,
  };
}
