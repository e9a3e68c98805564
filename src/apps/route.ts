import { Construct } from 'constructs';
import * as route from '../imports/gateway-api-httproute-gateway.networking.k8s.io';
import { HTTPS_LISTENER, INGRESS_GATEWAY, INGRESS_NAMESPACE } from '../components/ingress-gateway';
import type { App, AppRoute as AppRouteSettings } from '../model/resolve';

export interface AppRouteProps {
  readonly app: App;
  readonly route: AppRouteSettings;
}

/**
 * An app's hostname on the ingress Gateway: an HTTPRoute in the app's namespace, on the HTTPS
 * listener (the wildcard certificate covers the host), to the app's Service. The Gateway admits
 * routes from every namespace; the app's default-deny baseline lets the Gateway's Envoy in.
 */
export class AppRoute extends Construct {
  public constructor(scope: Construct, id: string, props: AppRouteProps) {
    super(scope, id);
    new route.HttpRoute(this, 'Resource', {
      metadata: { name: props.app.name, namespace: props.app.namespace },
      spec: {
        parentRefs: [{ name: INGRESS_GATEWAY, namespace: INGRESS_NAMESPACE, sectionName: HTTPS_LISTENER }],
        hostnames: [props.route.hostname],
        rules: [{ backendRefs: [{ name: props.route.service, port: props.route.port }] }],
      },
    });
  }
}
