import { Construct } from 'constructs';
import * as gw from '../../imports/gateway-api-gateway-gateway.networking.k8s.io';
import * as l2 from '../../imports/cilium-l2announcementpolicy-cilium.io';
import * as pool from '../../imports/cilium-loadbalancerippool-cilium.io';

export interface IngressGatewayProps {
  /** The ingress VIP: the only address the pool hands out. */
  readonly ingressVip: string;
  /** Host interface(s) Cilium answers ARP on, as regular expressions. */
  readonly interface: string;
  /** Namespace of the Gateway (and so of the Service Cilium makes for it). */
  readonly namespace: string;
  readonly name: string;
}

/**
 * The cluster's ingress: a Cilium Gateway, and the LB-IPAM pool and L2 announcement policy that
 * give its Service the ingress VIP and answer for it on the LAN. The pool selects that one Service
 * by LB-IPAM's namespace and name keys, so no other LoadBalancer Service can take the VIP.
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
        listeners: [{ name: 'http', port: 80, protocol: 'HTTP', allowedRoutes: { namespaces: { from: gw.GatewaySpecListenersAllowedRoutesNamespacesFrom.ALL } } }],
      },
    });
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
