import { INGRESS_NAMESPACE, WILDCARD_SECRET } from '../components/ingress-gateway';
import { tlsOf } from '../components/tls/config';
import { PRIVATE_CA } from '../components/tls/private-ca';
import { CERTIFICATE_KUSTOMIZATION } from '../components/tls/unwaited-certificate';
import { CERT_MANAGER_NAMESPACE } from '../components/tls/settings';
import type { Environment } from '../model/resolve';

/**
 * The README's "TLS" section, where the environment has a Gateway: who signs the wildcard
 * certificate, the apps' hostnames, and for the private CA where its certificate is and how
 * clients and nodes come to trust it. Empty elsewhere. A selfSigned certificate's `ca.crt` is the
 * certificate itself (cert-manager v1.21.1 `pkg/controller/certificaterequests/selfsigned/selfsigned.go`).
 */
/** Where the ACME issuer's token is encrypted: the declared Secret's source (tlsSecrets declares it). */
const tokenSource = (env: Environment, name: string) => env.secrets.find((s) => s.namespace === CERT_MANAGER_NAMESPACE && s.name === name)!.source;

export function tlsSection(env: Environment): string[] {
  const tls = tlsOf(env);
  if (!tls) return [];
  const domain = tls.baseDomain;
  const file = `${env.name}-ca.crt`;
  const routes = env.apps.filter((a) => a.route).map((a) => `| https://${a.route!.hostname} | ${a.name} | ${a.route!.service}:${a.route!.port} |`);
  return [
    '## TLS',
    '',
    `The Gateway serves HTTPS on ${env.ingressVip}:443 with the certificate \`*.${domain}\` and \`${domain}\` (Secret \`${INGRESS_NAMESPACE}/${WILDCARD_SECRET}\`), renewed by cert-manager; plain HTTP on port 80 is answered with a 301 to HTTPS.`,
    '',
    ...(routes.length > 0 ? ['| address | app | Service |', '| --- | --- | --- |', ...routes, ''] : []),
    ...(tls.issuer.kind === 'acme'
      ? [
          `Issuer: Let's Encrypt (${tls.issuer.server}) through ACME DNS-01 on Cloudflare, with the API token of \`${tokenSource(env, tls.issuer.dns01.tokenSecret)}\` (write it with \`npm run secrets -- set ${env.name} ${CERT_MANAGER_NAMESPACE}/${tls.issuer.dns01.tokenSecret} --env-file -\` and the line \`api-token=…\` on stdin; the token needs the permissions Zone - DNS - Edit and Zone - Zone - Read, as cert-manager's Cloudflare page recommends). Clients trust it as they trust any public certificate.`,
          '',
          `Flux applies the certificate through the Kustomization \`${INGRESS_NAMESPACE}/${CERTIFICATE_KUSTOMIZATION}\`, which does not wait for it to be issued: no layer waits for the ACME order, the apps' among them. Until Let's Encrypt has issued it, the Gateway's HTTPS listener has no certificate to serve, so the apps' addresses answer on port 80 with the redirect and fail on 443; \`kubectl --kubeconfig ${env.kubeconfig.file} --context ${env.kubeconfig.context} -n ${INGRESS_NAMESPACE} describe certificate wildcard\` shows the order's progress.`,
          '',
        ]
      : [
          `Issuer: this cluster's private CA (ClusterIssuer \`${PRIVATE_CA}\`): no public CA can sign for ${domain}. Clients trust the Gateway once they trust the CA; its certificate is in the Secret \`${CERT_MANAGER_NAMESPACE}/${PRIVATE_CA}\`, created by cert-manager on the first reconcile (a new one if that Secret is ever deleted, which every client must then install again):`,
          '',
          '```sh',
          `kubectl --kubeconfig ${env.kubeconfig.file} --context ${env.kubeconfig.context} -n ${CERT_MANAGER_NAMESPACE} get secret ${PRIVATE_CA} -o jsonpath='{.data.ca\\.crt}' | base64 -d > ${file}`,
          `openssl x509 -in ${file} -noout -subject -enddate -fingerprint -sha256    # check it before you trust it`,
          '```',
          '',
          '| where | how to trust it |',
          '| --- | --- |',
          `| Debian, Ubuntu (workstations, the nodes) | \`sudo cp ${file} /usr/local/share/ca-certificates/${env.name}-ca.crt && sudo update-ca-certificates\` |`,
          `| macOS | \`sudo security add-trusted-cert -d -r trustRoot -k /Library/Keychains/System.keychain ${file}\` |`,
          `| Firefox (its own store) | Settings → Privacy & Security → Certificates → View Certificates → Authorities → Import ${file}, trust it for websites |`,
          '| Chrome, Edge, Safari | use the system store (above) |',
          `| pods that call the Gateway | mount the Secret's \`ca.crt\` (or copy it into a ConfigMap of their namespace) and point the client at it |`,
          '',
        ]),
  ];
}
