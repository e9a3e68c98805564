import { parseSubnet } from '../ipv4';
import type { Environment } from '../resolve';

// Which environments of a fleet share a network or a hypervisor: the fleet rules compare only those.

/**
 * The VLAN a Proxmox bridge tags an environment's VMs with (`untagged` where it sets none), or
 * `unknown`: bare metal and libvirt say nothing of it, as a switch's access port may put them on any.
 */
function vlanOf(e: Environment): number | 'untagged' | 'unknown' {
  const infra = e.infrastructure;
  if (infra.kind === 'proxmox') return infra.vlan ?? 'untagged';
  if (infra.kind === 'cluster-api') return infra.proxmox.vlan ?? 'untagged';
  return 'unknown';
}

/**
 * Same layer-2 network: overlapping subnets, not told apart by different VLAN tags. Only two
 * known tags (or a tag and an untagged bridge) tell networks apart: where either side's VLAN is
 * unknown, an overlapping subnet may well be the same network, and its addresses must not clash.
 */
export function sameNetwork(a: Environment, b: Environment): boolean {
  const [x, y] = [parseSubnet(a.spec.network.subnet), parseSubnet(b.spec.network.subnet)];
  if (!x || !y) return false;
  const overlap = x[0].match(y[0], Math.min(x[1], y[1]));
  const [va, vb] = [vlanOf(a), vlanOf(b)];
  return overlap && (va === 'unknown' || vb === 'unknown' || va === vb);
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
