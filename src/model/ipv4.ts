import ipaddr from 'ipaddr.js';

/** True for a dotted-quad IPv4 address (no CIDR suffix, no shorthand forms). */
export function isIpv4(value: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(value);
}

/** Parses `a.b.c.d/n`; undefined when it is not an IPv4 CIDR. */
export function parseSubnet(value: string): [ipaddr.IPv4, number] | undefined {
  try {
    return ipaddr.IPv4.parseCIDR(value);
  } catch {
    return undefined;
  }
}

/** True when `ip` lies inside `subnet`, excluding its network and broadcast addresses. */
export function isHostIn(ip: string, subnet: string): boolean {
  const range = parseSubnet(subnet);
  if (!range || !isIpv4(ip)) return false;
  const addr = ipaddr.IPv4.parse(ip);
  if (!addr.match(range)) return false;
  if (range[1] >= 31) return true;
  const network = ipaddr.IPv4.networkAddressFromCIDR(subnet).toString();
  const broadcast = ipaddr.IPv4.broadcastAddressFromCIDR(subnet).toString();
  return ip !== network && ip !== broadcast;
}
