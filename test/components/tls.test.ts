import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { resolve } from '../../src/model/resolve';
import type { EnvironmentSpec } from '../../src/model/environment';
import { DEMO_AGE_RECIPIENT } from '../../src/secrets/demo';
import { setSecret } from '../../src/secrets/secret-writer';
import { synthesize } from '../../src/synth/render';
import { codes, expectOnly } from '../fixtures/expect';
import { modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { rendered } from '../fixtures/render';
import { workloadBase } from '../fixtures/workload-rules';

/** An age recipient of no one's: the fixtures' secrets need recipients, never the demo key's warning. */
const RECIPIENT = 'age1qyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs3290gq';

/** threeServers on a public domain with Let's Encrypt through Cloudflare. */
const acme = (issuer: Record<string, unknown> = {}) =>
  modify(threeServers, (e) => {
    e.baseDomain = 'lab.example.net';
    e.sops = { ageRecipients: [RECIPIENT] };
    e.tls = { issuer: { kind: 'acme', email: 'ops@lab.example.net', dns01: { provider: 'cloudflare' }, ...issuer } as any };
  });

/** threeServers with podinfo routed at podinfo.fixture.test. */
const routed = modify(threeServers, (e) => {
  e.apps = [{ name: 'podinfo', layer: 'apps', helm: { chart: 'podinfo', version: '6.14.1', oci: 'oci://ghcr.io/stefanprodan/charts/podinfo' }, route: { host: 'podinfo', port: 9898 } }];
});

const ACME_CERTIFICATE = 'kubernetes/network/tls/certificate/certificate.ingress.wildcard.yaml';

/** The files a folder's kustomization.yaml applies, through its listed subfolders (a detached one is not listed). */
function appliedFiles(tree: ReturnType<typeof rendered>, folder: string): string[] {
  return (tree.doc(`${folder}/kustomization.yaml`).resources as string[]).flatMap((entry) =>
    entry.endsWith('.yaml') ? [`${folder}/${entry}`] : appliedFiles(tree, `${folder}/${entry}`));
}

/** The layers a layer depends on, directly or not. */
function layersBefore(tree: ReturnType<typeof rendered>, layer: string): string[] {
  const direct = ((tree.doc(`kubernetes/${layer}.yaml`).spec.dependsOn ?? []) as { name: string }[]).map((d) => d.name);
  return [...new Set([...direct, ...direct.flatMap((d) => layersBefore(tree, d))])];
}

const files = (spec: EnvironmentSpec, under: string) => [...rendered(spec).files.keys()].filter((p) => p.startsWith(under)).sort();

describe('TLS on the ingress Gateway', () => {
  it('is on wherever there is a Gateway, with the private CA when tls is left out, and off without one', () => {
    expect(files(threeServers, 'kubernetes/network/tls/')).toEqual([
      'kubernetes/network/tls/certificate.cert-manager.private-ca.yaml',
      'kubernetes/network/tls/certificate.ingress.wildcard.yaml',
      'kubernetes/network/tls/clusterissuer.private-ca.yaml',
      'kubernetes/network/tls/clusterissuer.selfsigned.yaml',
      'kubernetes/network/tls/kustomization.yaml',
    ]);
    const noGateway = modify(threeServers, (e) => { delete e.ingressVip; });
    expect(files(noGateway, 'kubernetes/network/tls/')).toEqual([]);
    expect(files(noGateway, 'kubernetes/platform/cert-manager/')).toEqual([]);
  });

  it('chains the private CA: a selfSigned issuer signs a long-lived CA whose key survives renewal, the CA issuer signs with it', () => {
    const tree = rendered(threeServers);
    expect(tree.doc('kubernetes/network/tls/clusterissuer.selfsigned.yaml').spec).toEqual({ selfSigned: {} });
    const ca = tree.doc('kubernetes/network/tls/certificate.cert-manager.private-ca.yaml');
    expect(ca.metadata).toEqual({ name: 'private-ca', namespace: 'cert-manager' });
    expect(ca.spec).toMatchObject({
      isCA: true,
      commonName: 'fixture.test private CA',
      secretName: 'private-ca',
      duration: '87600h',
      privateKey: { rotationPolicy: 'Never' },
      issuerRef: { name: 'selfsigned', kind: 'ClusterIssuer', group: 'cert-manager.io' },
    });
    // The CA issuer reads the Secret the CA certificate writes.
    expect(tree.doc('kubernetes/network/tls/clusterissuer.private-ca.yaml').spec).toEqual({ ca: { secretName: ca.spec.secretName } });
  });

  it("gives the Gateway's HTTPS listener the wildcard certificate of the base domain, in the Gateway's namespace", () => {
    const tree = rendered(threeServers);
    const wildcard = tree.doc('kubernetes/network/tls/certificate.ingress.wildcard.yaml');
    const gateway = tree.doc('kubernetes/network/ingress-gateway/gateway.ingress.ingress.yaml');
    const https = gateway.spec.listeners.find((l: any) => l.name === 'https');
    expect(wildcard.metadata.namespace).toBe(gateway.metadata.namespace);
    expect(wildcard.spec.dnsNames).toEqual(['*.fixture.test', 'fixture.test']);
    expect(wildcard.spec.issuerRef).toEqual({ name: 'private-ca', kind: 'ClusterIssuer', group: 'cert-manager.io' });
    expect(https).toMatchObject({ port: 443, protocol: 'HTTPS', tls: { mode: 'Terminate', certificateRefs: [{ kind: 'Secret', name: wildcard.spec.secretName }] } });
  });

  it('answers plain HTTP with a permanent redirect to HTTPS, and lets no other route onto it', () => {
    const tree = rendered(threeServers);
    const redirect = tree.doc('kubernetes/network/ingress-gateway/httproute.ingress.https-redirect.yaml');
    const gateway = tree.doc('kubernetes/network/ingress-gateway/gateway.ingress.ingress.yaml');
    const http = gateway.spec.listeners.find((l: any) => l.name === 'http');
    expect(redirect.metadata.namespace).toBe(gateway.metadata.namespace);
    expect(redirect.spec.parentRefs).toEqual([{ name: gateway.metadata.name, sectionName: http.name }]);
    expect(redirect.spec.rules).toEqual([{ filters: [{ type: 'RequestRedirect', requestRedirect: { scheme: 'https', statusCode: 301 } }] }]);
    expect(redirect.spec.hostnames).toBeUndefined();
    expect(http.allowedRoutes).toEqual({ namespaces: { from: 'Same' } });
  });

  it("installs cert-manager with Flux in Cilium's layer, its namespace in the tree, the issuer's objects in the Gateway's layer", () => {
    const tree = rendered(threeServers);
    expect(files(threeServers, 'kubernetes/platform/cert-manager/')).toEqual([
      'kubernetes/platform/cert-manager/helmrelease.cert-manager.cert-manager.yaml',
      'kubernetes/platform/cert-manager/kustomization.yaml',
      'kubernetes/platform/cert-manager/namespace.cert-manager.yaml',
      'kubernetes/platform/cert-manager/ocirepository.flux-system.cert-manager.yaml',
    ]);
    const values = tree.doc('kubernetes/platform/cert-manager/helmrelease.cert-manager.cert-manager.yaml').spec.values;
    expect(values.crds).toEqual({ enabled: true });
    expect(values).not.toHaveProperty('dns01RecursiveNameservers');
    // The platform layer waits for the HelmRelease itself: no health checks (they would be ignored under wait).
    expect(tree.doc('kubernetes/platform.yaml').spec.healthChecks).toBeUndefined();
  });

  it('moves its layers where tls says, and keeps mgmt as Cluster API installs it', () => {
    const placed = modify(threeServers, (e) => {
      e.flux.layers.push({ name: 'certs', dependsOn: ['network'] });
      e.tls = { issuerLayer: 'certs' };
    });
    expect(codes(placed)).toEqual([]);
    expect(files(placed, 'kubernetes/certs/tls/')).toContain('kubernetes/certs/tls/certificate.ingress.wildcard.yaml');
    // mgmt has no Gateway: cert-manager stays a k3s HelmChart in Cluster API's layer, with no Namespace of the tree.
    const tree = rendered(mgmt as EnvironmentSpec);
    expect(files(mgmt as EnvironmentSpec, 'kubernetes/cert-manager/cert-manager/')).toEqual([
      'kubernetes/cert-manager/cert-manager/helmchart.kube-system.cert-manager.yaml',
      'kubernetes/cert-manager/cert-manager/kustomization.yaml',
    ]);
    expect([...tree.files.keys()].some((p) => p.includes('/tls/'))).toBe(false);
  });
});

describe('the ACME issuer', () => {
  it("asks Let's Encrypt (production unless staging is chosen) for DNS-01 through Cloudflare with the token's Secret", () => {
    const issuer = rendered(acme()).doc('kubernetes/network/tls/clusterissuer.acme.yaml');
    expect(issuer.spec.acme).toEqual({
      email: 'ops@lab.example.net',
      server: 'https://acme-v02.api.letsencrypt.org/directory',
      privateKeySecretRef: { name: 'acme-account-key' },
      solvers: [{ dns01: { cloudflare: { apiTokenSecretRef: { name: 'cloudflare-api-token', key: 'api-token' } } } }],
    });
    expect(rendered(acme({ server: 'staging' })).doc('kubernetes/network/tls/clusterissuer.acme.yaml').spec.acme.server).toBe('https://acme-staging-v02.api.letsencrypt.org/directory');
    expect(rendered(acme()).doc(ACME_CERTIFICATE).spec.issuerRef.name).toBe('acme');
    expect(files(acme(), 'kubernetes/network/tls/')).not.toContain('kubernetes/network/tls/clusterissuer.private-ca.yaml');
  });

  it('never gates the apps: its certificate is applied by a Kustomization of its own that waits for nothing', () => {
    const tree = rendered(acme());
    const own = tree.doc('kubernetes/network/tls/kustomization.ingress.wildcard-certificate.yaml');
    expect(own.metadata).toEqual({ name: 'wildcard-certificate', namespace: 'ingress' });
    expect(own.spec).toMatchObject({ path: './clusters/fixture/kubernetes/network/tls/certificate', wait: false, prune: true, sourceRef: { kind: 'GitRepository', name: 'flux-system', namespace: 'flux-system' } });
    expect(own.spec.healthChecks).toBeUndefined();
    expect(tree.doc('kubernetes/network/tls/certificate/kustomization.yaml').resources).toEqual(['certificate.ingress.wildcard.yaml']);
    // What the waited layers apply, the apps' and those they depend on: the Kustomization, never the certificate.
    const apps = tree.doc('kubernetes/apps.yaml').spec;
    expect(apps.dependsOn).toContainEqual({ name: 'network' });
    for (const layer of layersBefore(tree, 'apps')) {
      const applied = appliedFiles(tree, `kubernetes/${layer}`);
      expect(applied.filter((f) => f.includes('certificate.ingress.wildcard')), layer).toEqual([]);
    }
    expect(appliedFiles(tree, 'kubernetes/network')).toContain('kubernetes/network/tls/kustomization.ingress.wildcard-certificate.yaml');
  });

  it('keeps the private CA\'s certificate in its waited layer: it is signed at once, and the apps\' HTTPS works from their start', () => {
    const tree = rendered(threeServers);
    expect(appliedFiles(tree, 'kubernetes/network')).toContain('kubernetes/network/tls/certificate.ingress.wildcard.yaml');
    expect([...tree.files.keys()].some((f) => f.includes('wildcard-certificate'))).toBe(false);
  });

  it("runs cert-manager's DNS-01 self-check over DNS over HTTPS only, so 443 is its one world port", () => {
    const values = rendered(acme()).doc('kubernetes/platform/cert-manager/helmrelease.cert-manager.cert-manager.yaml').spec.values;
    expect(values.dns01RecursiveNameserversOnly).toBe(true);
    expect(String(values.dns01RecursiveNameservers).split(',').every((r) => r.startsWith('https://'))).toBe(true);
  });

  it("declares the DNS token as a SOPS Secret in cert-manager's namespace, copied beside the issuer, its layer decrypting", async () => {
    const env = resolve(acme({ dns01: { provider: 'cloudflare', tokenSecret: 'cf-token' } }));
    expect(env.secrets).toEqual([expect.objectContaining({ namespace: 'cert-manager', name: 'cf-token', keys: ['api-token'], layer: 'network', folder: 'tls', source: 'secrets/fixture/cert-manager.cf-token.sops.yaml' })]);
    // Without its encrypted source synth stops, saying how to write it.
    const missing = synthesize(acme({ dns01: { provider: 'cloudflare', tokenSecret: 'cf-token' } })).violations.filter((v) => v.severity === 'error');
    expect(missing).toMatchObject([{ code: 'secret.missing', fix: 'npm run secrets -- set fixture cert-manager/cf-token --env-file - (then api-token=…, one per line, and Ctrl-D)' }]);

    const spec = modify(acme(), (e) => { e.sops = { ageRecipients: [DEMO_AGE_RECIPIENT] }; });
    const { text } = await setSecret({ identities: [], recipients: [DEMO_AGE_RECIPIENT], namespace: 'cert-manager', name: 'cloudflare-api-token', values: { 'api-token': 'not-a-real-token' }, now: new Date('2026-01-02T03:04:05Z') });
    const out = synthesize(spec, { secrets: new Map([['secrets/fixture/cert-manager.cloudflare-api-token.sops.yaml', text]]) });
    expect(out.violations.filter((v) => v.severity === 'error')).toEqual([]);
    expect(out.files.get('clusters/fixture/kubernetes/network/tls/secret.cert-manager.cloudflare-api-token.sops.yaml')).toBe(text);
    expect(out.files.get('clusters/fixture/kubernetes/network.yaml')).toContain('provider: sops');
  });
});

describe("the tree's README", () => {
  it('says where the private CA certificate is and how clients and nodes install it', () => {
    const readme = rendered(threeServers).text('README.md');
    expect(readme).toContain("kubectl --kubeconfig ~/.kube/fixture.kubeconfig --context fixture -n cert-manager get secret private-ca -o jsonpath='{.data.ca\\.crt}' | base64 -d > fixture-ca.crt");
    expect(readme).toContain('update-ca-certificates');
    expect(readme).toContain('security add-trusted-cert');
    expect(readme).toContain('Firefox');
  });

  it("names the ACME issuer and the token's Secret instead, and lists the apps' addresses", () => {
    const readme = rendered(acme()).text('README.md');
    expect(readme).toContain("Let's Encrypt (production) through ACME DNS-01 on Cloudflare");
    expect(readme).toContain('npm run secrets -- set fixture cert-manager/cloudflare-api-token --env-file -` and the line `api-token=…` on stdin');
    expect(readme).not.toContain('update-ca-certificates');
    expect(readme).toContain('Flux applies the certificate through the Kustomization `ingress/wildcard-certificate`, which does not wait for it to be issued');
    expect(rendered(threeServers).text('README.md')).not.toContain('wildcard-certificate');
    expect(rendered(routed).text('README.md')).toContain('| https://podinfo.fixture.test | podinfo | podinfo:9898 |');
    expect(rendered(modify(threeServers, (e) => { delete e.ingressVip; })).text('README.md')).not.toContain('## TLS');
  });
});

describe('the rules of tls', () => {
  it('fails when tls is set where there is no Gateway', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { delete e.ingressVip; e.tls = {}; }), 'tls.no-gateway');
    expect(v).toMatchObject({ path: 'fixture.tls', value: 'private-ca' });
  });

  it("fails when the ACME contact is no email address", () => {
    const [v] = expectOnly(acme({ email: 'ops at example.net' }), 'tls.acme-email');
    expect(v).toMatchObject({ path: 'fixture.tls.issuer.email', value: 'ops at example.net' });
    expect(codes(acme({ email: 'ops@localhost' }))).toContain('tls.acme-email');
  });

  it.each(['dev.home.arpa', 'home.arpa', 'printer.local', 'corp.internal', 'fixture.test'])('fails when ACME is chosen for %s, which has no public DNS', (domain) => {
    const spec = modify(acme(), (e) => { e.baseDomain = domain; });
    const [v] = expectOnly(spec, 'tls.acme-private-domain');
    expect(v).toMatchObject({ path: 'fixture.tls.issuer.kind', value: 'acme' });
    expect(v!.fix).toContain("kind: 'private-ca'");
  });

  it.each(['example.com', 'EXAMPLE.net', 'example.org'])("fails when the ACME contact is at %s, which Let's Encrypt refuses by name", (domain) => {
    const [v] = expectOnly(acme({ email: `ops@${domain}` }), 'tls.acme-contact-refused');
    expect(v).toMatchObject({ path: 'fixture.tls.issuer.email', value: `ops@${domain}`, message: `Let's Encrypt refuses contacts at ${domain.toLowerCase()}, a domain kept for examples: cert-manager could register no account` });
    expect(v).not.toHaveProperty('action');
  });

  it.each([['ops@mail.lan', 'lan'], ['ops@corp.internal', 'internal'], ['ops@x.alt', 'alt']])("fails when the ACME contact %s is outside public DNS", (email, suffix) => {
    const [v] = expectOnly(acme({ email }), 'tls.acme-contact-refused');
    expect(v!.message).toMatch(new RegExp(`^${email.split('@')[1]!.replace('.', '\\.')} is under \\.${suffix} \\(`));
  });

  it("passes a contact in a subdomain of an example domain, which Boulder's exact list does not name", () => {
    expect(codes(acme({ email: 'ops@lab.example.net' }))).toEqual([]);
  });

  it('proposes no address in the fix of a malformed contact (its own example would be refused)', () => {
    const [v] = expectOnly(acme({ email: 'ops at lab.example.net' }), 'tls.acme-email');
    expect(v!.fix).not.toMatch(/example\.(com|net|org)/);
  });

  it("fails when the private CA's common name exceeds 64 characters, naming the longest base domain that fits", () => {
    const domain = `${'a'.repeat(42)}.fixture.test`; // 55 characters: the common name is 66
    const [v] = expectOnly(modify(threeServers, (e) => { e.baseDomain = domain; }), 'tls.common-name-too-long');
    expect(v).toMatchObject({ path: 'fixture.baseDomain', value: domain, fix: "use a base domain of at most 53 characters, or issuer: { kind: 'acme' } for a domain in public DNS" });
    expect(v!.message).toContain('is 66 characters');
    expect(codes(modify(threeServers, (e) => { e.baseDomain = `${'a'.repeat(40)}.fixture.test`; }))).toEqual([]);
  });

  it('passes a long base domain where no private CA is issued (no Gateway, or ACME)', () => {
    const domain = `${'a'.repeat(50)}.example.net`;
    expect(codes(modify(threeServers, (e) => { e.baseDomain = domain; delete e.ingressVip; }))).toEqual([]);
    expect(codes(modify(acme(), (e) => { e.baseDomain = domain; }))).toEqual([]);
  });

  it('fails when a name derived from the base domain exceeds 253 characters, once for the base domain', () => {
    const labels = (n: number, last: number) => [...Array(n).fill('b'.repeat(63)), 'c'.repeat(last)].join('.');
    const base = labels(3, 60); // 252 characters: *.<domain> is 254
    const found = check(modify(acme(), (e) => { e.baseDomain = base; e.apps = routed.apps as any; })).filter((v) => v.code === 'dns.name-too-long');
    expect(found.map((v) => [v.path, v.value.length])).toEqual([['fixture.baseDomain', 254]]);
    expect(found[0]!.fix).toBe('use a base domain of at most 251 characters');
    // A route's host is what takes it over: the route is named.
    const [route] = check(modify(acme(), (e) => { e.baseDomain = labels(3, 50); e.apps = modify(routed, (r) => { r.apps![0]!.route!.host = 'p'.repeat(12); }).apps as any; })).filter((v) => v.code === 'dns.name-too-long');
    expect(route).toMatchObject({ path: 'fixture.apps[0].route.host', fix: 'shorten host or the base domain by 2 characters' });
    expect(codes(modify(acme(), (e) => { e.baseDomain = labels(3, 50); e.apps = routed.apps as any; }))).toEqual([]);
  });
  it('names each derived name that exceeds 253 characters: the wildcard, a route, the webhook, the OIDC issuer (its host or the default auth)', () => {
    const labels = (n: number, last: number) => [...Array(n).fill('b'.repeat(63)), 'c'.repeat(last)].join('.');
    const long = (base: string, edit: (e: any) => void = () => {}) =>
      check(modify(acme(), (e: any) => { e.baseDomain = base; edit(e); })).filter((v) => v.code === 'dns.name-too-long').map((v) => ({ path: v.path, value: v.value, message: v.message, fix: v.fix }));
    const base = labels(3, 50); // 242 characters
    const [wildcard] = long(labels(3, 60));
    expect(wildcard!.message).toBe("the Gateway's wildcard certificate is 254 characters, and a DNS name holds at most 253");
    // 253 characters exactly: the longest name DNS holds.
    expect(long(labels(3, 59), (e) => { delete e.k3s.oidc; })).toEqual([]);
    const routeHost = 'p'.repeat(12);
    expect(long(base, (e) => { e.apps = modify(routed, (r) => { r.apps![0]!.route!.host = routeHost; }).apps; })[0]!.message).toBe("app podinfo's route is 255 characters, and a DNS name holds at most 253");
    const hook = 'w'.repeat(12);
    expect(long(base, (e) => { e.notifications = { webhook: { host: hook } }; })).toEqual([{
      path: 'fixture.notifications.webhook.host',
      value: `${hook}.${base}`,
      message: "Flux's webhook is 255 characters, and a DNS name holds at most 253",
      fix: 'shorten host or the base domain by 2 characters',
    }]);
    const realm = { realm: 'lab' };
    expect(long(base, (e) => { e.k3s.oidc = { ...realm, issuerHost: 'i'.repeat(12) }; })).toEqual([{
      path: 'fixture.k3s.oidc.issuerHost',
      value: `${'i'.repeat(12)}.${base}`,
      message: 'the OIDC issuer is 255 characters, and a DNS name holds at most 253',
      fix: 'shorten issuerHost or the base domain by 2 characters',
    }]);
    // auth.<249 characters> is 254; *.<249 characters> is 251.
    expect(long(labels(3, 57), (e) => { e.k3s.oidc = realm; }).map((v) => v.value)).toEqual([`auth.${labels(3, 57)}`]);
  });

  it('says nothing of derived names where there are none, or the base domain is no DNS name (its own rule says so)', () => {
    const names = (edit: (e: any) => void) => check(modify(acme(), edit)).filter((v) => v.code === 'dns.name-too-long');
    expect(names((e) => { e.apps = [{ name: 'plain', layer: 'apps', manifests: 'manifests/plain' }]; })).toEqual([]);
    expect(names((e) => { e.baseDomain = `Not_A_Domain.${'x'.repeat(250)}`; })).toEqual([]);
    // A Cluster API workload cluster has no k3s settings, and so no OIDC issuer of k3s's.
    expect(check(workloadBase).filter((v) => v.code === 'dns.name-too-long')).toEqual([]);
  });

  it('passes ACME on a public domain whose name only looks private', () => {
    expect(codes(modify(acme(), (e) => { e.baseDomain = 'home.arpa.example.net'; }))).toEqual([]);
  });

  it("fails when the certificate's layer does not come after the Gateway's", () => {
    const spec = modify(threeServers, (e) => {
      e.flux.layers.push({ name: 'certs', dependsOn: ['platform'] });
      e.tls = { issuerLayer: 'certs' };
    });
    const [v] = expectOnly(spec, 'tls.certificate-layer');
    expect(v).toMatchObject({ path: 'fixture.tls.issuerLayer', value: 'certs', fix: "add 'network' to the dependsOn of layer certs, or remove tls.issuerLayer" });
  });

  it("fails when the issuer's layer shares cert-manager's (its CRDs would not exist at the dry run)", () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.tls = { layer: 'network' }; }), 'component.layer-order');
    expect(v).toMatchObject({ path: 'fixture.cilium.layers.network', value: 'network' });
  });
});

describe("an app's route", () => {
  it('is an HTTPRoute on the HTTPS listener for <host>.<baseDomain>, to the app\'s Service', () => {
    const route = rendered(dev).doc('kubernetes/apps/podinfo/httproute.podinfo.podinfo.yaml');
    expect(route.spec).toEqual({
      parentRefs: [{ name: 'ingress', namespace: 'ingress', sectionName: 'https' }],
      hostnames: ['podinfo.dev.home.arpa'],
      rules: [{ backendRefs: [{ name: 'podinfo', port: 9898 }] }],
    });
    const named = modify(dev, (e) => { e.apps![0]!.route = { host: 'info', service: 'podinfo-web', port: 80 }; });
    expect(rendered(named).doc('kubernetes/apps/podinfo/httproute.podinfo.podinfo.yaml').spec).toMatchObject({ hostnames: ['info.dev.home.arpa'], rules: [{ backendRefs: [{ name: 'podinfo-web', port: 80 }] }] });
  });

  it('is listed in the app folder of a construct app too', () => {
    const spec = modify(dev, (e) => { e.apps = [{ name: 'web', layer: 'apps', construct: () => undefined, route: { host: 'web', port: 8080 } }]; });
    expect(rendered(spec).doc('kubernetes/apps/web/kustomization.yaml').resources).toContain('httproute.web.web.yaml');
  });

  it('fails without a Gateway', () => {
    const [v] = expectOnly(modify(routed, (e) => { delete e.ingressVip; }), 'app.route-no-gateway');
    expect(v).toMatchObject({ path: 'fixture.apps[0].route', value: 'podinfo.fixture.test' });
  });

  it.each(['a.b', 'Podinfo', '-x', 'x'.repeat(64)])('fails when the host %s is not one DNS label', (host) => {
    const [v] = expectOnly(modify(routed, (e) => { e.apps![0]!.route!.host = host; }), 'app.route-host');
    expect(v).toMatchObject({ path: 'fixture.apps[0].route.host', value: host });
  });

  it('fails when two apps route the same host', () => {
    const spec = modify(routed, (e) => { e.apps!.push({ ...e.apps![0]!, name: 'podinfo-2', namespace: 'podinfo-2' }); });
    const [v] = expectOnly(spec, 'app.route-duplicate-host');
    expect(v).toMatchObject({ path: 'fixture.apps[1].route.host', value: 'podinfo' });
    expect(v!.message).toContain('app podinfo');
  });

  it("proposes a host no route takes, even when the app's own name is the taken one", () => {
    const spec = modify(routed, (e) => { e.apps!.push({ ...e.apps![0]!, name: 'podinfo-2', namespace: 'podinfo-2', route: { ...e.apps![0]!.route!, host: 'podinfo-2' } }); e.apps![0]!.route!.host = 'podinfo-2'; });
    const [v] = expectOnly(spec, 'app.route-duplicate-host');
    expect(v!.fix).toBe("give app podinfo-2 a host of its own, e.g. host: 'podinfo-2-2'");
  });

  it("fails when an app routes the push webhook's host", () => {
    const spec = modify(routed, (e) => { e.apps![0]!.route!.host = 'flux-webhook'; e.notifications = { webhook: {} }; });
    const found = check(spec).filter((v) => v.code === 'app.route-duplicate-host');
    expect(found.map((v) => [v.path, v.value])).toEqual([['fixture.apps[0].route.host', 'flux-webhook']]);
    expect(found[0]!.message).toBe("flux-webhook.fixture.test is the push webhook's host (notifications.webhook.host)");
  });

  it.each([0, 65536, 80.5])('fails on port %s', (port) => {
    expectOnly(modify(routed, (e) => { e.apps![0]!.route!.port = port; }), 'app.route-port');
  });
});
