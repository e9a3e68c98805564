import { describe, expect, it } from 'vitest';
import { checkCelRules } from '../../src/validate/cel-check';
import { lab1 } from '../fixtures/workload-cluster';
import { renderObjects } from '../workload/render';

/** One valid object of a workload cluster, changed by `edit`; the messages of the CEL rules it breaks. */
function broken(kind: string, name: string, edit: (doc: any) => void): string[] {
  const doc = structuredClone(renderObjects(lab1).find(kind, name));
  edit(doc);
  return checkCelRules([{ env: 'mgmt', file: 'f.yaml', doc }]).map((f) => f.message);
}

describe('the CEL rules of the Cluster API and CAPMOX CRDs', () => {
  it('hold for the objects of a workload cluster', () => {
    const { objects } = renderObjects(lab1);
    expect(checkCelRules(objects.map((doc) => ({ env: 'mgmt', file: 'f.yaml', doc })))).toEqual([]);
  });

  it.each([
    ['initConfiguration', 'KubeadmControlPlane', 'lab1-control-plane', 'spec.kubeadmConfigSpec'],
    ['joinConfiguration', 'KubeadmControlPlane', 'lab1-control-plane', 'spec.kubeadmConfigSpec'],
    ['joinConfiguration', 'KubeadmConfigTemplate', 'lab1-general-g2', 'spec.template.spec'],
  ])('fails when a kubelet argument of %s is given twice (%s)', (config, kind, name, spec) => {
    const messages = broken(kind, name, (doc) => {
      const owner = spec.split('.').reduce((v, k) => v[k], doc);
      owner[config].nodeRegistration.kubeletExtraArgs.push({ name: 'provider-id', value: 'again' });
    });
    expect(messages).toEqual([`${spec}.${config}.nodeRegistration.kubeletExtraArgs: kubeletExtraArgs name must be unique`]);
  });

  it('fails when an apiserver argument is given twice', () => {
    const messages = broken('KubeadmControlPlane', 'lab1-control-plane', (doc) => {
      doc.spec.kubeadmConfigSpec.clusterConfiguration = { apiServer: { extraArgs: [{ name: 'v', value: '1' }, { name: 'v', value: '2' }] } };
    });
    expect(messages).toEqual(['spec.kubeadmConfigSpec.clusterConfiguration.apiServer.extraArgs: extraArgs name must be unique']);
  });

  it('fails when the ProxmoxCluster has no IP config, or one without addresses', () => {
    expect(broken('ProxmoxCluster', 'lab1', (doc) => delete doc.spec.ipv4Config)).toEqual(['spec: at least one ip config must be set, either ipv4Config or ipv6Config']);
    expect(broken('ProxmoxCluster', 'lab1', (doc) => (doc.spec.ipv4Config.addresses = []))).toEqual(['spec.ipv4Config: addresses must be provided']);
  });

  it('fails when a machine template names no template VM, or one without its node', () => {
    const expected = ['spec.template.spec: must specify either templateID (with sourceNode) or templateSelector'];
    expect(broken('ProxmoxMachineTemplate', 'lab1-general-g2', (doc) => delete doc.spec.template.spec.templateID)).toEqual(expected);
    expect(broken('ProxmoxMachineTemplate', 'lab1-general-g2', (doc) => delete doc.spec.template.spec.sourceNode)).toEqual(expected);
    expect(broken('ProxmoxMachineTemplate', 'lab1-general-g2', (doc) => {
      delete doc.spec.template.spec.templateID;
      doc.spec.template.spec.templateSelector = { matchTags: ['k8s-v1.35.9'] };
    })).toEqual([]);
  });

  it('fails when a linked clone names a format or a storage, and takes an absent full for true', () => {
    expect(broken('ProxmoxMachineTemplate', 'lab1-general-g2', (doc) => (doc.spec.template.spec.full = false))).toEqual(['spec.template.spec: must set full=true when specifying format']);
    expect(broken('ProxmoxMachineTemplate', 'lab1-general-g2', (doc) => {
      doc.spec.template.spec.full = false;
      delete doc.spec.template.spec.format;
      doc.spec.template.spec.storage = 'local-lvm';
    })).toEqual(['spec.template.spec: must set full=true when specifying storage']);
    expect(broken('ProxmoxMachineTemplate', 'lab1-general-g2', (doc) => delete doc.spec.template.spec.full)).toEqual([]);
  });
});
