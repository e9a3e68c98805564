/**
 * The certificates one API server needs, made with openssl: a CA, the serving certificate
 * (127.0.0.1 and localhost), the service-account key pair and an admin client certificate in
 * system:masters. ECDSA P-256 throughout: quick to make, and accepted for every one of them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Pki {
  readonly caCert: string;
  readonly caKey: string;
  readonly servingCert: string;
  readonly servingKey: string;
  readonly serviceAccountKey: string;
  readonly serviceAccountPub: string;
  readonly adminCert: string;
  readonly adminKey: string;
}

const openssl = (args: readonly string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
/** Long enough for any run; short enough that a leaked key is worth nothing. */
const DAYS = '2';

/** A certificate signed by the CA, with the given extensions. */
function issue(dir: string, name: string, subject: string, extensions: readonly string[]): void {
  const ext = path.join(dir, `${name}.ext`);
  fs.writeFileSync(ext, `${extensions.join('\n')}\n`);
  openssl(['req', ...EC, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject], dir);
  openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', DAYS, '-out', `${name}.crt`, '-extfile', ext], dir);
}

export function makePki(dir: string): Pki {
  fs.mkdirSync(dir, { recursive: true });
  openssl(['req', '-x509', ...EC, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', DAYS, '-subj', '/CN=k3s-gitops-synth-prove-ca'], dir);
  issue(dir, 'serving', '/CN=kube-apiserver', ['subjectAltName = IP:127.0.0.1, DNS:localhost', 'extendedKeyUsage = serverAuth', 'keyUsage = critical, digitalSignature, keyEncipherment']);
  issue(dir, 'admin', '/O=system:masters/CN=prove-admin', ['extendedKeyUsage = clientAuth', 'keyUsage = critical, digitalSignature, keyEncipherment']);
  openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'service-account.key'], dir);
  openssl(['ec', '-in', 'service-account.key', '-pubout', '-out', 'service-account.pub'], dir);
  const at = (file: string) => path.join(dir, file);
  return {
    caCert: at('ca.crt'), caKey: at('ca.key'),
    servingCert: at('serving.crt'), servingKey: at('serving.key'),
    serviceAccountKey: at('service-account.key'), serviceAccountPub: at('service-account.pub'),
    adminCert: at('admin.crt'), adminKey: at('admin.key'),
  };
}
