import { describe, expect, it } from 'vitest';
import { mgmt } from '../fixtures/fleet/mgmt';
import { rendered } from '../fixtures/render';

const CHARTS = {
  'cert-manager': 'kubernetes/cert-manager/cert-manager/helmchart.kube-system.cert-manager.yaml',
  'cluster-api-operator': 'kubernetes/capi-operator/cluster-api-operator/helmchart.kube-system.cluster-api-operator.yaml',
};

describe('k3s HelmCharts', () => {
  it.each(Object.entries(CHARTS))('leaves a failed %s release for the operator instead of uninstalling and reinstalling it', (_name, file) => {
    expect(rendered(mgmt).doc(file).spec.failurePolicy).toBe('abort');
  });

  it.each([
    ['cert-manager', '10m'],
    ['cluster-api-operator', '5m'],
  ] as const)('gives the %s helm job a timeout of %s', (name, timeout) => {
    expect(rendered(mgmt).doc(CHARTS[name]).spec.timeout).toBe(timeout);
  });
});
