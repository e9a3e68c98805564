import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { edit, npmRun, packedToolReady, removeScaffold, run, scaffold, write } from './scaffold';

// "Adding a workload cluster" (docs/guides/workload-clusters.md), followed in a fleet written by the packed package's
// init: its environment turned into a management cluster, a workload cluster beside it, both
// secrets written with the secrets command, then synth, check and validate as the fleet's CI runs them.
let fleet: string;
const synthOut: { code: number | null; stdout: string; stderr: string } = { code: null, stdout: '', stderr: '' };

const WORKLOAD = `import type { EnvironmentSpec } from 'k3s-gitops-synth';
import { ageRecipients } from './age-recipients';

export const lab1 = {
  name: 'lab1',
  baseDomain: 'lab1.example.test',
  network: { subnet: '10.46.0.0/24', gateway: '10.46.0.1', dns: ['10.46.0.1'] },
  controlPlane: { vip: '10.46.0.40' },
  cilium: {},
  infrastructure: {
    kind: 'cluster-api',
    management: 'mgmt',
    kubernetes: 'v1.35.9',
    controlPlane: { replicas: 3, machine: { cores: 2, memoryMiB: 4096, diskGiB: 40 } },
    workers: [{ name: 'workers', replicas: 2, machine: { cores: 4, memoryMiB: 8192, diskGiB: 80 } }],
    proxmox: { sourceNode: 'pve1', templates: { 'v1.35.9': 9035 }, bridge: 'vmbr0' },
    addresses: { first: '10.46.0.41', last: '10.46.0.49' },
    podCidr: '10.244.0.0/16',
    serviceCidr: '10.96.0.0/12',
    sshKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPn92TQaUC0oCcUST+8UTcUKRu4U/o8YmX4uB8rlpzh0 ops@example.test'],
  },
  sops: { ageRecipients: ageRecipients.lab1 },
  flux: {
    url: 'https://git.example.test/ops/fleet.git',
    layers: [{ name: 'gateway-api' }, { name: 'platform', dependsOn: ['gateway-api'] }, { name: 'network', dependsOn: ['platform'] }],
  },
} satisfies EnvironmentSpec;
`;

beforeAll(async () => {
  await packedToolReady();
  fleet = scaffold('fleet-workload-', ['--name', 'mgmt', '--subnet', '10.46.0.0/24', '--vip', '10.46.0.10']);
  // The management environment: Cluster API's providers and the layer its workload clusters go into.
  edit(fleet, 'environments/mgmt.ts', (t) =>
    t
      .replace("import type { EnvironmentSpec } from 'k3s-gitops-synth';", "import type { EnvironmentSpec } from 'k3s-gitops-synth';\nimport { versions } from 'k3s-gitops-synth';\n\nconst { capiProviders } = versions;")
      .replace('  defaultDeny: {},\n', `  defaultDeny: {},
  clusterApi: {
    providers: [
      { kind: 'CoreProvider', name: 'cluster-api', namespace: 'capi-system', ...capiProviders.clusterApi },
      { kind: 'BootstrapProvider', name: 'kubeadm', namespace: 'capi-kubeadm-bootstrap-system', ...capiProviders.kubeadmBootstrap },
      { kind: 'ControlPlaneProvider', name: 'kubeadm', namespace: 'capi-kubeadm-control-plane-system', ...capiProviders.kubeadmControlPlane },
      { kind: 'InfrastructureProvider', name: 'proxmox', namespace: 'capmox-system', ...capiProviders.proxmox, configSecret: { name: 'capmox-variables', keys: ['PROXMOX_URL', 'PROXMOX_TOKEN', 'PROXMOX_SECRET'] } },
      { kind: 'IPAMProvider', name: 'in-cluster', namespace: 'capi-ipam-in-cluster-system', ...capiProviders.ipamInCluster },
    ],
    proxmoxNodes: ['pve1'],
  },
`)
      .replace("      { name: 'apps', dependsOn: ['network'] },", `      { name: 'apps', dependsOn: ['network'] },
      { name: 'cert-manager', dependsOn: ['network'], wait: false },
      { name: 'capi-operator', dependsOn: ['cert-manager'], wait: false },
      { name: 'capi-providers', dependsOn: ['capi-operator'] },
      { name: 'capi-clusters', dependsOn: ['capi-providers'], wait: false },`),
  );
  write(fleet, 'environments/lab1.ts', WORKLOAD);
  edit(fleet, 'environments/index.ts', (t) => t.replace("import { mgmt } from './mgmt';", "import { mgmt } from './mgmt';\nimport { lab1 } from './lab1';").replace('[mgmt]', '[mgmt, lab1]'));
  edit(fleet, 'environments/age-recipients.ts', (t) => t.replace(/(\n\s*mgmt: \[[^\]]*\],)/, '$1\n  lab1: [],'));
  for (const env of ['mgmt', 'lab1']) {
    const init = npmRun(fleet, 'secrets', 'init', env);
    if (init.code !== 0) throw new Error(`secrets init ${env}: ${init.stderr}`);
  }
  const identity = npmRun(fleet, 'secrets', 'set', 'lab1', 'flux-system/sops-age', '--file', 'age.agekey=.age/lab1.agekey');
  if (identity.code !== 0) throw new Error(`secrets set sops-age: ${identity.stderr}`);
  const credentials = run(fleet, 'npm', ['run', '-s', 'secrets', '--', 'set', 'mgmt', 'capmox-system/capmox-variables', '--env-file', '-'], 'PROXMOX_URL=https://pve1.example.test:8006/\nPROXMOX_TOKEN=capi@pve!lab1\nPROXMOX_SECRET=not-a-real-secret\n');
  if (credentials.code !== 0) throw new Error(`secrets set credentials: ${credentials.stderr}`);
  Object.assign(synthOut, npmRun(fleet, 'synth'));
}, 300_000);
afterAll(() => removeScaffold(fleet));

const read = (rel: string) => fs.readFileSync(path.join(fleet, rel), 'utf8');

describe('a workload cluster in a fleet', () => {
  it("synth writes its Cluster API objects into mgmt's tree and its own tree beside", () => {
    expect(synthOut.stderr.split('\n').filter((l) => l.startsWith('error'))).toEqual([]);
    expect(synthOut.code).toBe(0);
    const folder = 'clusters/mgmt/kubernetes/capi-clusters/lab1';
    for (const file of ['cluster.default.lab1.yaml', 'kubeadmcontrolplane.default.lab1-control-plane.yaml', 'machinedeployment.default.lab1-workers.yaml', 'releases/helmrelease.default.lab1-cilium.yaml']) {
      expect(fs.existsSync(path.join(fleet, folder, file)), file).toBe(true);
    }
    expect(YAML.parse(read(`${folder}/kubeadmcontrolplane.default.lab1-control-plane.yaml`)).spec.version).toBe('v1.35.9');
    expect(fs.existsSync(path.join(fleet, 'clusters/lab1/kubernetes/kustomization.yaml'))).toBe(true);
    expect(fs.existsSync(path.join(fleet, 'clusters/lab1/bootstrap'))).toBe(false);
    expect(fs.existsSync(path.join(fleet, 'clusters/lab1/terraform'))).toBe(false);
  });

  it("encrypts the workload's SOPS identity to mgmt, which delivers it, and nowhere in its own tree", () => {
    const recipients = (rel: string) => (YAML.parse(read(rel)).sops.age as { recipient: string }[]).map((a) => a.recipient);
    expect(recipients('secrets/lab1/flux-system.sops-age.sops.yaml')).toEqual(recipients('secrets/mgmt/capmox-system.capmox-variables.sops.yaml'));
    expect(read('clusters/mgmt/kubernetes/capi-clusters/lab1/workload/secret.flux-system.sops-age.sops.yaml')).toBe(read('secrets/lab1/flux-system.sops-age.sops.yaml'));
    expect(read('.sops.yaml')).toContain('secrets/lab1/flux-system\\.sops-age\\.sops\\.yaml');
  });

  it('passes check and validate, as the fleet CI runs them', () => {
    const check = npmRun(fleet, 'check');
    expect(check.stderr.split('\n').filter((l) => l.startsWith('error'))).toEqual([]);
    expect(check.code).toBe(0);
    const validate = npmRun(fleet, 'validate');
    expect(validate.stdout + validate.stderr).not.toMatch(/^error/m);
    expect(validate.code).toBe(0);
  });
});
