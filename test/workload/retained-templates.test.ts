import { describe, expect, it } from 'vitest';
import type { WorkloadCluster } from '../../src/model/workload';
import { toYaml } from '../../src/tree/yaml';
import { retainedTemplates } from '../../src/workload/retained-templates';
import { lab1 } from '../fixtures/workload-cluster';
import { renderObjects } from './render';

/** A committed tree as synth lays objects out: one per file, `kind.namespace.name.yaml`, in the layer's folder. */
function committedTree(cluster: WorkloadCluster): Map<string, string> {
  return new Map(renderObjects(cluster).objects.map((o) => [`kubernetes/workload-clusters/lab1/${o.kind.toLowerCase()}.${o.metadata.namespace}.${o.metadata.name}.yaml`, toYaml(o)]));
}

const pool = (generation: number, retainedGenerations: number[]) => ({ ...lab1.workers[0]!, generation, retainedGenerations });
const withGeneral = (generation: number, retained: number[]): WorkloadCluster => ({ ...lab1, workers: [pool(generation, retained), lab1.workers[1]!] });

describe('retained template generations', () => {
  // The tree as committed while `general` was at generation 1, with a hand edit that must survive.
  const committed = committedTree(withGeneral(1, []));
  const PMT = 'kubernetes/workload-clusters/lab1/proxmoxmachinetemplate.lab1.lab1-general-g1.yaml';
  const KCT = 'kubernetes/workload-clusters/lab1/kubeadmconfigtemplate.lab1.lab1-general-g1.yaml';
  committed.set(PMT, `# committed by an older release\n${committed.get(PMT)!}`);

  it('are the committed files of both templates of a retained pool generation, byte for byte', () => {
    const { files, missing } = retainedTemplates(withGeneral(2, [1]), committed);
    expect(missing).toEqual([]);
    expect(files).toEqual([
      { path: PMT, fileName: 'proxmoxmachinetemplate.lab1.lab1-general-g1.yaml', content: committed.get(PMT) },
      { path: KCT, fileName: 'kubeadmconfigtemplate.lab1.lab1-general-g1.yaml', content: committed.get(KCT) },
    ]);
    expect(files[0]!.content.startsWith('# committed by an older release\n')).toBe(true);
  });

  it('are nothing while no generation is retained', () => {
    expect(retainedTemplates(withGeneral(2, []), committed)).toEqual({ files: [], missing: [] });
  });

  it('never copy the current generation, which the construct renders', () => {
    expect(retainedTemplates(withGeneral(1, [1]), committed)).toEqual({ files: [], missing: [] });
  });

  it('name a retained generation the committed tree does not hold, for each of its kinds', () => {
    const { files, missing } = retainedTemplates(withGeneral(3, [2]), committed);
    expect(files).toEqual([]);
    expect(missing.map((m) => [m.set.path, m.generation, m.kind, m.name])).toEqual([
      ['infrastructure.workers[0]', 2, 'ProxmoxMachineTemplate', 'lab1-general-g2'],
      ['infrastructure.workers[0]', 2, 'KubeadmConfigTemplate', 'lab1-general-g2'],
    ]);
  });

  it('keep the control plane’s machine template only: its kubeadm config is inline', () => {
    const tree = committedTree(lab1);
    const cp = { ...lab1, controlPlane: { ...lab1.controlPlane, generation: 2, retainedGenerations: [1] } };
    expect(retainedTemplates(cp, tree).files.map((f) => f.fileName)).toEqual(['proxmoxmachinetemplate.lab1.lab1-control-plane-g1.yaml']);
  });

  it('ignore an object of the same name in another namespace, or of another kind', () => {
    const tree = new Map([
      ['a/proxmoxmachinetemplate.other.lab1-general-g1.yaml', committed.get(PMT)!.replace('namespace: lab1', 'namespace: other')],
      ['a/configmap.lab1.lab1-general-g1.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: lab1-general-g1\n  namespace: lab1\n'],
    ]);
    expect(retainedTemplates(withGeneral(2, [1]), tree).files).toEqual([]);
  });
});
