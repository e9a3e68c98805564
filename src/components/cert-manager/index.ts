import { crdCheck } from '../../k8s/flux-layer';
import { Namespaces } from '../../k8s/namespaces';
import type { Environment } from '../../model/resolve';
import { defineComponent } from '../entry';
import { tlsOf } from '../tls/config';
import { CERT_MANAGER_NAMESPACE } from '../tls/settings';
import { CERT_MANAGER_MEMORY_MIB, certManagerRelease } from './chart';
import { certManagerRules } from './rules';

interface CertManagerConfig {
  readonly layer: string;
  readonly path: string;
  readonly installer: 'flux' | 'k3s';
  /** Its namespace is a Namespace of the tree (a k3s HelmChart alone creates it on install). */
  readonly ownNamespace: boolean;
  /** An ACME issuer: the DNS-01 self-check's resolvers, and egress to the world. */
  readonly acme: boolean;
  /** Its layer gates dependents on what a k3s HelmChart creates (Flux ignores health checks where a layer waits). */
  readonly healthChecked: boolean;
}

/** On with Cluster API (in its layer: the operator's webhooks need certificates) or with TLS on the Gateway. */
function configure(env: Environment): CertManagerConfig | undefined {
  const tls = tlsOf(env);
  const common = { installer: env.helmInstaller, ownNamespace: env.helmInstaller === 'flux' || tls !== undefined, acme: tls?.issuer.kind === 'acme' };
  const k3s = env.helmInstaller === 'k3s';
  // Cluster API needs the gate (flux.wait-ignores-health-checks asks for wait: false there); in a
  // layer that waits for TLS alone, the issuer's layer retries until the CRDs exist instead.
  if (env.clusterApi) return { layer: env.clusterApi.layers.certManager, path: 'clusterApi.layers.certManager', ...common, healthChecked: k3s };
  return tls && { layer: tls.chartLayer, path: tls.chartPath, ...common, healthChecked: k3s && env.flux.layers.find((l) => l.name === tls.chartLayer)?.wait === false };
}

/** cert-manager: for Cluster API's webhooks on mgmt, and for the Gateway's certificate wherever there is a Gateway. */
export const certManager = defineComponent({
  name: 'cert-manager',
  fields: ['tls', 'clusterApi.layers.certManager', 'helmInstaller'],
  configure,
  placement: (config) => ({ layer: config.layer, path: config.path }),
  versions: ['charts.certManager'],
  rules: certManagerRules((env) => configure(env) !== undefined),
  chart: (config, env) => certManagerRelease(env.versions, config.acme),
  // A k3s HelmChart reports no install progress: gate on what it creates, the webhook last. A Flux
  // HelmRelease is ready once its Deployments are (the layer's wait covers it).
  healthChecks: (config) =>
    config.healthChecked
      ? [
          crdCheck('certificates.cert-manager.io'),
          crdCheck('issuers.cert-manager.io'),
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'cert-manager-webhook', namespace: CERT_MANAGER_NAMESPACE },
        ]
      : [],
  namespaces: () => [CERT_MANAGER_NAMESPACE],
  creates: (config) => (config.ownNamespace ? [CERT_MANAGER_NAMESPACE] : []),
  memory: () => [
    { what: 'cert-manager', mib: CERT_MANAGER_MEMORY_MIB.controller },
    { what: 'cert-manager cainjector', mib: CERT_MANAGER_MEMORY_MIB.cainjector },
    { what: 'cert-manager webhook', mib: CERT_MANAGER_MEMORY_MIB.webhook },
  ],
  // ACME: Let's Encrypt, the DNS provider's API and the DoH resolvers, all HTTPS. The webhook's
  // callers (the API server) come in through the baseline's host/remote-node allowance.
  networkNeeds: (config) => (config.acme ? { namespace: CERT_MANAGER_NAMESPACE, toWorld: [{ port: 443, protocol: 'TCP' }] } : []),
  objects: ({ config, folder }) => {
    if (config.ownNamespace) new Namespaces(folder('cert-manager'), 'namespace', { names: [CERT_MANAGER_NAMESPACE] });
  },
});
