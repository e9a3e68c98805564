import { describe, expect, it } from 'vitest';
import { followed, kubernetesLdflags, kubernetesRelease } from '../../prove/toolchain';
import * as versions from '../../src/versions';

// The Kubernetes half's versions follow from other pins: derived, never restated.

describe('the Kubernetes half\'s versions', () => {
  it('builds the Kubernetes release of the tested k3s', () => {
    expect(kubernetesRelease('v1.36.4+k3s1')).toBe('v1.36.4');
    expect(kubernetesRelease()).toBe(versions.k3s.tested.split('+')[0]);
  });

  it('records etcd for that release, the controllers for the pinned Flux and the CLI for the pinned kyverno chart', () => {
    const pins = versions.provingGround;
    expect(Object.keys(pins.etcd.byKubernetes)).toContain(kubernetesRelease());
    for (const c of Object.values(pins.fluxControllers)) expect(Object.keys(c.byFlux)).toContain(versions.flux.version);
    expect(Object.keys(pins.kyverno.byChart)).toContain(versions.charts.kyverno.version);
  });

  it('fails when a pin it follows has no row, naming the row to add', () => {
    expect(() => followed({ 'v1.36.4': 'v3.6.8' }, 'v1.36.5', 'provingGround.etcd.byKubernetes', 'kubernetes v1.36.5 build/dependencies.yaml'))
      .toThrow("src/versions.ts provingGround.etcd.byKubernetes has no row for v1.36.5: add 'v1.36.5': '<version>' as kubernetes v1.36.5 build/dependencies.yaml names it");
  });

  it('sets the version kube-apiserver reports as Kubernetes\' own build does', () => {
    const flags = kubernetesLdflags('v1.36.4');
    for (const pkg of ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']) {
      expect(flags).toContain(`-X ${pkg}.gitVersion=v1.36.4`);
      expect(flags).toContain(`-X ${pkg}.gitMajor=1`);
      expect(flags).toContain(`-X ${pkg}.gitMinor=36`);
    }
  });
});
