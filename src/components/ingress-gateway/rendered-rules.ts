import type { App, AppRoute } from '../../model/resolve';
import { didYouMean } from '../../model/spec-check';
import type { Rule } from '../../model/violation';
import { documents } from '../../model/rendered-tree';
import type { RenderedTree } from '../../model/rendered-tree';

/** An app whose objects the tree holds (a construct's or a manifests folder's): a Helm app's Services are its chart's, rendered in the cluster only. */
const ownObjects = (app: App): app is App & { route: AppRoute } => app.route !== undefined && app.helm === undefined;

/** The Services of the app's own folder in its namespace, by name, with their ports. */
function services(tree: RenderedTree, app: App): Map<string, number[]> {
  return new Map(
    documents(tree.files, `kubernetes/${app.layer}/${app.name}/`)
      .filter(({ doc }) => doc.kind === 'Service' && (doc.metadata?.namespace ?? app.namespace) === app.namespace)
      .map(({ doc }) => [String(doc.metadata?.name), ((doc as { spec?: { ports?: { port?: number }[] } }).spec?.ports ?? []).map((p) => Number(p.port))] as const),
  );
}

export const routeRenderedRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'app.route-service-unknown',
    severity: 'error',
    summary: "the Service and port a construct's or manifests app's route sends to are among the app's own objects",
    check: (tree) =>
      tree.env.apps.filter(ownObjects).flatMap((app) => {
        const own = services(tree, app);
        const { service, port } = app.route;
        const explicit = tree.env.spec.apps?.[app.index]?.route?.service !== undefined;
        const names = [...own.keys()].sort();
        if (!own.has(service)) {
          const near = didYouMean(service.trim(), names);
          return [{
            path: `${tree.env.name}.apps[${app.index}].route${explicit ? '.service' : ''}`,
            value: service,
            message: `the route of app ${app.name} sends to Service ${app.namespace}/${service}, and the app's objects hold ${names.length === 0 ? 'no Service' : `the Service${names.length > 1 ? 's' : ''} ${names.join(', ')}`}: the HTTPRoute would have no backend`,
            fix: near !== undefined ? `set route.service: '${near}'` : names.length > 0 ? `set route.service to one of ${names.join(', ')}` : `add a Service ${service} in namespace ${app.namespace} to the app's objects`,
            ...(near !== undefined && { action: { set: `apps[${app.index}].route.service`, to: near } }),
          }];
        }
        const ports = own.get(service)!;
        return ports.includes(port)
          ? []
          : [{
              path: `${tree.env.name}.apps[${app.index}].route.port`,
              value: String(port),
              message: `Service ${app.namespace}/${service} of app ${app.name} has no port ${port} (its ports: ${ports.join(', ') || 'none'}): the HTTPRoute would have no backend`,
              fix: ports.length > 0 ? `set route.port to ${ports.join(' or ')}` : `give Service ${service} the port ${port}`,
            }];
      }),
  },
];
