import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';

/** The Service and ports flux-operator's notification-controller serves webhooks on (Flux v2.9.4). */
export const WEBHOOK_SERVICE = { name: 'webhook-receiver', port: 80, containerPort: 9292, podLabels: { app: 'notification-controller' } } as const;

export interface WebhookRouteProps {
  /** `<host>.<baseDomain>`. */
  readonly hostname: string;
  /** The Gateway, its namespace and the listener the route attaches to. */
  readonly gateway: { readonly name: string; readonly namespace: string; readonly sectionName: string };
  /** Where notification-controller runs. */
  readonly fluxNamespace: string;
}

/**
 * notification-controller's webhook behind the ingress Gateway: an HTTPRoute in the Gateway's
 * namespace (so every listener admits it, whatever its `allowedRoutes`) for `/hook/` only, the
 * ReferenceGrant in flux-system that lets that one route reach that one Service, and the Cilium
 * policy that lets the Gateway's Envoy in.
 *
 * flux-operator's `cluster.networkPolicy: true` writes flux-system's NetworkPolicies (v0.58.1,
 * config/data/flux/v2.9.4/policies.yaml): `allow-webhooks` admits port 9292 of
 * notification-controller from pods of any namespace (`namespaceSelector: {}`), but the Gateway's
 * requests come from Cilium's Envoy as the reserved `ingress` identity, which belongs to no
 * namespace (docs.cilium.io, network/servicemesh/ingress-and-network-policy); this policy adds
 * exactly that path. Egress is not narrowed there: `allow-egress` lets every flux-system pod out.
 */
export class WebhookRoute extends Construct {
  public constructor(scope: Construct, id: string, props: WebhookRouteProps) {
    super(scope, id);
    const name = 'flux-webhook';
    new ApiObject(this, 'HTTPRoute', {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: { name, namespace: props.gateway.namespace },
      spec: {
        parentRefs: [{ name: props.gateway.name, namespace: props.gateway.namespace, sectionName: props.gateway.sectionName }],
        hostnames: [props.hostname],
        rules: [{
          matches: [{ path: { type: 'PathPrefix', value: '/hook/' } }],
          backendRefs: [{ name: WEBHOOK_SERVICE.name, namespace: props.fluxNamespace, port: WEBHOOK_SERVICE.port }],
        }],
      },
    });
    new ApiObject(this, 'ReferenceGrant', {
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'ReferenceGrant',
      metadata: { name, namespace: props.fluxNamespace },
      spec: {
        from: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', namespace: props.gateway.namespace }],
        to: [{ group: '', kind: 'Service', name: WEBHOOK_SERVICE.name }],
      },
    });
    new ApiObject(this, 'Policy', {
      apiVersion: 'cilium.io/v2',
      kind: 'CiliumNetworkPolicy',
      metadata: { name: 'webhook-receiver-from-gateway', namespace: props.fluxNamespace },
      spec: {
        description: "The Gateway's Envoy reaches notification-controller's webhook port",
        endpointSelector: { matchLabels: WEBHOOK_SERVICE.podLabels },
        ingress: [{ fromEntities: ['ingress'], toPorts: [{ ports: [{ port: String(WEBHOOK_SERVICE.containerPort), protocol: 'TCP' }] }] }],
      },
    });
  }
}
