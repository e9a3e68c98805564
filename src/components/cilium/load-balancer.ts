import { Construct } from 'constructs';
import * as l2 from '../../imports/cilium-l2announcementpolicy-cilium.io';
import * as pool from '../../imports/cilium-loadbalancerippool-cilium.io';

export interface CiliumLoadBalancerProps {
  /** The ingress Gateway VIP: the only address the pool hands out. */
  readonly ingressVip: string;
  /** Host interface(s) Cilium answers ARP on, as regular expressions. */
  readonly interface: string;
}

/**
 * Cilium LB-IPAM for the ingress Gateway: a one-address pool and an L2 announcement policy,
 * so the Gateway's address is answered on the LAN without MetalLB or kube-vip services.
 */
export class CiliumLoadBalancer extends Construct {
  public constructor(scope: Construct, id: string, props: CiliumLoadBalancerProps) {
    super(scope, id);
    new pool.CiliumLoadBalancerIpPool(this, 'Pool', {
      metadata: { name: 'ingress' },
      spec: { blocks: [{ start: props.ingressVip, stop: props.ingressVip }] },
    });
    new l2.CiliumL2AnnouncementPolicy(this, 'L2Policy', {
      metadata: { name: 'ingress' },
      spec: { loadBalancerIPs: true, interfaces: [`^${props.interface}$`] },
    });
  }
}
