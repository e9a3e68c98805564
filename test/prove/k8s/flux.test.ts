import { describe, expect, it } from 'vitest';
import { controllerArgs, storageArgs } from '../../../prove/k8s/flux';

describe('Flux controllers on loopback', () => {
  it('bind metrics and health to loopback, without leader election, over every namespace, posting events to notification-controller', () => {
    expect(controllerArgs({ metricsPort: 8081, healthPort: 9441, events: 'http://127.0.0.1:9090/' })).toEqual(expect.arrayContaining([
      '--metrics-addr=127.0.0.1:8081', '--health-addr=127.0.0.1:9441', '--enable-leader-election=false', '--watch-all-namespaces=true', '--events-addr=http://127.0.0.1:9090/',
    ]));
  });

  it('pass no --kubeconfig, which their pflag set does not hold (KUBECONFIG names the server)', () => {
    expect(controllerArgs({ metricsPort: 1, healthPort: 2, events: 'http://127.0.0.1:3/' }).some((a) => a.startsWith('--kubeconfig'))).toBe(false);
  });

  it('serve and advertise source-controller\'s storage on the same loopback address', () => {
    expect(storageArgs({ storagePath: '/w/storage', storagePort: 9090 })).toEqual(['--storage-path=/w/storage', '--storage-addr=127.0.0.1:9090', '--storage-adv-addr=127.0.0.1:9090']);
  });
});
