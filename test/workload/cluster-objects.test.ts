import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateName } from '../../src/model/workload';
import { toYaml } from '../../src/tree/yaml';
import { checkCelRules } from '../../src/validate/cel-check';
import { checkSchemas } from '../../src/validate/schema-check';
import { SchemaStore } from '../../src/validate/schemas';
import type { TreeObject } from '../../src/validate/tree-objects';
import { VerbatimFile } from '../../src/k8s/verbatim-file';
import { SKIP_KUBE_PROXY } from '../../src/workload/control-plane';
import { lab1 } from '../fixtures/workload-cluster';
import { KUBE_VIP, renderObjects } from './render';

const SCHEMAS = new SchemaStore(path.resolve(import.meta.dirname, '../../schemas/json'));
const asTree = (objects: any[]): TreeObject[] => objects.map((doc) => ({ env: 'mgmt', file: `${doc.kind}/${doc.metadata.name}`, doc }));
const PROVIDER_ID = [{ name: 'provider-id', value: "proxmox://'{{ ds.meta_data.instance_id }}'" }];
const KINDS = ['Cluster', 'ProxmoxCluster', 'KubeadmControlPlane', 'ProxmoxMachineTemplate', 'MachineDeployment', 'KubeadmConfigTemplate', 'MachineHealthCheck'];

describe('a workload cluster’s Cluster API objects', () => {
  const { objects, find, ofKind } = renderObjects(lab1);
  const kcp = find('KubeadmControlPlane', 'lab1-control-plane');

  it('are the CAPMOX object set, one MachineHealthCheck per machine set, and nothing else', () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(
      [
        'Cluster/lab1',
        'ProxmoxCluster/lab1',
        'KubeadmControlPlane/lab1-control-plane',
        'ProxmoxMachineTemplate/lab1-control-plane-g1',
        'MachineHealthCheck/lab1-control-plane',
        'MachineDeployment/lab1-general',
        'ProxmoxMachineTemplate/lab1-general-g2',
        'KubeadmConfigTemplate/lab1-general-g2',
        'MachineHealthCheck/lab1-general',
        'MachineDeployment/lab1-storage',
        'ProxmoxMachineTemplate/lab1-storage-g1',
        'KubeadmConfigTemplate/lab1-storage-g1',
        'MachineHealthCheck/lab1-storage',
      ].sort(),
    );
    expect(new Set(objects.map((o) => o.kind))).toEqual(new Set(KINDS));
  });

  it('are each valid against the vendored schema of its served version, and the CEL rules hold', () => {
    const { findings, validated } = checkSchemas(asTree(objects), SCHEMAS);
    expect(findings).toEqual([]);
    expect(validated).toBe(objects.length);
    expect(checkCelRules(asTree(objects))).toEqual([]);
    expect(new Set(objects.map((o) => o.apiVersion))).toEqual(
      new Set(['cluster.x-k8s.io/v1beta2', 'controlplane.cluster.x-k8s.io/v1beta2', 'bootstrap.cluster.x-k8s.io/v1beta2', 'infrastructure.cluster.x-k8s.io/v1alpha2']),
    );
  });

  it('fails the schema check when a value breaks the CRD (memoryMiB not a multiple of 8)', () => {
    const odd = { ...lab1, controlPlane: { ...lab1.controlPlane, sizes: { ...lab1.controlPlane.sizes, memoryMiB: 4100 } } };
    const { findings } = checkSchemas(asTree(renderObjects(odd).objects), SCHEMAS);
    expect(findings).toEqual([
      {
        check: 'schema',
        where: expect.stringContaining('ProxmoxMachineTemplate/lab1-control-plane-g1'),
        message: '/spec/template/spec/memoryMiB must be multiple of 8 [proxmoxmachinetemplate-infrastructure-v1alpha2.json]',
      },
    ]);
  });

  it('fails the schema check for a VLAN Proxmox cannot tag', () => {
    const { findings } = checkSchemas(asTree(renderObjects({ ...lab1, proxmox: { ...lab1.proxmox, vlan: 4095 } }).objects), SCHEMAS);
    expect(findings.map((f) => f.message)).toEqual(Array(3).fill('/spec/template/spec/network/networkDevices/0/vlan must be <= 4094 [proxmoxmachinetemplate-infrastructure-v1alpha2.json]'));
  });

  it('live in the cluster’s namespace, every one', () => {
    for (const o of objects) expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe('lab1');
  });

  it('hold no Secret, no InClusterIPPool and no stringData anywhere', () => {
    expect(objects.filter((o) => ['Secret', 'InClusterIPPool', 'GlobalInClusterIPPool'].includes(o.kind))).toEqual([]);
    expect(JSON.stringify(objects)).not.toContain('stringData');
  });

  it('point the Cluster at its ProxmoxCluster and KubeadmControlPlane, with both CIDRs explicit', () => {
    expect(find('Cluster', 'lab1').spec).toEqual({
      clusterNetwork: { pods: { cidrBlocks: ['10.244.0.0/16'] }, services: { cidrBlocks: ['10.96.0.0/12'] } },
      infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'ProxmoxCluster', name: 'lab1' },
      controlPlaneRef: { apiGroup: 'controlplane.cluster.x-k8s.io', kind: 'KubeadmControlPlane', name: 'lab1-control-plane' },
    });
  });

  it('give the ProxmoxCluster the VIP as endpoint, the ranges, prefix, gateway, DNS and nodes, and no credentialsRef: CAPMOX uses its controller-wide client', () => {
    expect(find('ProxmoxCluster', 'lab1').spec).toEqual({
      controlPlaneEndpoint: { host: '192.168.50.10', port: 6443 },
      ipv4Config: { addresses: ['192.168.50.20-192.168.50.39', '192.168.50.60-192.168.50.69'], prefix: 24, gateway: '192.168.50.1' },
      dnsServers: ['192.168.50.1', '9.9.9.9'],
      allowedNodes: ['pve1', 'pve2'],
    });
  });

  it('name every template with its generation and point the control plane and pools at the current one', () => {
    expect(ofKind('ProxmoxMachineTemplate').map((t) => t.metadata.name).sort()).toEqual(['lab1-control-plane-g1', 'lab1-general-g2', 'lab1-storage-g1']);
    expect(kcp.spec.machineTemplate.spec.infrastructureRef).toEqual({ apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'ProxmoxMachineTemplate', name: 'lab1-control-plane-g1' });
    for (const pool of lab1.workers) {
      const current = templateName('lab1', pool.name, pool.generation);
      const spec = find('MachineDeployment', `lab1-${pool.name}`).spec.template.spec;
      expect(spec.infrastructureRef).toEqual({ apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'ProxmoxMachineTemplate', name: current });
      expect(spec.bootstrap.configRef).toEqual({ apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate', name: current });
      expect(find('KubeadmConfigTemplate', current)).toBeDefined();
    }
  });

  it('bumps the names of a pool’s templates, and its references, with its generation only', () => {
    const bumped = renderObjects({ ...lab1, workers: [{ ...lab1.workers[0]!, generation: 3 }, lab1.workers[1]!] });
    expect(bumped.find('MachineDeployment', 'lab1-general').spec.template.spec.infrastructureRef.name).toBe('lab1-general-g3');
    expect(bumped.find('MachineDeployment', 'lab1-general').spec.template.spec.bootstrap.configRef.name).toBe('lab1-general-g3');
    expect(bumped.ofKind('ProxmoxMachineTemplate').map((t) => t.metadata.name).sort()).toEqual(['lab1-control-plane-g1', 'lab1-general-g3', 'lab1-storage-g1']);
  });

  it('size each machine set’s template from its own sizes, cloned in full from the cluster’s template VM', () => {
    expect(find('ProxmoxMachineTemplate', 'lab1-storage-g1').spec.template.spec).toEqual({
      sourceNode: 'pve1',
      templateID: 9135,
      format: 'qcow2',
      full: true,
      numSockets: 2,
      numCores: 2,
      memoryMiB: 16384,
      disks: { bootVolume: { disk: 'scsi0', sizeGb: 200 } },
      network: { networkDevices: [{ bridge: 'vmbr0', model: 'virtio', name: 'net0', vlan: 50 }] },
    });
  });

  it('leaves the VLAN out when the bridge is untagged', () => {
    const { vlan: _vlan, ...untagged } = lab1.proxmox;
    const { find: f } = renderObjects({ ...lab1, proxmox: untagged });
    expect(f('ProxmoxMachineTemplate', 'lab1-general-g2').spec.template.spec.network.networkDevices).toEqual([{ bridge: 'vmbr0', model: 'virtio', name: 'net0' }]);
  });

  it('runs the control plane at the cluster’s version and replicas, skipping kube-proxy, with the provider id on init and join', () => {
    expect(kcp.spec.replicas).toBe(3);
    expect(kcp.spec.version).toBe('v1.35.9');
    const config = kcp.spec.kubeadmConfigSpec;
    expect(SKIP_KUBE_PROXY).toBe('addon/kube-proxy');
    expect(config.initConfiguration.skipPhases).toEqual(['addon/kube-proxy']);
    expect(config.initConfiguration.nodeRegistration.kubeletExtraArgs).toEqual(PROVIDER_ID);
    expect(config.joinConfiguration.nodeRegistration.kubeletExtraArgs).toEqual(PROVIDER_ID);
    expect(config.users).toEqual([{ name: 'root', sshAuthorizedKeys: lab1.sshKeys }]);
  });

  it('runs kube-vip from the prepare script before kubeadm, with the VIP, port and interface of the cluster', () => {
    const config = kcp.spec.kubeadmConfigSpec;
    expect(config.preKubeadmCommands).toEqual(['/etc/kube-vip-prepare.sh']);
    expect(config.files.map((f: any) => [f.path, f.owner, f.permissions])).toEqual([
      ['/etc/kubernetes/manifests/kube-vip.yaml', 'root:root', undefined],
      ['/etc/kube-vip-prepare.sh', 'root:root', '0700'],
    ]);
    const manifest = config.files[0].content as string;
    expect(manifest).toContain(`image: ${KUBE_VIP.repository}:${KUBE_VIP.tag}\n`);
    expect(manifest).toMatch(/- name: address\n\s+value: 192\.168\.50\.10\n/);
    expect(manifest).toMatch(/- name: port\n\s+value: "6443"\n/);
    expect(manifest).toMatch(/- name: vip_interface\n\s+value: eth0\n/);
  });

  it('binds the apiserver to the endpoint’s port, which kube-vip and the ProxmoxCluster announce', () => {
    const other = renderObjects({ ...lab1, endpoint: { host: '192.168.50.10', port: 8443 } });
    const config = other.find('KubeadmControlPlane', 'lab1-control-plane').spec.kubeadmConfigSpec;
    expect(config.initConfiguration.localAPIEndpoint).toEqual({ bindPort: 8443 });
    expect(config.joinConfiguration.controlPlane.localAPIEndpoint).toEqual({ bindPort: 8443 });
    expect(config.files[0].content).toMatch(/- name: port\n\s+value: "8443"\n/);
    expect(other.find('ProxmoxCluster', 'lab1').spec.controlPlaneEndpoint).toEqual({ host: '192.168.50.10', port: 8443 });
  });

  it('runs each pool at the cluster’s version, its replicas, the provider id on join, and labelled as CAPMOX does', () => {
    const md = find('MachineDeployment', 'lab1-storage');
    expect(md.metadata.labels).toEqual({ 'cluster.x-k8s.io/cluster-name': 'lab1' });
    expect(md.spec.replicas).toBe(5);
    expect(md.spec.clusterName).toBe('lab1');
    expect(md.spec.template.spec.version).toBe('v1.35.9');
    expect(md.spec.template.metadata.labels).toEqual({ 'cluster.x-k8s.io/cluster-name': 'lab1', 'cluster.x-k8s.io/deployment-name': 'lab1-storage', 'node-role.kubernetes.io/node': '' });
    expect(md.spec.selector.matchLabels).toEqual({ 'cluster.x-k8s.io/cluster-name': 'lab1', 'cluster.x-k8s.io/deployment-name': 'lab1-storage' });
    expect(find('KubeadmConfigTemplate', 'lab1-storage-g1').spec.template.spec).toEqual({
      users: [{ name: 'root', sshAuthorizedKeys: lab1.sshKeys }],
      joinConfiguration: { nodeRegistration: { kubeletExtraArgs: PROVIDER_ID } },
    });
  });

  it('health-checks the control plane and every pool, each selecting its own Machines only', () => {
    const checks = ofKind('MachineHealthCheck');
    expect(checks.map((c) => [c.metadata.name, c.spec.clusterName, c.spec.selector.matchLabels])).toEqual([
      ['lab1-control-plane', 'lab1', { 'cluster.x-k8s.io/control-plane': '' }],
      ['lab1-general', 'lab1', { 'cluster.x-k8s.io/deployment-name': 'lab1-general' }],
      ['lab1-storage', 'lab1', { 'cluster.x-k8s.io/deployment-name': 'lab1-storage' }],
    ]);
    // A pool's check selects exactly the labels its MachineDeployment puts on its Machines.
    for (const pool of lab1.workers) {
      const labels = find('MachineDeployment', `lab1-${pool.name}`).spec.template.metadata.labels;
      const selector = find('MachineHealthCheck', `lab1-${pool.name}`).spec.selector.matchLabels;
      expect(labels).toMatchObject(selector);
    }
    for (const c of checks) {
      expect(c.spec.checks).toEqual({
        nodeStartupTimeoutSeconds: 600,
        unhealthyNodeConditions: [
          { type: 'Ready', status: 'Unknown', timeoutSeconds: 600 },
          { type: 'Ready', status: 'False', timeoutSeconds: 600 },
        ],
      });
    }
    expect(checks.map((c) => c.spec.remediation.triggerIf.unhealthyLessThanOrEqualTo)).toEqual([1, 1, 2]);
  });

  it('writes the committed files of retained generations byte for byte, beside the current ones', () => {
    const retained = [{ path: 'kubernetes/x/proxmoxmachinetemplate.lab1.lab1-general-g1.yaml', fileName: 'proxmoxmachinetemplate.lab1.lab1-general-g1.yaml', content: 'kind: ProxmoxMachineTemplate # as committed\n' }];
    const { construct, objects: again } = renderObjects(lab1, { retained });
    const files = construct.node.findAll().filter((c): c is VerbatimFile => c instanceof VerbatimFile);
    expect(files.map((f) => [f.fileName, f.content, f.listed])).toEqual([[retained[0]!.fileName, retained[0]!.content, true]]);
    expect(again).toHaveLength(objects.length);
  });

  it('render the same objects as last reviewed', () => {
    expect(Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.name}`, toYaml(o)]))).toMatchSnapshot();
  });
});
