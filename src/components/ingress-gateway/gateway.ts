import { Construct } from 'constructs';
import * as gw from '../../imports/gateway-api-gateway-gateway.networking.k8s.io';
import * as l2 from '../../imports/cilium-l2announcementpolicy-cilium.io';
import * as pool from '../../imports/cilium-loadbalancerippool-cilium.io';
import { HttpsRedirect } from './redirect';

/** The plain-HTTP listener: it only redirects to HTTPS (no app route may attach to it). */
export const HTTP_LISTENER = 'http';
/** The HTTPS listener every route attaches to (`parentRefs[].sectionName`). */
export const HTTPS_LISTENER = 'https';

export interface IngressGatewayProps {
  /** The ingress VIP: the only address the pool hands out. */
  readonly ingressVip: string;
  /** Host interface(s) Cilium answers ARP on, as regular expressions. */
  readonly interface: string;
  /** Namespace of the Gateway (and so of the Service Cilium makes for it). */
  readonly namespace: string;
  readonly name: string;
  /** The Secret in `namespace` holding the listener's certificate (the wildcard of the base domain). */
  readonly certificateSecret: string;
}

/**
 * The cluster's ingress: a Cilium Gateway, and the LB-IPAM pool and L2 announcement policy that
 * give its Service the ingress VIP and answer for it on the LAN. The pool selects that one Service
 * by LB-IPAM's namespace and name keys, so no other LoadBalancer Service can take the VIP.
 * HTTPS terminates with the certificate in `certificateSecret`; HTTP only redirects to it.
 */
export class IngressGateway extends Construct {
  public constructor(scope: Construct, id: string, props: IngressGatewayProps) {
    super(scope, id);
    // Cilium names the Service of Gateway <name> `cilium-gateway-<name>`, in the Gateway's namespace.
    const service = { 'io.kubernetes.service.namespace': props.namespace, 'io.kubernetes.service.name': `cilium-gateway-${props.name}` };
    new gw.Gateway(this, 'Gateway', {
      metadata: { name: props.name, namespace: props.namespace },
      spec: {
        gatewayClassName: 'cilium',
        listeners: [
          // Only the redirect, in the Gateway's own namespace, attaches to plain HTTP.
          { name: HTTP_LISTENER, port: 80, protocol: 'HTTP', allowedRoutes: { namespaces: { from: gw.GatewaySpecListenersAllowedRoutesNamespacesFrom.SAME } } },
          {
            name: HTTPS_LISTENER,
            port: 443,
            protocol: 'HTTPS',
            // No hostname: the certificate covers the base domain and its subdomains, the routes name their hosts.
            tls: { mode: gw.GatewaySpecListenersTlsMode.TERMINATE, certificateRefs: [{ kind: 'Secret', name: props.certificateSecret }] },
            allowedRoutes: { namespaces: { from: gw.GatewaySpecListenersAllowedRoutesNamespacesFrom.ALL } },
          },
        ],
      },
    });
    new HttpsRedirect(this, 'Redirect', { gateway: props.name, namespace: props.namespace, listener: HTTP_LISTENER });
    new pool.CiliumLoadBalancerIpPool(this, 'Pool', {
      metadata: { name: props.name },
      spec: { blocks: [{ start: props.ingressVip, stop: props.ingressVip }], serviceSelector: { matchLabels: service } },
    });
    new l2.CiliumL2AnnouncementPolicy(this, 'L2Policy', {
      metadata: { name: props.name },
      spec: { loadBalancerIPs: true, interfaces: [`^${props.interface}$`], serviceSelector: { matchLabels: service } },
    });
  }
}
