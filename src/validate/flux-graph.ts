import path from 'node:path';
import { CLUSTER_NAMESPACES, CLUSTER_SCOPED } from '../tree/kinds';
import { findCycle } from '../model/invariants/flux';
import type { Finding } from './findings';
import { describeObject } from './findings';
import type { EnvironmentTree, TreeObject } from './tree-objects';
import { fluxDir } from '../tree/paths';

/** Namespaces a cluster has before Flux applies anything (flux-system: created by bootstrap). */
export const SYSTEM_NAMESPACES: ReadonlySet<string> = new Set(CLUSTER_NAMESPACES);

const isFluxKustomization = (doc: Record<string, any>) => doc.apiVersion?.startsWith('kustomize.toolkit.fluxcd.io/') && doc.kind === 'Kustomization';
const ns = (o: TreeObject) => o.doc.metadata?.namespace ?? 'default';

/**
 * The Flux graph of one environment tree: paths exist and stay inside the environment, dependsOn
 * and source references resolve, no cycle, namespaces exist, and SOPS files get decrypted.
 */
export function checkFluxGraph(tree: EnvironmentTree): Finding[] {
  const findings: Finding[] = [];
  const home = fluxDir(tree.env);
  const add = (o: TreeObject, message: string) => findings.push({ check: 'flux-graph', where: `${o.file} (${describeObject(o.doc)})`, message });
  // A FluxInstance with a sync creates its source and Kustomization itself, named after its namespace.
  const synced = tree.objects
    // The tree's instance, the one Flux keeps applied (bootstrap/ holds the copy applied once).
    .filter((o) => o.doc.kind === 'FluxInstance' && o.doc.spec?.sync && o.file.startsWith(`${home}/`))
    .flatMap((o) => [{ kind: String(o.doc.spec.sync.kind), name: String(o.doc.spec.sync.name ?? ns(o)), namespace: ns(o) }, { kind: 'Kustomization', name: String(o.doc.spec.sync.name ?? ns(o)), namespace: ns(o) }]);
  const exists = (kind: string, name: string, namespace: string) =>
    tree.objects.some((o) => o.doc.kind === kind && o.doc.metadata?.name === name && ns(o) === namespace) ||
    synced.some((s) => s.kind === kind && s.name === name && s.namespace === namespace);
  const kustomizations = tree.objects.filter((o) => isFluxKustomization(o.doc));

  // A Kustomization of another source (upstream CRDs) has its path in that source, not here.
  const ofThisRepository = (o: TreeObject) => o.doc.spec?.sourceRef?.kind === 'GitRepository' && o.doc.spec?.sourceRef?.name === 'flux-system';
  for (const o of kustomizations) {
    const target = path.posix.normalize(String(o.doc.spec?.path ?? '')).replace(/\/$/, '');
    if (ofThisRepository(o)) {
      if (target !== home && !target.startsWith(`${home}/`)) add(o, `spec.path ${o.doc.spec?.path} is outside ${home}`);
      else if (![...tree.files.keys()].some((f) => f.startsWith(`${target}/`))) add(o, `spec.path ${o.doc.spec?.path} does not exist in the repository`);
    }
    for (const dep of (o.doc.spec?.dependsOn ?? []) as { name: string; namespace?: string }[]) {
      if (!kustomizations.some((k) => k.doc.metadata?.name === dep.name && ns(k) === (dep.namespace ?? ns(o)))) add(o, `dependsOn ${dep.name}: no such Kustomization in the tree`);
    }
    const ref = o.doc.spec?.sourceRef ?? {};
    if (!exists(ref.kind, ref.name, ref.namespace ?? ns(o))) add(o, `sourceRef ${ref.kind}/${ref.name} does not resolve to an object in the tree`);
    // A layer holding an encrypted file must decrypt it, or Flux applies the ciphertext.
    const nested = kustomizations.map((k) => path.posix.normalize(String(k.doc.spec?.path ?? ''))).filter((p) => p.startsWith(`${target}/`));
    const sops = [...tree.files].filter(([f, text]) => f.startsWith(`${target}/`) && !nested.some((p) => f.startsWith(`${p}/`)) && /\nsops:\n/.test(`\n${text}`));
    if (ofThisRepository(o) && sops.length > 0 && o.doc.spec?.decryption?.provider !== 'sops') add(o, `applies SOPS-encrypted ${sops[0]![0]} without decryption.provider: sops`);
  }

  const found = findCycle(kustomizations.map((k) => ({ name: String(k.doc.metadata?.name), dependsOn: ((k.doc.spec?.dependsOn ?? []) as { name: string }[]).map((d) => d.name) })));
  // Rotated to start at its smallest name, so the message does not depend on object order.
  const start = found ? found.indexOf([...found].sort()[0]!) : 0;
  const cycle = found && [...found.slice(start, -1), ...found.slice(0, start), found[start]!];
  if (cycle) findings.push({ check: 'flux-graph', where: home, message: `dependsOn cycle: ${cycle.join(' -> ')}` });

  for (const o of tree.objects.filter((x) => x.doc.kind === 'HelmRelease')) {
    const chartRef = o.doc.spec?.chartRef;
    const sourceRef = o.doc.spec?.chart?.spec?.sourceRef;
    for (const ref of [chartRef, sourceRef].filter(Boolean)) {
      if (!exists(ref.kind, ref.name, ref.namespace ?? ns(o))) add(o, `${ref === chartRef ? 'chartRef' : 'chart.spec.sourceRef'} ${ref.kind}/${ref.name} does not resolve to an object in the tree`);
    }
  }

  const created = new Set([...SYSTEM_NAMESPACES, ...tree.objects.filter((o) => o.doc.kind === 'Namespace').map((o) => String(o.doc.metadata?.name))]);
  for (const o of tree.objects.filter((x) => x.file.includes('/kubernetes/') && !CLUSTER_SCOPED.has(x.doc.kind))) {
    if (!created.has(ns(o))) add(o, `namespace ${ns(o)} is neither created in the tree nor a system namespace`);
  }
  return findings;
}
