/**
 * authority-accepts by hand: what cert-manager hands a certificate authority (the ACME account, the
 * names on the certificate) and Alertmanager a mail relay. Every other field takes what
 * field-matrix.ts writes: nothing of it reaches a CA or a relay.
 */
import { applies, no, pending } from '../field-cell';
import type { ClassCells } from '../field-cell';

// What tls.acme-private-domain knows is the private-suffix table (src/model/private-names.ts).
const notDelegated = (what: string) => `${what} under a top-level domain ICANN never delegated that the private-suffix table does not list (the CA refuses names outside the public suffix list's ICANN section; the tool vendors no such list)`;
const relayAccount = no("the relay's account decides what it accepts from its authenticated user, and synth cannot see it");

export const AUTHORITY_ACCEPTS: ClassCells = {
  baseDomain: pending(notDelegated('ACME for a base domain'), applies('tls-acme-private-domain', 'tls.acme-private-domain')),
  'tls.issuer.kind': pending(notDelegated('ACME chosen for a base domain'), applies('tls-acme-private-domain', 'tls.acme-private-domain')),
  'tls.issuer.email': applies('names-acme-contact-example', 'tls.acme-contact-refused'),
  'tls.issuer.server': no("one of the CA's own ACME directory URLs (staging or production)"),
  'tls.issuer.dns01.provider': no('one of the DNS providers cert-manager solves DNS-01 with'),
  'notifications.receivers[].smarthost': pending("an SMTP relay at the cluster's own address (a node's, the VIP, the ingress VIP), which relays nothing; the Alertmanager pod and its Services are notifications.smtp-self's", applies('names-smtp-self', 'notifications.smtp-self')),
  'notifications.receivers[].from': relayAccount,
  'notifications.receivers[].to[]': relayAccount,
  'notifications.receivers[].username': relayAccount,
  'notifications.receivers[].requireTls': no('the relay offers STARTTLS or not, which synth cannot see; without it Alertmanager sends in the clear, which the relay takes'),
};
