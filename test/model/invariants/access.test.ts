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


describe('each node reached at its own SSH target', () => {
  const behindNat = (ports: readonly (number | undefined)[], names?: readonly string[]) => modify(threeServers, (e) => {
    ports.forEach((port, i) => { if (port !== undefined) (e.nodes[i] as any).ssh = { host: '203.0.113.7', port }; });
    names?.forEach((name, i) => { e.nodes[i]!.name = name; });
  });
  const shared = (spec: ReturnType<typeof behindNat>) => check(spec).filter((v) => v.code === 'ssh.shared-target').map((v) => [v.path, v.value, v.message, v.fix]);

  it('fails when two nodes share a NAT target and port, naming both and the target each is reached at', () => {
    expectOnly(behindNat([2251, 2251]), 'ssh.shared-target');
    expect(shared(behindNat([2251, 2251]))).toEqual([[
      'fixture.nodes[1].ssh', '203.0.113.7:2251',
      'fx-2 (nodes[1]) is reached at 203.0.113.7:2251, and so is fx-1 (nodes[0]): the runbook would configure one server twice',
      'give fx-2 a target of its own: another ssh.port on the NAT host 203.0.113.7, or its own ssh.host',
    ]]);
  });

  it('passes for one NAT host on distinct ports', () => {
    expect(codes(behindNat([2251, 2252, 2253]))).toEqual([]);
  });

  it('names each of two entries that share a name by its index, with its own port, not the port of the last entry of that name', () => {
    // Distinct ports: no shared target, only the duplicate name.
    const distinct = codes(behindNat([2251, 2252], ['fx-1', 'fx-1']));
    expect(distinct).toContain('node.duplicate-name');
    expect(distinct).not.toContain('ssh.shared-target');
    expect(shared(behindNat([2251, 2251, 2252], ['fx-1', 'fx-1']))).toEqual([[
      'fixture.nodes[1].ssh', '203.0.113.7:2251',
      'fx-1 (nodes[1]) is reached at 203.0.113.7:2251, and so is fx-1 (nodes[0]): the runbook would configure one server twice',
      'give fx-1 a target of its own: another ssh.port on the NAT host 203.0.113.7, or its own ssh.host',
    ]]);
  });

  it("fails when a node's ssh.host is another node's own IP on port 22", () => {
    const spec = modify(threeServers, (e) => { (e.nodes[2] as any).ssh = { host: '10.20.0.11' }; });
    expect(shared(spec)).toEqual([[
      'fixture.nodes[2].ssh', '10.20.0.11:22',
      'fx-3 (nodes[2]) is reached at 10.20.0.11:22, and so is fx-1 (nodes[0]): the runbook would configure one server twice',
      "fx-3's ssh.host 10.20.0.11 is fx-1's own IP: remove ssh.host (so fx-3 is reached at 10.20.0.13) or set fx-3's own address",
    ]]);
  });

  it("fails when an earlier node's explicit target is a later node's own IP", () => {
    const spec = modify(threeServers, (e) => { (e.nodes[0] as any).ssh = { host: '10.20.0.13', port: 22 }; });
    expect(shared(spec)).toEqual([[
      'fixture.nodes[2].ssh', '10.20.0.13:22',
      'fx-3 (nodes[2]) is reached at 10.20.0.13:22, and so is fx-1 (nodes[0]): the runbook would configure one server twice',
      "give fx-1 a target of its own: its ssh.host is fx-3's own IP; remove it (so fx-1 is reached at 10.20.0.11) or set fx-1's own address",
    ]]);
  });

  it('judges the port of each entry, duplicate names included', () => {
    const found = check(behindNat([2251, 0], ['fx-1', 'fx-1'])).filter((v) => v.code === 'ssh.port-invalid');
    expect(found.map((v) => [v.path, v.value])).toEqual([['fixture.nodes[1].ssh.port', '0']]);
  });
});
