import type { Violation } from './violation';

// A password or token typed into a URL (url.credentials reports it) must not come back in any
// other message that quotes the URL: a padded value, a malformed scheme, a chart location. Every
// violation passes through here on its way out (runChecks), whichever rule wrote it.

/** `scheme://user:password@` (RFC 3986 §3.2.1); the user may hold an `@` itself (Proxmox's `root@pam`). */
const PASSWORD = /([a-z][a-z0-9+.-]*:\/\/)([^\s/"'`:]*):([^\s/"'`@]+)@/gi;
/** An access token standing as the user: GitHub's (`ghp_`…, `github_pat_`) and GitLab's (`glpat-`). */
const TOKEN_USER = /([a-z][a-z0-9+.-]*:\/\/)(gh[pousr]_|github_pat_|glpat-)[^\s/"'`@:]*@/gi;

/** `text` with every URL's password or token replaced by `…`. */
export const withoutUrlSecrets = (text: string) => text.replace(PASSWORD, '$1$2:…@').replace(TOKEN_USER, '$1…@');

/** A violation as it may be shown: no URL in it carries its credentials. */
export const redactedViolation = (v: Violation): Violation => {
  const { action, ...rest } = v;
  // An action that would carry a credential is dropped, not redacted: a `…` in its place would be written into the spec.
  const keeps = action !== undefined && withoutUrlSecrets(JSON.stringify(action)) === JSON.stringify(action);
  return { ...rest, value: withoutUrlSecrets(v.value), message: withoutUrlSecrets(v.message), fix: withoutUrlSecrets(v.fix), ...(keeps && { action }) };
};
