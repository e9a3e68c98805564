import { duplicates } from '../../model/duplicates';
import type { App, AppRoute, Environment } from '../../model/resolve';
import type { Rule } from '../../model/violation';
import { gatewayOf } from './config';
import { DNS_LABEL } from '../../model/name-patterns';

/** A host no route takes yet, for a fix: the app's name, else with a number after it. */
function freeHost(env: Environment, name: string): string {
  const taken = new Set(routed(env).map((a) => a.route.host));
  let host = name;
  for (let n = 2; taken.has(host); n++) host = `${name}-${n}`;
  return host;
}

const routed = (env: Environment) => env.apps.filter((app): app is App & { route: AppRoute } => app.route !== undefined);
const at = (app: App, field: string) => `apps[${app.index}].route.${field}`;

/** The apps' routes: a Gateway to attach to, one label under the base domain each, no host twice, a real port. */
export const routeRules: readonly Rule[] = [
  {
    code: 'app.route-no-gateway',
    severity: 'error',
    summary: 'an app with a route runs where the environment has an ingress Gateway',
    check: (env) =>
      gatewayOf(env)
        ? []
        : routed(env).map((app) => ({
            path: `apps[${app.index}].route`,
            value: app.route.hostname,
            message: `app ${app.name} asks for ${app.route.hostname}, but ${env.name} has no ingress Gateway (it needs cilium, ingressVip and controlPlane.vipInterface)`,
            fix: 'set ingressVip (with cilium and controlPlane.vipInterface), or remove the route',
          })),
  },
  {
    code: 'app.route-host',
    severity: 'error',
    summary: "an app's route host is one DNS label, so the Gateway's wildcard certificate of the base domain covers it",
    check: (env) =>
      routed(env)
        .filter((app) => !DNS_LABEL.test(app.route.host))
        .map((app) => ({
          path: at(app, 'host'),
          value: app.route.host,
          message: app.route.host.includes('.')
            ? `${app.route.hostname} is more than one label under ${env.spec.baseDomain}: the certificate *.${env.spec.baseDomain} does not cover it`
            : `"${app.route.host}" is not a DNS label`,
          fix: `write one label of lowercase letters, digits and hyphens, e.g. host: '${app.name}' for ${app.name}.${env.spec.baseDomain}`,
        })),
  },
  {
    code: 'app.route-duplicate-host',
    severity: 'error',
    summary: "no two apps route the same hostname, nor an app the push webhook's (the Gateway would merge their rules)",
    check: (env) => {
      const webhook = env.notifications?.webhook && `${env.notifications.webhook.host}.${env.spec.baseDomain}`;
      return [
        ...duplicates(routed(env), (app) => app.route.hostname).map(({ item, first }) => ({
          path: at(item, 'host'),
          value: item.route.host,
          message: `${item.route.hostname} is already the route of app ${first.name}`,
          fix: `give app ${item.name} a host of its own, e.g. host: '${freeHost(env, item.name)}'`,
          action: { set: `apps[${item.index}].route.host`, to: freeHost(env, item.name) },
        })),
        ...routed(env)
          .filter((app) => app.route.hostname === webhook)
          .map((app) => ({
            path: at(app, 'host'),
            value: app.route.host,
            message: `${webhook} is the push webhook's host (notifications.webhook.host)`,
            fix: `give app ${app.name} a host of its own, e.g. host: '${app.name}', or set notifications.webhook.host to another label`,
          })),
      ];
    },
  },
  {
    code: 'app.route-port',
    severity: 'error',
    summary: "an app's route names a Service port from 1 to 65535",
    check: (env) =>
      routed(env)
        .filter((app) => !Number.isInteger(app.route.port) || app.route.port < 1 || app.route.port > 65535)
        .map((app) => ({
          path: at(app, 'port'),
          value: String(app.route.port),
          message: `${app.route.port} is not a port`,
          fix: `set the port of Service ${app.route.service} that serves HTTP, a whole number from 1 to 65535`,
        })),
  },
];
