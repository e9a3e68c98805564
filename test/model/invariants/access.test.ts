import { describe, expect, it } from 'vitest';
import { check } from '../../../src/check/run';
import { modify, singleServer, threeServers } from '../../fixtures/environments';
import { codes, expectOnly } from '../../fixtures/expect';

/** The findings of flux.pull-secret-keys for a pull Secret with these keys at this URL (its source file is another rule's). */
function pullKeys(url: string, keys: string[]) {
  const spec = modify(singleServer, (e) => {
    e.flux.url = url;
    e.flux.pullSecret = 'git-auth';
    e.secrets = [{ namespace: 'flux-system', name: 'git-auth', keys }];
  });
  return check(spec).filter((v) => v.code === 'flux.pull-secret-keys');
}

describe('the pull Secret Flux syncs with', () => {
  it.each([
    ['https with username and password', 'https://git.example.com/o/r.git', ['username', 'password']],
    ['https with a bearer token and the CA', 'https://git.example.com/o/r.git', ['bearerToken', 'ca.crt']],
    ['a public https repository behind a private CA', 'https://git.example.com/o/r.git', ['ca.crt']],
    ['https with mutual TLS', 'https://git.example.com/o/r.git', ['tls.crt', 'tls.key', 'ca.crt']],
    ['ssh with its key and the host key', 'ssh://git@git.example.com/o/r.git', ['identity', 'known_hosts']],
  ])('accepts %s', (_what, url, keys) => {
    expect(pullKeys(url, keys)).toEqual([]);
  });

  it('fails when an https Secret holds nothing Flux reads over HTTPS', () => {
    const [v, ...rest] = pullKeys('https://git.example.com/o/r.git', ['identity.pub']);
    expect(rest).toEqual([]);
    expect(v).toMatchObject({ path: 'single.secrets[0].keys', value: 'identity.pub' });
    expect(v!.fix).toContain('ca.crt for a forge behind a private CA');
  });

  it('fails when mutual TLS has a certificate without its key', () => {
    const found = pullKeys('https://git.example.com/o/r.git', ['tls.crt']);
    expect(found.map((v) => v.message)).toEqual([expect.stringContaining('mutual TLS needs both')]);
  });

  it('fails when an ssh Secret carries a CA, which Flux reads over HTTPS only', () => {
    const found = pullKeys('ssh://git@git.example.com/o/r.git', ['identity', 'known_hosts', 'ca.crt']);
    expect(found.map((v) => v.message)).toEqual([expect.stringContaining('reads ca.crt over HTTPS only')]);
  });

  it('fails when an ssh Secret lacks the host key', () => {
    expect(pullKeys('ssh://git@git.example.com/o/r.git', ['identity']).map((v) => v.fix)).toEqual(['declare the keys identity and known_hosts']);
  });
});

describe('the admin kubeconfig on the servers', () => {
  it('is 0600 unless the spec says otherwise', () => {
    expect(codes(threeServers)).toEqual([]);
  });

  it.each([
    ['0644', 'its group and every other user'],
    ['0640', 'its group'],
    ['604', 'every other user'],
  ])('warns when mode %s opens it to %s', (mode, who) => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.k3s.writeKubeconfigMode = mode; }), 'k3s.kubeconfig-readable');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.k3s.writeKubeconfigMode', value: mode });
    expect(v!.message).toMatch(new RegExp(`to ${who}$`));
  });

  it('accepts a mode narrower than 0600', () => {
    expect(codes(modify(threeServers, (e) => { e.k3s.writeKubeconfigMode = '0400'; }))).toEqual([]);
  });
});

describe('SSH targets shared across nodes (ssh.shared-target)', () => {
  it("fails when a node's explicit target is another node's own IP on 22, naming both", () => {
    const [v] = expectOnly(modify(threeServers, (e) => { (e.nodes[2] as any).ssh = { host: '10.20.0.11' }; }), 'ssh.shared-target');
    expect(v).toMatchObject({
      path: 'fixture.nodes[2].ssh',
      value: '10.20.0.11:22',
      message: 'fx-3 and fx-1 are both reached at 10.20.0.11:22: the runbook would configure one server twice',
      fix: 'reach fx-3 at an address and port no other node is reached at: behind one NAT target, a port of its own',
    });
  });

  it("fails when an earlier node's explicit target is a later node's own IP", () => {
    const [v] = expectOnly(modify(threeServers, (e) => { (e.nodes[0] as any).ssh = { host: '10.20.0.13', port: 22 }; }), 'ssh.shared-target');
    expect(v).toMatchObject({ path: 'fixture.nodes[2].ssh', message: 'fx-3 and fx-1 are both reached at 10.20.0.13:22: the runbook would configure one server twice' });
  });

  it('passes one NAT host with a port per node', () => {
    expect(codes(modify(threeServers, (e) => { e.nodes.forEach((n, i) => { (n as any).ssh = { host: '203.0.113.7', port: 2201 + i }; }); }))).toEqual([]);
  });
});
