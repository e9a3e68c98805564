// DNS names no public resolver answers and no public CA issues for: what a private network or a
// special use keeps for itself. One table for every rule that asks (TLS's ACME, the cluster's resolvers).

/** A suffix no public DNS delegates, and the source that makes it so. */
export interface PrivateSuffix {
  readonly suffix: string;
  readonly source: string;
  /** Every resolver answers it itself, with loopback (RFC 6761 §6.3): it resolves, to the wrong host. */
  readonly loopback?: boolean;
}

export const PRIVATE_SUFFIXES: readonly PrivateSuffix[] = [
  { suffix: 'home.arpa', source: 'RFC 8375: local to a home network' },
  { suffix: 'local', source: 'RFC 6762: multicast DNS, never unicast DNS' },
  { suffix: 'internal', source: 'reserved by ICANN for private use (2024)' },
  // RFC 6762 appendix G lists these as what private networks use; none is delegated in the root zone.
  { suffix: 'intranet', source: 'RFC 6762 appendix G: a private-network name, not delegated' },
  { suffix: 'private', source: 'RFC 6762 appendix G: a private-network name, not delegated' },
  { suffix: 'lan', source: 'RFC 6762 appendix G: a private-network name, not delegated' },
  { suffix: 'localdomain', source: 'a private-network name, not delegated' },
  // ICANN will not delegate these (name-collision resolution of 2018-02-04).
  { suffix: 'corp', source: 'never delegated by ICANN (name collisions)' },
  { suffix: 'home', source: 'never delegated by ICANN (name collisions)' },
  { suffix: 'mail', source: 'never delegated by ICANN (name collisions)' },
  { suffix: 'test', source: 'RFC 6761: special-use, never resolved' },
  { suffix: 'invalid', source: 'RFC 6761: special-use, never resolved' },
  { suffix: 'localhost', source: 'RFC 6761: loopback', loopback: true },
  { suffix: 'example', source: 'RFC 2606: reserved for examples, never delegated' },
  { suffix: 'onion', source: 'RFC 7686: Tor only' },
  { suffix: 'alt', source: 'RFC 9476: special-use, for names outside the DNS' },
];

/** The private suffix a name is under (case-insensitive), if any. */
export function privateSuffix(name: string): PrivateSuffix | undefined {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return PRIVATE_SUFFIXES.find((s) => lower === s.suffix || lower.endsWith(`.${s.suffix}`));
}
