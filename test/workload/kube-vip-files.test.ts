import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseYamlDocuments } from '../../src/tree/yaml';
import { checkSchemas } from '../../src/validate/schema-check';
import { SchemaStore } from '../../src/validate/schemas';
import { KUBE_VIP_PREPARE_SCRIPT } from '../../src/workload/kube-vip-prepare';
import { kubeVipFiles, kubeVipManifest } from '../../src/workload/kube-vip-files';
import { lab1 } from '../fixtures/workload-cluster';
import { KUBE_VIP } from './render';

const SCHEMAS = new SchemaStore(path.resolve(import.meta.dirname, '../../schemas/json'));
/** What the prepare script's sed does to the manifest on the node that runs `kubeadm init`. */
const SED_FROM = 'path: /etc/kubernetes/admin.conf';
const SED_TO = 'path: /etc/kubernetes/super-admin.conf';

describe('kube-vip on the control plane', () => {
  const manifest = kubeVipManifest(lab1, KUBE_VIP);
  const pod = parseYamlDocuments(manifest)[0] as any;

  it('is a valid Pod, on the host network, in kube-system', () => {
    expect(checkSchemas([{ env: 'lab1', file: 'kube-vip.yaml', doc: pod }], SCHEMAS)).toEqual({ findings: [], validated: 1 });
    expect(pod).toMatchObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'kube-vip', namespace: 'kube-system' }, spec: { hostNetwork: true } });
  });

  it('holds the VIP by ARP with leader election, as CAPMOX’s template configures it', () => {
    const env = Object.fromEntries(pod.spec.containers[0].env.map((e: any) => [e.name, e.value]));
    expect(env).toEqual({
      cp_enable: 'true',
      vip_interface: 'eth0',
      address: '192.168.50.10',
      port: '6443',
      vip_arp: 'true',
      vip_leaderelection: 'true',
      vip_leaseduration: '15',
      vip_renewdeadline: '10',
      vip_retryperiod: '2',
    });
    expect(pod.spec.containers[0].image).toBe('ghcr.io/kube-vip/kube-vip:v1.0.1');
    expect(pod.spec.containers[0].securityContext).toEqual({ capabilities: { add: ['NET_ADMIN', 'NET_RAW'] } });
  });

  it('lets kube-vip pick the default route’s interface when the cluster names none', () => {
    const env = (parseYamlDocuments(kubeVipManifest({ ...lab1, vipInterface: '' }, KUBE_VIP))[0] as any).spec.containers[0].env;
    expect(env).toContainEqual({ name: 'vip_interface', value: '' });
  });

  it('mounts the admin kubeconfig with exactly one line the prepare script rewrites to super-admin.conf', () => {
    expect(manifest.split('\n').filter((line) => line.includes(SED_FROM))).toEqual([`        ${SED_FROM}`]);
    const initNode = parseYamlDocuments(manifest.replace(SED_FROM, SED_TO))[0] as any;
    expect(initNode.spec.volumes).toEqual([{ name: 'kubeconfig', hostPath: { path: '/etc/kubernetes/super-admin.conf', type: 'FileOrCreate' } }]);
    expect(initNode.spec.containers[0].volumeMounts).toEqual([{ name: 'kubeconfig', mountPath: '/etc/kubernetes/admin.conf' }]);
    expect(KUBE_VIP_PREPARE_SCRIPT).toContain(`sed -i 's#${SED_FROM}#${SED_TO}#'`);
  });

  it('prepares it with CAPMOX v0.9.0’s script byte for byte', () => {
    // sha256 of the `/etc/kube-vip-prepare.sh` content of CAPMOX v0.9.0 templates/cluster-template.yaml
    // (eb2360a7, lines 113–155, as the YAML block scalar reads).
    expect(createHash('sha256').update(KUBE_VIP_PREPARE_SCRIPT).digest('hex')).toBe('263b78f985092fa86270ce3ad23965f64ef59596f7b59e39011f2cc6cc21ac57');
  });

  it('fits both files into what a kubeadm file may hold', () => {
    // KubeadmControlPlane v1beta2 `files[].content`: maxLength 10240.
    for (const file of kubeVipFiles(lab1, KUBE_VIP)) expect(file.content.length, file.path).toBeLessThan(10240);
  });
});
