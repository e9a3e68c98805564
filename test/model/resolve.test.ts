import { describe, expect, it } from 'vitest';
import { dev } from '../fixtures/fleet/dev';
import { prod } from '../fixtures/fleet/prod';
import { resolve, UncheckedSpecError } from '../../src/model/resolve';
import { fiveServersTwoPlanned, singleServer } from '../fixtures/environments';

describe('resolve', () => {
  it('derives the two API addresses: api host = founder, endpoint = VIP', () => {
    const env = resolve(dev);
    expect(env.founder.name).toBe('k3s-dev-1');
    expect(env.apiHost).toBe('192.168.1.50');
    expect(env.apiServerEndpoint).toBe('192.168.1.49');
    expect(env.apiPort).toBe(6443);
  });

  it('orders SANs founder, VIP, loopback, then the other servers, planned included', () => {
    expect(resolve(prod).tlsSans).toEqual(['192.168.2.10', '192.168.2.9', '127.0.0.1', '192.168.2.11', '192.168.2.12']);
    // The founder need not be the first node listed.
    expect(resolve(fiveServersTwoPlanned).tlsSans).toEqual([
      '172.16.5.22', '172.16.5.20', '127.0.0.1', '172.16.5.21', '172.16.5.23', '172.16.5.24', '172.16.5.25',
    ]);
  });

  it('uses the founder as the endpoint when there is no VIP', () => {
    const env = resolve(singleServer);
    expect(env.apiServerEndpoint).toBe('10.30.0.5');
    expect(env.tlsSans).toEqual(['10.30.0.5']);
  });

  it('derives the token path from the data dir', () => {
    expect(resolve(prod).k3s?.tokenPath).toBe('/data/k3s/server/token');
    expect(resolve(dev).k3s?.tokenPath).toBe('/var/lib/rancher/k3s/server/token');
  });

  it('splits live and planned nodes', () => {
    const env = resolve(prod);
    expect(env.liveNodes.map((n) => n.name)).toEqual(['k3s-prod-1']);
    expect(env.plannedNodes.map((n) => n.name)).toEqual(['k3s-prod-2', 'k3s-prod-3']);
  });

  it('derives the OIDC issuer from the base domain', () => {
    expect(resolve(dev).k3s?.oidc).toEqual({ issuerUrl: 'https://auth.dev.home.arpa/realms/homelab', clientId: 'kubernetes' });
  });

  it('disables servicelb only where Cilium replaces it', () => {
    // dev runs Longhorn: k3s's local-storage goes too (test/components/storage.test.ts).
    expect(resolve(dev).k3s?.disable).toEqual(['traefik', 'servicelb', 'local-storage']);
    expect(resolve(singleServer).k3s?.disable).toEqual(['traefik']);
  });

  it('applies layer defaults and paths', () => {
    const [infra, platform, apps] = resolve(fiveServersTwoPlanned).flux.layers;
    expect(infra).toMatchObject({ interval: '15m', prune: true, wait: true, suspend: false, path: './clusters/five/kubernetes/infra' });
    expect(platform).toMatchObject({ wait: false, dependsOn: ['infra'] });
    expect(apps).toMatchObject({ suspend: true, prune: false });
  });
});

describe('resolve on a spec its schema refuses', () => {
  it('throws UncheckedSpecError, naming check() and the environment, instead of deriving from garbage', () => {
    const broken = { ...dev, longhorn: { replicas: 'three' } } as unknown as Parameters<typeof resolve>[0];
    expect(() => resolve(broken)).toThrow(UncheckedSpecError);
    expect(() => resolve(broken)).toThrow(/check\(\) names what is wrong with dev/);
  });
});

describe('resolve, what it derives beyond the defaults', () => {
  it('throws UncheckedSpecError for no spec at all', () => {
    expect(() => resolve(null as unknown as Parameters<typeof resolve>[0])).toThrow(/wrong with undefined/);
  });

  it("drops every trailing slash of an app's manifests folder", () => {
    const env = resolve({ ...dev, apps: [{ name: 'legacy', layer: 'apps', manifests: 'apps/dev/legacy//' }] });
    expect(env.apps[0]!.manifests).toBe('apps/dev/legacy');
  });

  it('reaches a VM as its login user and a bare-metal server as ~/.ssh/config says', () => {
    expect(resolve(dev).ssh.get('k3s-dev-1')).toEqual({ host: '192.168.1.50', port: 22, user: 'ubuntu' });
    expect(resolve(prod).ssh.get('k3s-prod-1')!.user).toBeUndefined();
  });
});
