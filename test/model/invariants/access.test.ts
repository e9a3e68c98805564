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

  it('names the keys, the URL and the fix of each finding', () => {
    const R = 'https://git.example.com/o/r.git';
    const S = 'ssh://git@git.example.com/o/r.git';
    const row = (url: string, keys: string[]) => pullKeys(url, keys).map((v) => [v.path, v.value, v.message, v.fix]);
    expect(row(S, ['identity', 'identity.pub'])).toEqual([['single.secrets[0].keys', 'identity, identity.pub', `${S} is an SSH URL: Flux needs the private key and the host's key`, 'declare the keys identity and known_hosts']]);
    expect(row(R, ['identity', 'username', 'password'])).toEqual([['single.secrets[0].keys', 'identity, username, password', `${R} is not an SSH URL, so Flux ignores identity`, 'use username/password or bearerToken for HTTPS, or an ssh:// URL']]);
    expect(row(R, ['tls.key', 'ca.crt'])).toEqual([['single.secrets[0].keys', 'tls.key, ca.crt', 'mutual TLS needs both the client certificate and its key: source-controller refuses one without the other', 'declare both tls.crt and tls.key']]);
    expect(row(R, [])).toEqual([['single.secrets[0].keys', '(none)', `${R} is an HTTPS URL and the Secret holds nothing Flux reads over HTTPS`, "declare username and password (a forge's access token as the password), or bearerToken; add ca.crt for a forge behind a private CA"]]);
    expect(row(S, ['identity', 'known_hosts', 'ca.crt'])).toEqual([['single.secrets[0].keys', 'identity, known_hosts, ca.crt', `${S} is an SSH URL: the host is trusted through known_hosts, and Flux reads ca.crt over HTTPS only`, 'drop ca.crt, or use the https:// URL of the repository']]);
  });

  it('lists every key of an HTTPS Secret that holds nothing Flux reads over HTTPS', () => {
    expect(pullKeys('https://git.example.com/o/r.git', ['identity.pub', 'known_hosts']).map((v) => v.value)).toEqual(['identity.pub, known_hosts']);
  });

  it('judges an http URL as an HTTPS one', () => {
    expect(pullKeys('http://git.example.com/o/r.git', ['identity.pub']).map((v) => v.message)).toEqual(['http://git.example.com/o/r.git is an HTTPS URL and the Secret holds nothing Flux reads over HTTPS']);
  });

  it.each([
    ['a password', 'https://bot:s3cret@git.example.com/o/r.git', 'https://bot:…@git.example.com/o/r.git'],
    ['a token as the user', 'https://ghp_abc123@git.example.com/o/r.git', 'https://…@git.example.com/o/r.git'],
    ['a user alone', 'https://bot@git.example.com/o/r.git', 'https://bot@git.example.com/o/r.git'],
  ])('shows the URL without %s', (_what, url, shownUrl) => {
    expect(pullKeys(url, []).map((v) => v.message)).toEqual([`${shownUrl} is an HTTPS URL and the Secret holds nothing Flux reads over HTTPS`]);
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

describe('credentials written into a URL', () => {
  it('fails on a password in the clone URL, shows the URL without it, and keeps it out of the other rules\' messages', () => {
    const spec = modify(singleServer, (e) => {
      e.flux.url = 'https://ops:s3cret-fixture@git.single.test/ops/fleet.git';
      e.flux.pullSecret = 'git-auth';
      e.secrets = [{ namespace: 'flux-system', name: 'git-auth', keys: ['identity'] }];
    });
    const violations = check(spec);
    expect(violations.find((v) => v.code === 'url.credentials')).toMatchObject({
      severity: 'error',
      path: 'single.flux.url',
      value: 'https://ops:…@git.single.test/ops/fleet.git',
      message: 'the URL holds a password or an access token in its user part: synth would write it into the committed tree',
      fix: 'drop it from the URL and put it in the Secret flux.pullSecret names (keys username and password); treat it as exposed if it was ever committed',
    });
    expect(violations.filter((v) => v.code === 'flux.pull-secret-keys').length).toBeGreaterThan(0);
    expect(JSON.stringify(violations)).not.toContain('s3cret-fixture');
  });

  it.each([
    ['a GitHub token as the user', (e: any) => { e.flux.url = 'https://ghp_fixtureTOKEN@github.com/o/r.git'; }, 'single.flux.url', 'https://…@github.com/o/r.git', 'drop it from the URL and put it in the Secret'],
    ["the Proxmox API's password", (e: any) => { e.infrastructure.endpoint = 'https://root@pam:fixturePass@10.30.0.2:8006/'; }, 'single.infrastructure.endpoint', 'https://root@pam:…@10.30.0.2:8006/', 'drop it from the URL: the API token comes from the environment at apply time (PROXMOX_VE_API_TOKEN)'],
    ["an app's chart repository", (e: any) => { e.apps = [{ name: 'hello', layer: 'platform', helm: { chart: 'hello', version: '1.0.0', repo: 'https://u:fixturePass@charts.single.test/' } }]; }, 'single.apps[0].helm.repo', 'https://u:…@charts.single.test/', "drop it from the URL (an app's chart source takes no credentials here"],
    ["an app's OCI location", (e: any) => { e.apps = [{ name: 'hello', layer: 'platform', helm: { chart: 'hello', version: '1.0.0', oci: 'oci://glpat-fixture@registry.single.test/c/hello' } }]; }, 'single.apps[0].helm.oci', 'oci://…@registry.single.test/c/hello', "drop it from the URL (an app's chart source"],
  ])('fails on %s', (_what, change, path, value, fix) => {
    const v = check(modify(singleServer, change)).find((x) => x.code === 'url.credentials');
    expect(v).toMatchObject({ path, value });
    expect(v!.fix.startsWith(fix)).toBe(true);
    expect(JSON.stringify(v)).not.toMatch(/fixturePass|fixtureTOKEN|glpat-fixture/);
  });

  it.each(['ssh://git@git.single.test/ops/fleet.git', 'https://git@git.single.test/ops/fleet.git', 'https://ops:@git.single.test/ops/fleet.git', 'https://git.single.test/a@b/fleet.git'])('accepts a user without a password: %s', (url) => {
    expect(check(modify(singleServer, (e) => { e.flux.url = url; })).map((v) => v.code)).not.toContain('url.credentials');
  });
});

describe("the workstation's kubeconfig file", () => {
  it('fails when the spec names the file and does not ask to merge into it', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.kubeconfig = { file: '/home/me/.kube/config' }; }), 'kubeconfig.shared-file');
    expect(v).toMatchObject({
      severity: 'error',
      path: 'fixture.kubeconfig.file',
      value: '/home/me/.kube/config',
      message: '/home/me/.kube/config may be a kubeconfig other tools share, and the runbook would replace it whole, losing every other cluster it holds',
      fix: "leave it unset (the runbook then writes ~/.kube/fixture.kubeconfig, its own), or set kubeconfig.merge: true to merge this cluster's entries into /home/me/.kube/config",
    });
  });

  it('passes the default file, and a named file merged into', () => {
    expect(codes(modify(threeServers, (e) => { e.kubeconfig = { context: 'lab' }; }))).toEqual([]);
    expect(codes(modify(threeServers, (e) => { e.kubeconfig = { file: '~/.kube/config', merge: true }; }))).toEqual([]);
    expect(codes(modify(threeServers, (e) => { e.kubeconfig = { merge: true }; }))).toEqual([]);
  });

  it('fails on a colon in the file, which would split the KUBECONFIG list the merge reads', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.kubeconfig = { file: '~/.kube/a:b', merge: true }; }), 'kubeconfig.invalid');
    expect(v!.message).toBe('not an absolute or home-relative file path without spaces, quotes or colons (a colon separates the files of a KUBECONFIG list)');
  });
});

describe('an empty part in a URL', () => {
  it.each([
    ['https:///git.single.test/ops/fleet.git', 'its host is empty'],
    ['ssh://git@/ops/fleet.git', 'its host is empty'],
    ['https://:443/ops/fleet.git', 'its host is empty'],
    ['https://git.single.test//fleet.git', 'its path //fleet.git has an empty segment (//)'],
    ['https://git.single.test/ops//fleet.git', 'its path /ops//fleet.git has an empty segment (//)'],
    ['https://git.single.test', 'it names no repository after the host'],
    ['ssh://git@git.single.test:2222/', 'it names no repository after the host'],
  ])('fails on the clone URL %s: %s', (url, problem) => {
    const found = check(modify(singleServer, (e) => { e.flux.url = url; }));
    expect(found.filter((x) => x.severity === 'error' && x.code !== 'flux.ssh-without-identity').map((x) => x.code)).toEqual(['url.empty-part']);
    const v = found.find((x) => x.code === 'url.empty-part');
    expect(v).toMatchObject({ path: 'single.flux.url', value: url, message: `this is not a whole URL: ${problem}`, fix: 'write the clone URL whole: https://<forge>/<owner>/<repository>.git' });
  });

  it.each(['https://git.single.test/ops/fleet.git', 'ssh://git@[fd00::1]:2222/ops/fleet.git', 'https://git.single.test/ops/fleet/'])('passes %s', (url) => {
    expect(check(modify(singleServer, (e) => { e.flux.url = url; })).map((v) => v.code)).not.toContain('url.empty-part');
  });

  it("fails on the Proxmox endpoint and an app's chart locations, with their own fixes", () => {
    const spec = modify(singleServer, (e: any) => {
      e.infrastructure.endpoint = 'https://pve.single.test:8006//';
      e.apps = [
        { name: 'a', layer: 'platform', helm: { chart: 'a', version: '1.0.0', oci: 'oci:///charts/a' } },
        { name: 'b', layer: 'platform', helm: { chart: 'b', version: '1.0.0', repo: 'https://charts.single.test//b/' } },
      ];
    });
    expect(check(spec).filter((v) => v.code === 'url.empty-part').map((v) => [v.path, v.message, v.fix])).toEqual([
      ['single.infrastructure.endpoint', 'this is not a whole URL: its path // has an empty segment (//)', 'write it as https://<host>:8006/'],
      ['single.apps[0].helm.oci', 'this is not a whole URL: its host is empty', 'write the location whole: oci://<registry>/<org>/charts/<chart> or https://<chart repository>/'],
      ['single.apps[1].helm.repo', 'this is not a whole URL: its path //b/ has an empty segment (//)', 'write the location whole: oci://<registry>/<org>/charts/<chart> or https://<chart repository>/'],
    ]);
  });

  it('leaves a URL with nothing after the scheme, or without a scheme, to the field\'s own rule', () => {
    expect(check(modify(singleServer, (e) => { e.flux.url = 'https://'; })).map((v) => v.code)).toEqual(['flux.invalid-url']);
    expect(check(modify(singleServer, (e) => { e.flux.url = 'file:///srv/fleet'; })).map((v) => v.code)).toEqual(['flux.invalid-url']);
    const app = (repo: string) => modify(singleServer, (e: any) => { e.apps = [{ name: 'b', layer: 'platform', helm: { chart: 'b', version: '1.0.0', repo } }]; });
    expect(check(app('https://')).map((v) => v.code)).not.toContain('url.empty-part');
    expect(check(modify(singleServer, (e: any) => { e.infrastructure.endpoint = 'pve.single.test:8006'; })).map((v) => v.code)).toEqual(['vm.invalid-endpoint']);
  });
});

describe('a kubeconfig file named as the default, or malformed', () => {
  it("takes the default written out as the tool's own file, and leaves a malformed path to kubeconfig.invalid alone", () => {
    expect(codes(modify(threeServers, (e) => { e.kubeconfig = { file: '~/.kube/fixture.kubeconfig' }; }))).toEqual([]);
    expect(codes(modify(threeServers, (e) => { e.kubeconfig = { file: '.kube/fixture' }; }))).toEqual(['kubeconfig.invalid']);
  });
});
