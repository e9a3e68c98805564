import { describe, expect, it } from 'vitest';
import { isHostIn, isIpv4, parseSubnet } from '../../src/model/ipv4';

describe('ipv4', () => {
  it.each(['10.0.0.1', '192.168.1.255', '0.0.0.0'])('accepts %s', (ip) => expect(isIpv4(ip)).toBe(true));
  it.each(['10.0.0', '10.0.0.256', '10.0.0.1/24', '', 'fe80::1', '010.0.0.1x'])('rejects %j', (ip) => expect(isIpv4(ip)).toBe(false));

  it('parses a CIDR and refuses anything else', () => {
    expect(parseSubnet('10.20.0.0/24')?.[1]).toBe(24);
    expect(parseSubnet('10.20.0.0')).toBeUndefined();
    expect(parseSubnet('10.20.0.0/40')).toBeUndefined();
    // The shorthand and hex forms inet_aton accepts are typos in an environment file.
    expect(parseSubnet('10.20.0/24')).toBeUndefined();
    expect(parseSubnet('0xa.20.0.0/16')).toBeUndefined();
  });

  it('counts only host addresses of a /24', () => {
    expect(isHostIn('10.20.0.1', '10.20.0.0/24')).toBe(true);
    expect(isHostIn('10.20.0.254', '10.20.0.0/24')).toBe(true);
    expect(isHostIn('10.20.0.0', '10.20.0.0/24')).toBe(false);
    expect(isHostIn('10.20.0.255', '10.20.0.0/24')).toBe(false);
    expect(isHostIn('10.20.1.1', '10.20.0.0/24')).toBe(false);
  });

  it('uses both addresses of a /31 and the one of a /32 (no network or broadcast there)', () => {
    expect(isHostIn('10.0.0.0', '10.0.0.0/31')).toBe(true);
    expect(isHostIn('10.0.0.1', '10.0.0.0/31')).toBe(true);
    expect(isHostIn('10.0.0.7', '10.0.0.7/32')).toBe(true);
    expect(isHostIn('10.0.0.0', '10.0.0.0/30')).toBe(false);
  });

  it('is false for a malformed address or subnet', () => {
    expect(isHostIn('10.20.0', '10.20.0.0/24')).toBe(false);
    expect(isHostIn('10.20.0.1', 'nonsense')).toBe(false);
  });
});
