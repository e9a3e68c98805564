import type { ChartRelease } from '../../charts/chart';
import type { Catalogue } from '../../model/version-overrides';

/** The operator; its providers are objects of their own (cluster-api), never chart values. */
export function clusterApiOperatorRelease(values: Readonly<Record<string, unknown>>, pins: Catalogue): ChartRelease {
  return {
    name: 'cluster-api-operator',
    namespace: 'capi-operator-system',
    ...pins.charts.clusterApiOperator,
    values,
  };
}
