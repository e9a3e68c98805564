/**
 * The name shapes the rules judge by, defined once: Kubernetes' DNS label (RFC 1123; a namespace,
 * a host under the base domain) and DNS subdomain (an object's name), and a plain mailbox address.
 */

/**
 * An environment's name: a folder under `clusters/` and `secrets/`, at most 32 lowercase letters,
 * digits and hyphens. Nothing is read from or written to `<folder>/<name>/` for a name that is not
 * one (`..`, `a/b`), so no name reaches outside its folder.
 */
export const ENVIRONMENT_NAME = /^[a-z0-9]([a-z0-9-]{0,30}[a-z0-9])?$/;

/** At most 63 lowercase letters, digits and hyphens, starting and ending alphanumeric. */
export const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** Dot-separated DNS labels, at most 253 characters. */
export const DNS_SUBDOMAIN = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A plain address (`ops@example.com`), no display name: what ACME's contact and Alertmanager's `to`/`from` take. */
export const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
