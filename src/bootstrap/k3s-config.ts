import type { K3sEnvironment, Node } from '../model/resolve';

/** Where a joining server reads the founder's token (copied there at join time). */
export const JOIN_TOKEN_FILE = '/etc/rancher/k3s/cluster-token';

/** k3s's own `--https-listen-port` default (k3s-io/k3s pkg/cli/cmds/server.go): the key is written only for another port. */
export const K3S_HTTPS_PORT = 6443;

/**
 * A server's whole k3s configuration in k3s's own config keys (`/etc/rancher/k3s/config.yaml`).
 * The founder initialises etcd; every other server joins the founder's own IP, never the VIP:
 * on a cold build no VIP exists until kube-vip runs on a working cluster.
 */
export function k3sConfig(env: K3sEnvironment, node: Node): Record<string, unknown> {
  const { k3s } = env;
  const cilium = env.cilium !== undefined;
  const oidc = k3s.oidc;
  return {
    // sqlite (k3s's default) for a server that stays single: no cluster-init.
    ...(node === env.founder
      ? k3s.datastore === 'etcd' ? { 'cluster-init': true } : {}
      : { server: `https://${env.apiHost}:${env.apiPort}`, 'token-file': JOIN_TOKEN_FILE }),
    'node-ip': node.ip,
    // Every server serves the API on the port the joins, kube-vip and Cilium dial.
    ...(env.apiPort !== K3S_HTTPS_PORT && { 'https-listen-port': env.apiPort }),
    'tls-san': env.tlsSans,
    'data-dir': k3s.dataDir,
    // Cilium is the CNI, kube-proxy replacement and network-policy engine.
    ...(cilium && { 'flannel-backend': 'none', 'disable-kube-proxy': true, 'disable-network-policy': true }),
    disable: k3s.disable,
    'write-kubeconfig-mode': k3s.writeKubeconfigMode,
    ...(k3s.nonrootDevices && { 'nonroot-devices': true }),
    ...(oidc && {
      'kube-apiserver-arg': [
        `oidc-issuer-url=${oidc.issuerUrl}`,
        `oidc-client-id=${oidc.clientId}`,
        'oidc-username-claim=email',
        'oidc-username-prefix=oidc:',
        'oidc-groups-claim=groups',
        'oidc-groups-prefix=oidc:',
      ],
    }),
  };
}
