import { parseSubnet } from '../ipv4';
import type { Environment } from '../resolve';

// Which environments of a fleet share a network or a hypervisor: the fleet rules compare only those.

/** Same layer-2 network: overlapping subnets, and not told apart by different VLAN tags. */
export function sameNetwork(a: Environment, b: Environment): boolean {
  const [x, y] = [parseSubnet(a.spec.network.subnet), parseSubnet(b.spec.network.subnet)];
  if (!x || !y) return false;
  const overlap = x[0].match(y[0], Math.min(x[1], y[1]));
  const vlan = (e: Environment) => {
    const infra = e.infrastructure;
    return infra.kind === 'proxmox' ? infra.vlan : infra.kind === 'cluster-api' ? infra.proxmox.vlan : undefined;
  };
  return overlap && vlan(a) === vlan(b);
}

/** Same hypervisor: one libvirt URI, or one Proxmox node behind one endpoint (VM names collide there). */
export function sameHost(a: Environment, b: Environment): boolean {
  const host = (e: Environment) => {
    const infra = e.infrastructure;
    if (infra.kind === 'libvirt') return `libvirt ${infra.uri}`;
    if (infra.kind === 'proxmox') return `proxmox ${infra.endpoint} ${infra.node}`;
    return undefined;
  };
  return host(a) !== undefined && host(a) === host(b);
}
