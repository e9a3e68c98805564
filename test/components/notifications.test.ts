import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { ALERTS } from '../../src/components/monitoring/alert-rules';
import { forgeOf } from '../../src/components/notifications/forge';
import { FLUX_NAMESPACE } from '../../src/k8s/flux-sync';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { codes, expectOnly } from '../fixtures/expect';
import { OTHER_AGE_RECIPIENT, modify, threeServers } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { podinfo } from '../fixtures/corpus';
import { rendered } from '../fixtures/render';

const mail = { kind: 'email' as const, name: 'ops-mail', smarthost: 'smtp.example.com:587', from: 'alerts@example.com', to: ['ops@example.com', 'oncall@example.com'], username: 'alerts@example.com', alerts: 'warning' as const };
const chat = { kind: 'slack' as const, name: 'ops-chat', channel: '#ops', alerts: 'critical' as const, flux: true };
const teams = { kind: 'msteams' as const, name: 'teams', alerts: 'warning' as const };
const hook = { kind: 'webhook' as const, name: 'pager', port: 8443, alerts: 'critical' as const, flux: true };
const team = { kind: 'discord' as const, name: 'team', flux: true };

const withNotifications = (n: NonNullable<EnvironmentSpec['notifications']>, base: EnvironmentSpec = dev) => modify(base, (e) => { e.notifications = n as any; });
const everything = withNotifications({ receivers: [mail, chat, teams, hook, team], webhook: {} });
const kps = (spec: EnvironmentSpec) => rendered(spec).doc('kubernetes/platform/kube-prometheus-stack/helmrelease.monitoring.kube-prometheus-stack.yaml').spec.values.alertmanager;
const docsOf = (spec: EnvironmentSpec, pattern: RegExp) => {
  const tree = rendered(spec);
  return [...tree.files.keys()].filter((f) => pattern.test(f)).flatMap((f) => tree.docs(f));
};

describe('notifications: Alertmanager', () => {
  it('routes each receiver its severities, after the chart\'s own Watchdog route, every receiver told of resolution', () => {
    const { config } = kps(everything);
    expect(config.route.routes).toEqual([
      { receiver: 'null', matchers: ['alertname = "Watchdog"'] },
      { receiver: 'ops-mail', matchers: ['severity =~ "warning|critical"'], continue: true },
      { receiver: 'ops-chat', matchers: ['severity = "critical"'], continue: true },
      { receiver: 'teams', matchers: ['severity =~ "warning|critical"'], continue: true },
      { receiver: 'pager', matchers: ['severity = "critical"'], continue: true },
    ]);
    expect(config.receivers.map((r: any) => r.name)).toEqual(['null', 'ops-mail', 'ops-chat', 'teams', 'pager']);
    for (const r of config.receivers.slice(1)) expect((Object.values(r).find(Array.isArray) as any[])[0].send_resolved, r.name).toBe(true);
    // The severities routed are those the project's own alerts carry.
    expect(new Set(ALERTS.map((a) => a.severity))).toEqual(new Set(['warning', 'critical']));
  });

  it('reads every secret from the receiver\'s Secret mounted into Alertmanager, never from a value', () => {
    const am = kps(everything);
    expect(am.alertmanagerSpec.secrets).toEqual(['notify-ops-mail', 'notify-ops-chat', 'notify-teams', 'notify-pager']);
    const [, email, slack, msteams, webhook] = am.config.receivers;
    expect(email.email_configs[0]).toEqual({
      to: 'ops@example.com, oncall@example.com', from: 'alerts@example.com', smarthost: 'smtp.example.com:587',
      auth_username: 'alerts@example.com', auth_password_file: '/etc/alertmanager/secrets/notify-ops-mail/password', require_tls: true, send_resolved: true,
    });
    expect(slack.slack_configs[0]).toEqual({ api_url_file: '/etc/alertmanager/secrets/notify-ops-chat/address', channel: '#ops', send_resolved: true });
    expect(msteams.msteamsv2_configs[0]).toEqual({ webhook_url_file: '/etc/alertmanager/secrets/notify-teams/address', send_resolved: true });
    expect(webhook.webhook_configs[0]).toEqual({ url_file: '/etc/alertmanager/secrets/notify-pager/address', send_resolved: true });
    const keys = JSON.stringify(am.config);
    for (const plain of ['"api_url"', '"url"', '"auth_password"', '"webhook_url"']) expect(keys).not.toContain(plain);
  });

  it('authenticates to the relay only with a username, and then mounts no Secret for a login-less one', () => {
    const am = kps(withNotifications({ receivers: [{ ...mail, username: undefined }] }));
    expect(am.config.receivers[1].email_configs[0]).not.toHaveProperty('auth_password_file');
    expect(am.alertmanagerSpec).not.toHaveProperty('secrets');
    expect(resolve(withNotifications({ receivers: [{ ...mail, username: undefined }] })).secrets).toEqual([]);
  });

  it('leaves the chart\'s configuration alone without a receiver for alerts', () => {
    expect(kps(withNotifications({ receivers: [team] }))).not.toHaveProperty('config');
    expect(kps(dev)).not.toHaveProperty('config');
  });

  it('writes the same routing into a k3s HelmChart, whose values cannot come from a Secret', () => {
    const spec = modify(mgmt, (e) => {
      e.monitoring = { layer: 'cert-manager', rulesLayer: 'capi-operator', profile: 'small' };
      e.notifications = { layer: 'cert-manager', receivers: [chat] } as any;
    });
    const chart = rendered(spec).doc('kubernetes/cert-manager/kube-prometheus-stack/helmchart.kube-system.kube-prometheus-stack.yaml');
    const values = YAML.parse(chart.spec.valuesContent);
    expect(values.alertmanager.config.receivers[1].slack_configs[0].api_url_file).toBe('/etc/alertmanager/secrets/notify-ops-chat/address');
    expect(values.alertmanager.alertmanagerSpec.secrets).toEqual(['notify-ops-chat']);
  });

  it("opens the monitoring namespace's egress to the world on the receivers' ports only", () => {
    const baseline = rendered(everything).doc('kubernetes/network/default-deny/ciliumnetworkpolicy.monitoring.baseline.yaml');
    const world = baseline.spec.egress.filter((r: any) => r.toEntities?.includes('world'));
    expect(world).toEqual([{ toEntities: ['world'], toPorts: [{ ports: [{ port: '443', protocol: 'TCP' }, { port: '587', protocol: 'TCP' }, { port: '8443', protocol: 'TCP' }] }] }]);
    const none = rendered(withNotifications({ receivers: [team] })).doc('kubernetes/network/default-deny/ciliumnetworkpolicy.monitoring.baseline.yaml');
    expect(none.spec.egress.some((r: any) => r.toEntities?.includes('world'))).toBe(false);
  });

  it('keeps the SOPS Secrets Alertmanager reads beside its chart, and those Flux reads in flux-system', () => {
    const secrets = resolve(everything).secrets.map((s) => `${s.layer}/${s.folder} ${s.namespace}/${s.name} ${s.keys.join(',')}`);
    expect(secrets).toEqual([
      'platform/kube-prometheus-stack monitoring/notify-ops-mail password',
      'platform/notifications flux-system/notify-ops-chat address',
      'platform/kube-prometheus-stack monitoring/notify-ops-chat address',
      'platform/kube-prometheus-stack monitoring/notify-teams address',
      'platform/notifications flux-system/notify-pager address',
      'platform/kube-prometheus-stack monitoring/notify-pager address',
      'platform/notifications flux-system/notify-team address',
      'platform/notifications flux-system/flux-webhook-token token',
    ]);
  });
});

describe('notifications: Flux', () => {
  it("gives each receiver of Flux events a Provider of Flux's own type, its address from the Secret", () => {
    const providers = docsOf(everything, /notifications\/provider\./);
    expect(providers.map((p) => [p.metadata.name, p.spec])).toEqual([
      ['ops-chat', { type: 'slack', channel: '#ops', secretRef: { name: 'notify-ops-chat' } }],
      ['pager', { type: 'generic', secretRef: { name: 'notify-pager' } }],
      ['team', { type: 'discord', secretRef: { name: 'notify-team' } }],
    ]);
    expect(providers.every((p) => p.metadata.namespace === FLUX_NAMESPACE && p.spec.address === undefined)).toBe(true);
  });

  it('sends every failed reconciliation of every Kustomization, HelmRelease and source in the tree', () => {
    const spec = withNotifications({ receivers: [team] }, modify(dev, (e) => { e.apps = [podinfo]; }));
    const tree = rendered(spec);
    const [alert] = docsOf(spec, /notifications\/alert\./);
    expect(alert.spec).toMatchObject({ providerRef: { name: 'team' }, eventSeverity: 'error' });
    const watched = new Set(alert.spec.eventSources.map((s: any) => `${s.kind} ${s.namespace}`));
    expect(alert.spec.eventSources.every((s: any) => s.name === '*')).toBe(true);
    const flux = [...tree.files.keys()].flatMap((f) => tree.docs(f)).filter((d) => /toolkit\.fluxcd\.io/.test(d?.apiVersion ?? '') && ['Kustomization', 'HelmRelease', 'GitRepository', 'OCIRepository', 'HelmRepository'].includes(d.kind));
    expect(flux.length).toBeGreaterThan(10);
    for (const d of flux) expect(watched.has(`${d.kind} ${d.metadata.namespace}`), `${d.kind} ${d.metadata.namespace}/${d.metadata.name}`).toBe(true);
    // The sync's own GitRepository, which flux-operator writes, is in flux-system too.
    expect(watched.has('GitRepository flux-system')).toBe(true);
    expect(watched.has('HelmRelease kube-node-lease')).toBe(false);
  });

  it('renders nothing for Flux where no receiver takes its events', () => {
    expect(docsOf(withNotifications({ receivers: [mail] }), /notifications\/(provider|alert)\./)).toEqual([]);
  });
});

describe('notifications: the push webhook', () => {
  it("reconciles the sync's GitRepository on a verified push, the forge read from flux.url", () => {
    const [receiver] = docsOf(everything, /notifications\/receiver\./);
    expect(receiver).toMatchObject({
      apiVersion: 'notification.toolkit.fluxcd.io/v1',
      metadata: { name: 'git-push', namespace: 'flux-system' },
      spec: { type: 'github', events: ['ping', 'push'], secretRef: { name: 'flux-webhook-token' }, resources: [{ apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'GitRepository', name: 'flux-system', namespace: 'flux-system' }] },
    });
    const gitlab = modify(everything, (e) => { e.notifications!.webhook = { forge: 'gitlab' }; });
    expect(docsOf(gitlab, /notifications\/receiver\./)[0].spec).toMatchObject({ type: 'gitlab', events: ['Push Hook', 'Tag Push Hook'] });
  });

  it("is routed through the Gateway's https listener for /hook/ only, to notification-controller's webhook Service", () => {
    const [route] = docsOf(everything, /flux-webhook\/httproute\./);
    expect(route.metadata).toEqual({ name: 'flux-webhook', namespace: 'ingress' });
    expect(route.spec).toEqual({
      parentRefs: [{ name: 'ingress', namespace: 'ingress', sectionName: 'https' }],
      hostnames: ['flux-webhook.dev.home.arpa'],
      rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/hook/' } }], backendRefs: [{ name: 'webhook-receiver', namespace: 'flux-system', port: 80 }] }],
    });
    expect(rendered(everything).files.has('kubernetes/network/flux-webhook/kustomization.yaml')).toBe(true);
  });

  it('lets exactly that route reach exactly that Service, and the Gateway\'s Envoy reach the webhook port', () => {
    const [grant] = docsOf(everything, /flux-webhook\/referencegrant\./);
    expect(grant).toMatchObject({ metadata: { namespace: 'flux-system' }, spec: { from: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', namespace: 'ingress' }], to: [{ group: '', kind: 'Service', name: 'webhook-receiver' }] } });
    const [policy] = docsOf(everything, /flux-webhook\/ciliumnetworkpolicy\./);
    expect(policy.metadata.namespace).toBe('flux-system');
    expect(policy.spec.endpointSelector).toEqual({ matchLabels: { app: 'notification-controller' } });
    expect(policy.spec.ingress).toEqual([{ fromEntities: ['ingress'], toPorts: [{ ports: [{ port: '9292', protocol: 'TCP' }] }] }]);
    expect(policy.spec).not.toHaveProperty('egress');
  });

  it('tells in the tree\'s README where the forge posts and how to read the path and the token', () => {
    const readme = rendered(everything).text('README.md');
    expect(readme).toContain('## Notifications');
    expect(readme).toContain("kubectl --kubeconfig ~/.kube/dev.kubeconfig --context dev -n flux-system get receiver git-push -o jsonpath='{.status.webhookPath}'");
    expect(readme).toContain("npm run --silent secrets -- show dev flux-system/flux-webhook-token | sed -n 's/^  token: //p' | base64 -d; echo");
    expect(readme).toContain('`https://flux-webhook.dev.home.arpa`');
    expect(readme).toMatch(/\| ops-mail \| email \| warning and above \| – \|/);
    expect(rendered(dev).text('README.md')).not.toContain('## Notifications');
  });

  it.each([
    ['https://github.com/ops/fleet.git', 'github'],
    ['ssh://git@github.com/ops/fleet.git', 'github'],
    ['git@gitlab.example.com:ops/fleet.git', 'gitlab'],
    ['https://gitea.home.arpa/ops/k3s-fleet.git', 'gitea'],
    ['https://codeberg.org/ops/fleet.git', 'gitea'],
    ['https://git.example.com/ops/fleet.git', undefined],
    ['https://notgithub.com/ops/fleet.git', undefined],
  ])('reads the forge of %s as %s', (url, forge) => {
    expect(forgeOf(url)).toBe(forge);
  });
});

describe('PodNotReady', () => {
  it('counts only pods in a live phase, so finished Job pods never fire it', () => {
    const rule = ALERTS.find((a) => a.alert === 'PodNotReady')!;
    expect(rule.expr).toContain('kube_pod_status_ready{condition="false"}');
    expect(rule.expr).toMatch(/and on \(namespace, pod\) sum by \(namespace, pod\) \(kube_pod_status_phase\{phase=~"Pending\|Running\|Unknown"\}\) == 1$/);
    expect(rule.expr).not.toMatch(/Succeeded|Failed/);
  });
});

describe('notifications rules', () => {
  // A clean environment (no warning) with monitoring, whose Git host names no forge.
  const clean = modify(threeServers, (e) => { e.longhorn = {}; e.monitoring = { rulesLayer: 'network' }; e.flux.layers[0]!.namespaces = []; e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });
  const on = (n: NonNullable<EnvironmentSpec['notifications']>, base: EnvironmentSpec = clean): EnvironmentSpec => withNotifications(n, base);

  it('starts from an environment that passes clean, receivers and webhook included', () => {
    expect(codes(clean)).toEqual([]);
    expect(codes(on({ receivers: [mail, chat, teams, hook, team], webhook: { forge: 'gitea' } }))).toEqual([]);
  });

  it.each(['localhost:25', 'mail.localhost:587', '127.0.0.1:25', '127.10.20.30:25', '[::1]:25', '0.0.0.0:25', 'alertmanager-operated.monitoring.svc:9093', 'kube-prometheus-stack-alertmanager:9093', 'alertmanager-kube-prometheus-stack-alertmanager-0.alertmanager-operated:25'])('fails when the smarthost is %s, Alertmanager\'s own pod or Service (notifications.smtp-self)', (smarthost) => {
    const [v] = expectOnly(on({ receivers: [{ ...mail, smarthost }] }), 'notifications.smtp-self');
    expect(v).toMatchObject({ path: 'fixture.notifications.receivers[0].smarthost', value: smarthost });
    expect(v!.message).toMatch(/: no mail would leave$/);
    expect(v).not.toHaveProperty('action');
  });

  it('passes a relay of its own, and one whose name only contains alertmanager', () => {
    expect(codes(on({ receivers: [{ ...mail, smarthost: 'smtp.example.com:587' }] }))).toEqual([]);
    expect(codes(on({ receivers: [{ ...mail, smarthost: 'alertmanager-relay.example.com:587' }] }))).toEqual([]);
    // A DNS name that only starts or ends like a loopback address is a relay of its own.
    expect(codes(on({ receivers: [{ ...mail, smarthost: '127.1.2.3mail.example.com:587' }] }))).toEqual([]);
    expect(codes(on({ receivers: [{ ...mail, smarthost: 'mail127.1.2.3:587' }] }))).toEqual([]);
  });

  it('leaves a smarthost with no port to notifications.smtp-hostport, reported once', () => {
    expect(codes(on({ receivers: [{ ...mail, smarthost: 'localhost:smtp' }] }))).toEqual(['notifications.smtp-hostport']);
  });

  it('fails when a receiver takes nothing', () => {
    expectOnly(on({ receivers: [{ kind: 'webhook', name: 'idle' }] }), 'notifications.unused');
  });

  it('fails when Flux events go to email, or alerts to Discord or Google Chat', () => {
    expect(expectOnly(on({ receivers: [{ ...mail, alerts: undefined, flux: true }] }), 'notifications.unsupported')[0]!.path).toBe('fixture.notifications.receivers[0].flux');
    const chats = expectOnly(on({ receivers: [{ kind: 'discord', name: 'a', alerts: 'warning' }, { kind: 'googlechat', name: 'b', alerts: 'critical' }] }), 'notifications.unsupported');
    expect(chats.map((v) => v.path)).toEqual(['fixture.notifications.receivers[0].alerts', 'fixture.notifications.receivers[1].alerts']);
    expect(chats[0]!.fix).toContain('/slack');
  });

  it('fails when a receiver takes alerts where no monitoring runs', () => {
    expectOnly(on({ receivers: [{ ...mail, username: undefined }] }, modify(clean, (e) => { delete e.monitoring; })), 'notifications.alerts-without-monitoring');
  });

  it('fails on an address that is not one plain address', () => {
    const v = expectOnly(on({ receivers: [{ ...mail, username: undefined, from: 'alerts', to: ['ops@example.com', 'Ops <ops@example.com>'] }] }), 'notifications.email-address');
    expect(v.map((x) => x.path)).toEqual(['fixture.notifications.receivers[0].from', 'fixture.notifications.receivers[0].to[1]']);
  });

  it.each(['smtp.example.com', 'smtp.example.com:0', 'smtp.example.com:70000', 'smtp example.com:587'])('fails on the relay %s', (smarthost) => {
    expectOnly(on({ receivers: [{ ...mail, username: undefined, smarthost }] }), 'notifications.smtp-hostport');
  });

  it.each(['[2001:db8::25]:465', '192.0.2.25:25', 'mail.example.com:587'])('accepts the relay %s', (smarthost) => {
    expect(rendered(on({ receivers: [{ ...mail, smarthost }] })).files.size).toBeGreaterThan(0);
    expectOnly(on({ receivers: [{ ...mail, smarthost, to: ['bad'] }] }), 'notifications.email-address');
  });

  it('fails on a receiver name that cannot name its objects, on null, and on a webhook host that is no DNS label', () => {
    expectOnly(on({ receivers: [{ ...team, name: 'Team' }] }), 'notifications.invalid-name');
    expectOnly(on({ receivers: [{ ...team, name: 'null' }] }), 'notifications.invalid-name');
    expectOnly(on({ receivers: [{ ...team, name: 'x'.repeat(57) }] }), 'notifications.invalid-name');
    expectOnly(on({ webhook: { host: 'flux.webhook', forge: 'gitea' } }), 'notifications.invalid-name');
  });

  it('fails when two receivers share a name', () => {
    const [v] = expectOnly(on({ receivers: [team, { ...hook, name: 'team' }] }), 'notifications.duplicate-name');
    expect(v).toMatchObject({ path: 'fixture.notifications.receivers[1].name', value: 'team', message: 'team is already the name of notifications.receivers[0]' });
  });

  it("fails when the webhook's forge is neither set nor told by flux.url", () => {
    const spec = on({ webhook: {} });
    expectOnly(spec, 'notifications.forge-unknown');
    expect(docsOf(spec, /notifications\/receiver\./)).toEqual([]);
  });

  it('fails when the webhook has no Gateway to be reached through', () => {
    const spec = on({ webhook: { forge: 'github' } }, modify(clean, (e) => { delete e.ingressVip; }));
    expectOnly(spec, 'notifications.webhook-without-gateway');
    expect(rendered(spec).files.has('kubernetes/network/flux-webhook/kustomization.yaml')).toBe(false);
  });
});
