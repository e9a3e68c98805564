// etcd commits a write once a majority of its members has it: that majority is the quorum, and
// a cluster of n members keeps serving while no more than n - quorum of them are down.
// Ref: https://etcd.io/docs/v3.5/faq/#what-is-failure-tolerance

/** The members etcd needs up: a majority of `members`. */
export const quorumOf = (members: number): number => Math.floor(members / 2) + 1;

/** How many of `members` may be down while etcd still serves. */
export const toleratedOf = (members: number): number => members - quorumOf(members);

/** `1 failure`, `2 failures`: a count with its noun, singular or plural as the count asks. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Why an even count of etcd members buys nothing: it tolerates as many failures as one fewer. */
export const evenCount = (members: number): string =>
  `embedded etcd needs ${quorumOf(members)} of ${members} up, so they tolerate ${counted(toleratedOf(members), 'failure')}, as ${counted(members - 1, 'server')} ${members - 1 === 1 ? 'does' : 'do'}`;
