import { describe, expect, it } from 'vitest';
import { pinRelativeReplaces, redirect, requirements, resolvedVersion } from '../../prove/go-mod';

// A monorepo's go.mod points its sibling modules at folders the module zip leaves out; the build
// points each at the published sibling of the same release, and touches nothing else.

const KUBERNETES = `module k8s.io/kubernetes

go 1.26.0

require (
\tgithub.com/spf13/cobra v1.10.1
\tk8s.io/api v0.0.0
\tk8s.io/client-go v0.0.0 // indirect
)

replace (
\tk8s.io/api => ./staging/src/k8s.io/api
\tk8s.io/client-go => ./staging/src/k8s.io/client-go
\tk8s.io/sample-controller => ./staging/src/k8s.io/sample-controller
)
`;

describe('pinRelativeReplaces', () => {
  it('points each required sibling at the published module of the release', () => {
    const { goMod, pinned } = pinRelativeReplaces(KUBERNETES, 'v0.36.4');
    expect(goMod).toContain('\tk8s.io/api => k8s.io/api v0.36.4\n');
    expect(goMod).toContain('\tk8s.io/client-go => k8s.io/client-go v0.36.4\n');
    expect(pinned).toEqual(['k8s.io/api => ./staging/src/k8s.io/api became k8s.io/api v0.36.4', 'k8s.io/client-go => ./staging/src/k8s.io/client-go became k8s.io/client-go v0.36.4']);
  });

  it('leaves a relative replace of a module nothing requires (etcd\'s FORBIDDEN_DEPENDENCY guards)', () => {
    expect(pinRelativeReplaces(KUBERNETES, 'v0.36.4').goMod).toContain('\tk8s.io/sample-controller => ./staging/src/k8s.io/sample-controller\n');
    const etcd = 'module go.etcd.io/etcd/server/v3\n\nrequire go.etcd.io/etcd/api/v3 v3.6.8\n\nreplace go.etcd.io/etcd/api/v3 => ../api\n\nreplace go.etcd.io/etcd => ./FORBIDDEN_DEPENDENCY\n';
    const { goMod } = pinRelativeReplaces(etcd, 'v3.6.8');
    expect(goMod).toContain('replace go.etcd.io/etcd/api/v3 => go.etcd.io/etcd/api/v3 v3.6.8\n');
    expect(goMod).toContain('replace go.etcd.io/etcd => ./FORBIDDEN_DEPENDENCY\n');
  });

  it('leaves replaces by a published module untouched, and the rest of the file byte for byte', () => {
    const flux = 'module github.com/fluxcd/helm-controller\n\nreplace github.com/fluxcd/helm-controller/api => ./api\n\nreplace helm.sh/helm/v4 => github.com/fluxcd/helm/v4 v4.2.4-flux.1\n\nrequire github.com/fluxcd/helm-controller/api v1.6.3\n';
    const { goMod } = pinRelativeReplaces(flux, 'v1.6.3');
    expect(goMod).toBe(flux.replace('=> ./api', '=> github.com/fluxcd/helm-controller/api v1.6.3'));
  });

  it('keeps nothing of the replaced side\'s version: the sibling replaces every version', () => {
    expect(pinRelativeReplaces('require a.io/x v0.0.0\nreplace a.io/x v0.0.0 => ../x // sibling\n', 'v1.2.3').goMod).toBe('require a.io/x v0.0.0\nreplace a.io/x => a.io/x v1.2.3 // sibling\n');
  });
});

describe('requirements', () => {
  it('reads single-line and block requires with their versions, comments dropped', () => {
    expect([...requirements(KUBERNETES + 'require example.com/y v1.0.0\n')]).toEqual([
      ['github.com/spf13/cobra', 'v1.10.1'], ['k8s.io/api', 'v0.0.0'], ['k8s.io/client-go', 'v0.0.0'], ['example.com/y', 'v1.0.0'],
    ]);
  });
});

describe('a module the proxy refuses, sent to its stand-in', () => {
  const HELM_CONTROLLER = 'module github.com/fluxcd/helm-controller\n\n// Pin helm\nreplace helm.sh/helm/v4 => github.com/fluxcd/helm/v4 v4.2.4-flux.1\n\nrequire (\n\tgithub.com/fluxcd/pkg/artifact v0.18.2\n\thelm.sh/helm/v4 v4.2.2\n)\n';

  it('is taken at the version a replace names it, else at the required one', () => {
    expect(resolvedVersion(HELM_CONTROLLER, 'github.com/fluxcd/helm/v4')).toBe('v4.2.4-flux.1');
    expect(resolvedVersion(HELM_CONTROLLER, 'github.com/fluxcd/pkg/artifact')).toBe('v0.18.2');
    expect(resolvedVersion(HELM_CONTROLLER, 'example.com/absent')).toBeUndefined();
  });

  it('retargets the replace that names it, keeping what it replaces', () => {
    expect(redirect(HELM_CONTROLLER, 'github.com/fluxcd/helm/v4', 'helm.sh/helm/v4 v4.2.4')).toBe(HELM_CONTROLLER.replace('=> github.com/fluxcd/helm/v4 v4.2.4-flux.1', '=> helm.sh/helm/v4 v4.2.4'));
  });

  it('gives a module only required a replace of its own', () => {
    expect(redirect(HELM_CONTROLLER, 'github.com/fluxcd/pkg/artifact', '/build/stand-ins/artifact')).toBe(`${HELM_CONTROLLER}\nreplace github.com/fluxcd/pkg/artifact => /build/stand-ins/artifact\n`);
  });
});
