import ipaddr from 'ipaddr.js';

/** True for a dotted-quad IPv4 address (no CIDR suffix, no shorthand forms). */
export function isIpv4(value: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(value);
}

/** Parses `a.b.c.d/n`; undefined when it is not a dotted-quad IPv4 CIDR (no `10.0.0/24`, no hex). */
export function parseSubnet(value: string): [ipaddr.IPv4, number] | undefined {
  return ipaddr.IPv4.isValidCIDRFourPartDecimal(value) ? ipaddr.IPv4.parseCIDR(value) : undefined;
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
