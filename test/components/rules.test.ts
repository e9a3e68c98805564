import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { componentRules } from '../../src/components/rules';
import { COMPONENTS } from '../../src/components/table';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { OTHER_AGE_RECIPIENT, modify, singleServer, threeServers } from '../fixtures/environments';
import { mgmt } from '../fixtures/fleet/mgmt';
import { podinfo } from '../fixtures/corpus';

/** The findings of one code, as path, fix and the action a program applies. */
const found = (spec: EnvironmentSpec, code: string) => check(spec).filter((v) => v.code === code).map((v) => ({ path: v.path, fix: v.fix, action: v.action }));

describe('the component rules: each fix carries the action that applies it', () => {
  it('flux.layer-missing sets the first layer component.layer-order accepts, and none where no declared layer is', () => {
    expect(found(modify(threeServers, (e: any) => { e.tls = { layer: 'nowhere' }; }), 'flux.layer-missing')).toEqual([{
      path: 'fixture.tls.layer',
      fix: 'add a layer named nowhere to flux.layers, or set tls.layer to one of: platform, gateway-api',
      action: { set: 'tls.layer', to: 'platform' },
    }]);
    const [v] = check(modify(singleServer, (e: any) => { e.cilium = { layer: 'infra' }; })).filter((x) => x.code === 'flux.layer-missing' && x.path === 'single.cilium.layer');
    expect(v).toMatchObject({ message: 'cilium goes into layer infra, which the environment does not declare', fix: 'add a layer named infra to flux.layers, ordered after the layers of what cilium needs first (no declared layer is)' });
    expect(v).not.toHaveProperty('action');
  });

  it('flux.layer-missing names what the components of one field need first where no declared layer is after it', () => {
    const [v, ...more] = check(modify(threeServers, (e: any) => { e.cilium = { layer: 'infra' }; e.flux.layers[0].dependsOn = []; }));
    expect(more).toEqual([]);
    expect(v).toMatchObject({ code: 'flux.layer-missing', fix: 'add a layer named infra to flux.layers, ordered after the layers of what cilium and cert-manager need first (no declared layer is)' });
    expect(v).not.toHaveProperty('action');
  });

  it('flux.layer-missing proposes the layers the moved components fit, whatever the order of components it does not move', () => {
    // cilium's layer misses gateway-api's (component.layer-order says so): cert-manager goes into platform all the same.
    expect(found(modify(threeServers, (e: any) => { e.tls = { layer: 'nowhere' }; e.flux.layers[0].dependsOn = []; }), 'flux.layer-missing')[0]!.action).toEqual({ set: 'tls.layer', to: 'platform' });
    // A component a moved one comes after, when it is not switched on, orders nothing.
    const tls = COMPONENTS.find((c) => c.name === 'tls')!;
    const rule = componentRules([...COMPONENTS, { ...tls, name: 'extra', after: ['absent'] }]).find((r) => r.code === 'flux.layer-missing')!;
    expect(rule.check(resolve(modify(threeServers, (e: any) => { e.tls = { layer: 'nowhere' }; })))).toMatchObject([{ fix: 'add a layer named nowhere to flux.layers, or set tls.layer to one of: platform, gateway-api' }]);
  });

  it('flux.wait-ignores-health-checks sets wait: false on that layer', () => {
    const base = modify(mgmt as EnvironmentSpec, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; e.flux.layers[0]!.wait = true; });
    expect(found(base, 'flux.wait-ignores-health-checks')).toEqual([{ path: 'mgmt.flux.layers[0].wait', fix: `set wait: false on layer ${base.flux.layers[0]!.name}`, action: { set: 'flux.layers[0].wait', to: false } }]);
  });

  it('component.unknown removes the name where no component of the table is switched on this way', () => {
    expect(found(modify(threeServers, (e: any) => { e.components = { cilium: {} }; }), 'component.unknown')).toEqual([{
      path: 'fixture.components.cilium', fix: 'remove it: no component of the table is switched on this way', action: { unset: 'components.cilium' },
    }]);
  });

  it('component.unknown removes nothing where the table switches components on by name: the fix names one to use', () => {
    // A table with one component switched on under components (the shipped table has none yet).
    const rule = componentRules([...COMPONENTS, { ...COMPONENTS[0]!, name: 'extra', switchable: true }]).find((r) => r.code === 'component.unknown')!;
    const unknown = (name: string) => rule.check(resolve(modify(threeServers, (e: any) => { e.components = { [name]: {} }; })));
    expect(unknown('zzzzzzzz')).toEqual([{ path: 'components.zzzzzzzz', value: 'zzzzzzzz', message: 'zzzzzzzz is no component that components can switch on', fix: 'use one of: extra' }]);
    expect(unknown('extr')).toEqual([{ path: 'components.extr', value: 'extr', message: 'extr is no component that components can switch on; did you mean extra?', fix: 'rename it to extra' }]);
  });

  it("app.platform-namespace and app.name-taken set the app's own namespace and name", () => {
    const apps = (second: object) => modify(threeServers, (e: any) => { e.apps = [podinfo, second]; });
    expect(found(apps({ ...podinfo, name: 'kube-system' }), 'app.platform-namespace')).toEqual([{
      path: 'fixture.apps[1].namespace', fix: "give the app a namespace of its own, e.g. namespace: 'kube-system-app'", action: { set: 'apps[1].namespace', to: 'kube-system-app' },
    }]);
    expect(found(apps({ ...podinfo, name: 'web', namespace: 'kube-system' }), 'app.platform-namespace')).toEqual([{
      path: 'fixture.apps[1].namespace', fix: "give the app a namespace of its own, e.g. namespace: 'web'", action: { set: 'apps[1].namespace', to: 'web' },
    }]);
    expect(found(apps({ ...podinfo, name: 'cilium', namespace: 'c' }), 'app.name-taken')).toEqual([{
      path: 'fixture.apps[1].name', fix: 'rename the app, e.g. cilium-app', action: { set: 'apps[1].name', to: 'cilium-app' },
    }]);
  });

  it('namespace.created-by-component removes the entry from the layer', () => {
    const spec = modify(threeServers, (e: any) => { e.longhorn = {}; e.flux.layers[1].namespaces = ['apps', 'longhorn-system']; });
    expect(found(spec, 'namespace.created-by-component')).toEqual([{
      path: 'fixture.flux.layers[1].namespaces[1]', fix: 'remove longhorn-system from the namespaces of layer apps', action: { unset: 'flux.layers[1].namespaces[1]' },
    }]);
  });

  it('component.layer-order adds the dependency, and proposes another layer where the dependency would close a cycle', () => {
    expect(found(modify(threeServers, (e: any) => { e.flux.layers[0].dependsOn = []; }), 'component.layer-order')).toEqual([{
      path: 'fixture.cilium.layer', fix: "add 'gateway-api' to the dependsOn of layer platform", action: { set: 'flux.layers[0].dependsOn', to: ['gateway-api'] },
    }]);
    const cycle = check(modify(threeServers, (e: any) => { e.cilium = { layers: { gatewayApi: 'apps' } }; })).filter((v) => v.code === 'component.layer-order');
    expect(cycle.map((v) => [v.path, v.fix])).toEqual([['fixture.cilium.layer', 'set cilium.layer to a layer that depends on apps (platform cannot: apps depends on it)']]);
    expect(cycle[0]).not.toHaveProperty('action');
    // Two components in one layer: a layer of their own, which no action can name.
    const same = found(modify(threeServers, (e: any) => { e.cilium = { layers: { network: 'platform' } }; }), 'component.layer-order');
    expect(same.map((v) => v.fix)).toEqual([
      'give ingress-gateway a layer of its own that depends on platform (cilium.layers.network)',
      'give tls a layer of its own that depends on platform (cilium.layers.network)',
    ]);
    expect(same.map((v) => v.action)).toEqual([undefined, undefined]);
  });

  it("default-deny.unordered adds Cilium's network layer to the unordered layer's dependsOn", () => {
    const spec = modify(threeServers, (e: any) => { e.defaultDeny = {}; e.flux.layers.push({ name: 'side', namespaces: ['side'] }); });
    expect(found(spec, 'default-deny.unordered')).toEqual([{
      path: 'fixture.flux.layers[4].dependsOn', fix: "add 'network' to the dependsOn of layer side (or the reverse), or list side in defaultDeny.exempt", action: { set: 'flux.layers[4].dependsOn', to: ['network'] },
    }]);
  });

  it('default-deny.exempt-unknown writes the near name, or removes the entry', () => {
    expect(found(modify(threeServers, (e: any) => { e.defaultDeny = { exempt: ['apps', 'monitorin', 'zzzzzzzzzzzzzz'] }; }), 'default-deny.exempt-unknown')).toEqual([
      { path: 'fixture.defaultDeny.exempt[1]', fix: 'write monitoring', action: { set: 'defaultDeny.exempt[1]', to: 'monitoring' } },
      { path: 'fixture.defaultDeny.exempt[2]', fix: 'remove it, or list the namespace in the namespaces of the layer that creates it', action: { unset: 'defaultDeny.exempt[2]' } },
    ]);
  });

  it('flux.cni-suspended removes suspend from the layer', () => {
    expect(found(modify(threeServers, (e: any) => { e.flux.layers[0].suspend = true; }), 'flux.cni-suspended')).toEqual([{
      path: 'fixture.flux.layers[0].suspend',
      fix: 'remove suspend: true from layer platform; to hold back a layer, suspend one that comes after platform',
      action: { unset: 'flux.layers[0].suspend' },
    }]);
  });

  describe('the layer of a declared secret', () => {
    const app = { name: 'hello', layer: 'apps', helm: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' } };
    const withSecret = (layer: string) => modify(threeServers, (e) => {
      e.apps = [app];
      e.secrets = [{ namespace: 'hello', name: 'db', keys: ['PASSWORD'], layer }];
      e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] };
    });

    it('secret.namespace-unordered sets the layer that creates the namespace', () => {
      expect(found(withSecret('platform'), 'secret.namespace-unordered')).toEqual([{ path: 'fixture.secrets[0].layer', fix: "set layer: 'apps' on secrets[0]", action: { set: 'secrets[0].layer', to: 'apps' } }]);
    });

    it("secret.namespace-unordered sets no layer on a component's Secret: its fix is the layers' order", () => {
      const spec = modify(threeServers, (e) => {
        e.baseDomain = 'lab.example.net';
        e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] };
        e.tls = { issuerLayer: 'gateway-api', issuer: { kind: 'acme', email: 'ops@lab.example.net', dns01: { provider: 'cloudflare' } } } as any;
      });
      const [v, ...more] = found(spec, 'secret.namespace-unordered');
      expect(more).toEqual([]);
      // The field is one the spec has: the dependsOn of the layer applying it (tls.issuer.dns01.tokenSecret has no layer).
      const i = resolve(spec).flux.layers.findIndex((l) => l.name === 'gateway-api');
      expect(v!.path).toBe(`fixture.flux.layers[${i}].dependsOn`);
      // platform depends on gateway-api already: the dependency would close a cycle, so the fix names the move.
      expect(v!.fix).toBe('apply the component that declares tls.issuer.dns01.tokenSecret in layer platform or one after it: platform already depends on gateway-api, so gateway-api cannot depend on it');
      expect(v!.action).toBeUndefined();
    });

    it("secret.namespace-unordered on a component's Secret adds the dependency where it closes no cycle, as an action", () => {
      const spec = modify(threeServers, (e: any) => {
        e.baseDomain = 'lab.example.net';
        e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] };
        e.flux = { ...resolve(threeServers).spec.flux, layers: [...resolve(threeServers).flux.layers.map((l) => ({ name: l.name, dependsOn: [...l.dependsOn], ...(l.namespaces && { namespaces: [...l.namespaces] }) })), { name: 'issuers', dependsOn: [] }] };
        e.tls = { issuerLayer: 'issuers', issuer: { kind: 'acme', email: 'ops@lab.example.net', dns01: { provider: 'cloudflare' } } };
      });
      const i = resolve(spec).flux.layers.findIndex((l) => l.name === 'issuers');
      expect(found(spec, 'secret.namespace-unordered')).toEqual([{ path: `fixture.flux.layers[${i}].dependsOn`, fix: "add 'platform' to the dependsOn of layer issuers", action: { set: `flux.layers[${i}].dependsOn`, to: ['platform'] } }]);
    });

    it('secret.layer-unknown writes the near layer, or unsets it', () => {
      expect(found(withSecret('platfrom'), 'secret.layer-unknown')[0]!.action).toEqual({ set: 'secrets[0].layer', to: 'platform' });
      expect(found(withSecret('zzzzzzzzzzzz'), 'secret.layer-unknown')[0]!.action).toEqual({ unset: 'secrets[0].layer' });
    });
  });
});
