/**
 * authority-accepts by hand: what cert-manager hands a certificate authority (the ACME account, the
 * names on the certificate) and Alertmanager a mail relay. Every other field takes what
 * field-matrix.ts writes: nothing of it reaches a CA or a relay.
 */
import { applies, no, pending } from '../field-cell';
import type { ClassCells } from '../field-cell';

const TLS_TEST = 'test/components/tls.test.ts';
const relayAccount = no("the relay's account decides what it accepts from its authenticated user, and synth cannot see it");

export const AUTHORITY_ACCEPTS: ClassCells = {
  baseDomain: pending("ACME for a domain under a private or special-use suffix beyond home.arpa, .local and .internal (the CA refuses names outside the public suffix list's ICANN section) (issue 42, stream names)", applies(TLS_TEST, 'tls.acme-private-domain')),
  'tls.issuer.kind': pending('ACME chosen for a base domain no public CA issues for, beyond the suffixes tls.acme-private-domain knows (issue 42, stream names)', applies('tls-acme-private-domain', 'tls.acme-private-domain')),
  'tls.issuer.email': pending("a contact address in a domain Let's Encrypt refuses (example.com and the other reserved names, RFC 2606; boulder's policy), which the fix text must not propose either (issue 42, stream names)", applies('tls-acme-email', 'tls.acme-email')),
  'tls.issuer.server': no("one of the CA's own ACME directory URLs (staging or production)"),
  'tls.issuer.dns01.provider': no('one of the DNS providers cert-manager solves DNS-01 with'),
  'notifications.receivers[].smarthost': pending("an SMTP relay that is the Alertmanager pod itself, or the cluster's own address, which relays nothing (issue 42, stream names)", applies('notifications-smtp-hostport', 'notifications.smtp-hostport')),
  'notifications.receivers[].from': relayAccount,
  'notifications.receivers[].to[]': relayAccount,
  'notifications.receivers[].username': relayAccount,
  'notifications.receivers[].requireTls': no('the relay offers STARTTLS or not, which synth cannot see; without it Alertmanager sends in the clear, which the relay takes'),
};
