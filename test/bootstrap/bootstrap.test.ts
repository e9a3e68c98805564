import { describe, expect, it } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { dev } from '../fixtures/fleet/dev';
import { prod } from '../fixtures/fleet/prod';
import { toYaml } from '../../src/tree/yaml';
import { fiveServersTwoPlanned, singleServer } from '../fixtures/environments';
import { rendered } from '../fixtures/render';

describe('bootstrap tree', () => {
  it('writes the Cilium values byte-for-byte as the HelmRelease holds them', () => {
    for (const spec of [dev, prod, fiveServersTwoPlanned] as EnvironmentSpec[]) {
      const tree = rendered(spec);
      const layer = spec.cilium?.layer ?? 'platform';
      const release = tree.doc(`kubernetes/${layer}/cilium/helmrelease.kube-system.cilium.yaml`);
      expect(tree.text('bootstrap/cilium-values.yaml')).toBe(toYaml(release.spec.values));
    }
  });

  it('makes the founder initialise the cluster and every other server join the founder', () => {
    const tree = rendered(dev);
    expect(tree.doc('bootstrap/nodes/k3s-dev-1/config.yaml')).toMatchObject({ 'cluster-init': true, 'node-ip': '192.168.1.50' });
    expect(tree.doc('bootstrap/nodes/k3s-dev-1/config.yaml')).not.toHaveProperty('server');
    for (const name of ['k3s-dev-2', 'k3s-dev-3']) {
      const config = tree.doc(`bootstrap/nodes/${name}/config.yaml`);
      expect(config.server).toBe('https://192.168.1.50:6443');
      expect(config).not.toHaveProperty('cluster-init');
    }
  });

  it('serves the API on controlPlane.apiPort on every server, the founder included, and writes the key only off k3s\'s 6443', () => {
    const tree = rendered({ ...dev, controlPlane: { ...dev.controlPlane, apiPort: 7443 } });
    for (const name of ['k3s-dev-1', 'k3s-dev-2', 'k3s-dev-3']) expect(tree.doc(`bootstrap/nodes/${name}/config.yaml`)['https-listen-port'], name).toBe(7443);
    expect(tree.doc('bootstrap/nodes/k3s-dev-2/config.yaml').server).toBe('https://192.168.1.50:7443');
    expect(rendered(dev).doc('bootstrap/nodes/k3s-dev-1/config.yaml')).not.toHaveProperty('https-listen-port');
  });

  it('lists SANs founder, VIP, loopback first', () => {
    expect(rendered(dev).doc('bootstrap/nodes/k3s-dev-2/config.yaml')['tls-san'].slice(0, 3)).toEqual(['192.168.1.50', '192.168.1.49', '127.0.0.1']);
  });

  it('renders one live prod server with its data dir and nothing for planned servers', () => {
    const tree = rendered(prod);
    const configs = [...tree.files.keys()].filter((p) => p.endsWith('/config.yaml'));
    expect(configs).toEqual(['bootstrap/nodes/k3s-prod-1/config.yaml']);
    expect(tree.doc(configs[0]!)['data-dir']).toBe('/data/k3s');
  });

  it('carries the Cilium prerequisites and OIDC in k3s config keys', () => {
    expect(rendered(dev).doc('bootstrap/nodes/k3s-dev-3/config.yaml')).toMatchObject({
      'flannel-backend': 'none',
      'disable-kube-proxy': true,
      'disable-network-policy': true,
      // dev runs Longhorn: k3s's local-storage is off too.
      disable: ['traefik', 'servicelb', 'local-storage'],
      'write-kubeconfig-mode': '0600',
      'nonroot-devices': true,
      'kube-apiserver-arg': expect.arrayContaining(['oidc-issuer-url=https://auth.dev.home.arpa/realms/homelab', 'oidc-client-id=kubernetes', 'oidc-groups-prefix=oidc:']),
    });
  });

  it('keeps flannel and network policy without Cilium', () => {
    const config = rendered(singleServer).doc('bootstrap/nodes/solo/config.yaml');
    expect(config).not.toHaveProperty('flannel-backend');
    expect(config).not.toHaveProperty('kube-apiserver-arg');
    expect(config).toMatchObject({ 'write-kubeconfig-mode': '0600', disable: ['traefik'], 'tls-san': ['10.30.0.5'] });
  });

  it('runs kube-vip on the host network against the local apiserver, announcing the VIP', () => {
    const docs = rendered(dev).docs('bootstrap/kube-vip.yaml');
    expect(docs.map((d) => d.kind)).toEqual(['ServiceAccount', 'ClusterRole', 'ClusterRoleBinding', 'DaemonSet']);
    const pod = docs[3].spec.template.spec;
    expect(pod.hostNetwork).toBe(true);
    const env = Object.fromEntries(pod.containers[0].env.map((e: any) => [e.name, e.value]));
    expect(env).toMatchObject({
      address: '192.168.1.49',
      vip_interface: 'enp1s0',
      vip_arp: 'true',
      cp_enable: 'true',
      vip_leaderelection: 'true',
      KUBERNETES_SERVICE_HOST: '127.0.0.1',
      KUBERNETES_SERVICE_PORT: '6443',
    });
    expect(pod.containers[0].image).toMatch(/^ghcr\.io\/kube-vip\/kube-vip:v\d+\.\d+\.\d+$/);
    expect(pod.serviceAccountName).toBe(docs[0].metadata.name);
  });

  it("gives kube-vip its Node's name through the downward API (one DaemonSet serves every server)", () => {
    const pod = rendered(dev).docs('bootstrap/kube-vip.yaml')[3].spec.template.spec;
    expect(pod.containers[0].env).toContainEqual({ name: 'vip_nodename', valueFrom: { fieldRef: { fieldPath: 'spec.nodeName' } } });
  });

  it('makes the VIP holder the last pod the kubelet evicts on a server: system-node-critical, with requests', () => {
    const pod = rendered(dev).docs('bootstrap/kube-vip.yaml')[3].spec.template.spec;
    expect(pod.priorityClassName).toBe('system-node-critical');
    // Requests without limits: Burstable, so it is no longer the BestEffort pod evicted first.
    expect(pod.containers[0].resources).toEqual({ requests: { cpu: '50m', memory: '64Mi' } });
  });

  it('renders no kube-vip without a VIP', () => {
    expect(rendered(singleServer).files.has('bootstrap/kube-vip.yaml')).toBe(false);
  });

  it('writes the cold-build runbook in order VMs, cloud-init, k3s, kube-vip, VIP wait, kubeconfig, Cilium, joins, verify, Flux', () => {
    const text = rendered(dev).text('bootstrap/README.md');
    const steps = [
      '(cd ../../.. && npm run deploy -- dev --expect change=0,destroy=0)',
      "ubuntu@192.168.1.52 'sudo cloud-init status --wait >/dev/null'",
      "/etc/rancher/k3s/config.yaml' < nodes/k3s-dev-1/config.yaml",
      "/var/lib/rancher/k3s/server/manifests/kube-vip.yaml' < kube-vip.yaml",
      'sudo INSTALL_K3S_VERSION=v1.36.4+k3s1 sh k3s-install.sh server',
      'https://192.168.1.49:6443/livez',
      'install -D -m 0600 "$KUBECONFIG.new" "$KUBECONFIG"',
      'helm upgrade --install cilium oci://quay.io/cilium/charts/cilium --version 1.20.0 --namespace kube-system --values cilium-values.yaml',
      'rollout status daemonset/cilium',
      'kubectl wait --for=condition=Ready node/k3s-dev-2',
      'kubectl wait --for=condition=Ready node/k3s-dev-3',
      'helm upgrade --install flux-operator oci://ghcr.io/controlplaneio-fluxcd/charts/flux-operator --version 0.58.1',
      'kubectl apply --server-side -f flux-instance.yaml',
      'kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready',
    ];
    const positions = steps.map((s) => text.indexOf(s));
    expect(positions.every((p) => p >= 0), JSON.stringify(positions)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('fetches the join token from the founder data dir in the runbook', () => {
    expect(rendered(prod).text('bootstrap/README.md')).toContain('Planned, not rendered: k3s-prod-2 (192.168.2.11), k3s-prod-3 (192.168.2.12)');
    expect(rendered(dev).text('bootstrap/README.md')).toContain(
      "ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.50 'sudo cat /var/lib/rancher/k3s/server/token' | ssh -o StrictHostKeyChecking=accept-new -o ConnectTimeout=10 -p 22 ubuntu@192.168.1.51 'sudo install -D -m 0600 /dev/stdin /etc/rancher/k3s/cluster-token'",
    );
  });
});
