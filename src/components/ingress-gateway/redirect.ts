import { Construct } from 'constructs';
import * as route from '../../imports/gateway-api-httproute-gateway.networking.k8s.io';

export interface HttpsRedirectProps {
  /** The Gateway whose listener it attaches to, in `namespace`. */
  readonly gateway: string;
  readonly namespace: string;
  /** The plain-HTTP listener (its `sectionName`). */
  readonly listener: string;
}

/**
 * Every plain-HTTP request answered with a permanent redirect to the same URL over HTTPS
 * (Gateway API's RequestRedirect filter; no hostnames, so every host; no backend).
 */
export class HttpsRedirect extends Construct {
  public constructor(scope: Construct, id: string, props: HttpsRedirectProps) {
    super(scope, id);
    new route.HttpRoute(this, 'Resource', {
      metadata: { name: 'https-redirect', namespace: props.namespace },
      spec: {
        parentRefs: [{ name: props.gateway, sectionName: props.listener }],
        rules: [{
          filters: [{
            type: route.HttpRouteSpecRulesFiltersType.REQUEST_REDIRECT,
            requestRedirect: { scheme: route.HttpRouteSpecRulesFiltersRequestRedirectScheme.HTTPS, statusCode: route.HttpRouteSpecRulesFiltersRequestRedirectStatusCode.VALUE_301 },
          }],
        }],
      },
    });
  }
}
