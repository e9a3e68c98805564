import path from 'node:path';
import type { MachineSet, WorkloadCluster } from '../model/workload';
import { templateName } from '../model/workload';
import { parseYamlDocuments } from '../tree/yaml';

/** A committed file of a retained template generation, to be written again byte for byte. */
export interface RetainedTemplateFile {
  /** Its path in the committed tree, as the caller's map keys it. */
  readonly path: string;
  /** Its file name, for a VerbatimFile in the folder the current generation is written to. */
  readonly fileName: string;
  readonly content: string;
}

/** A retained generation the committed tree does not hold: nothing to copy, and nothing may be invented. */
export interface MissingTemplate {
  readonly set: MachineSet;
  readonly generation: number;
  readonly kind: TemplateKind;
  readonly name: string;
}

export type TemplateKind = 'ProxmoxMachineTemplate' | 'KubeadmConfigTemplate';

/** The templates a machine set has per generation: the control plane's kubeadm config is inline in its KubeadmControlPlane. */
export const templateKinds = (cluster: WorkloadCluster, set: MachineSet): readonly TemplateKind[] =>
  set === cluster.controlPlane ? ['ProxmoxMachineTemplate'] : ['ProxmoxMachineTemplate', 'KubeadmConfigTemplate'];

const isTemplate = (doc: any, kind: TemplateKind, name: string, namespace: string): boolean =>
  doc?.kind === kind && doc?.metadata?.name === name && doc?.metadata?.namespace === namespace;

/**
 * The committed files of every retained template generation of a cluster (`retainedGenerations`
 * of its control plane and pools, the current generation aside), found by kind, name and
 * namespace wherever the committed tree holds them. Templates are immutable upstream and a
 * retained generation is what running Machines were made from, so it is copied as committed,
 * never rebuilt from today's model; one the tree lacks is reported as missing.
 * `committed`: the management environment's committed tree, path → text (one object per file).
 */
export function retainedTemplates(cluster: WorkloadCluster, committed: ReadonlyMap<string, string>): { files: RetainedTemplateFile[]; missing: MissingTemplate[] } {
  const files: RetainedTemplateFile[] = [];
  const missing: MissingTemplate[] = [];
  const yamlFiles = [...committed].filter(([file]) => /\.ya?ml$/.test(file)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const set of [cluster.controlPlane, ...cluster.workers]) {
    const generations = [...new Set(set.retainedGenerations)].filter((g) => g !== set.generation).sort((a, b) => a - b);
    for (const generation of generations) {
      const name = templateName(cluster.name, set.name, generation);
      for (const kind of templateKinds(cluster, set)) {
        // A file holds one object; a cheap text test first, the parse only where the name occurs.
        const found = yamlFiles.find(([, text]) => {
          if (!text.includes(name)) return false;
          const docs = parseYamlDocuments(text).filter((d) => d !== null);
          return docs.length === 1 && isTemplate(docs[0], kind, name, cluster.namespace);
        });
        if (found) files.push({ path: found[0], fileName: path.posix.basename(found[0]), content: found[1] });
        else missing.push({ set, generation, kind, name });
      }
    }
  }
  return { files, missing };
}
