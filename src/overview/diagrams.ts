import { isFounder, serverConfigs } from '../bootstrap/day-two';
import { treeDocuments } from '../tree/documents';

// Mermaid pictures of an environment, read from its tree alone (so a review can draw the base and
// the head alike): the servers behind the VIP on their subnet, and the Flux layer graph.

/** What the environment picture shows. */
export interface Picture {
  readonly subnet?: string;
  readonly vip?: string;
  readonly ingressVip?: string;
  readonly servers: readonly { readonly name: string; readonly ip: string; readonly founder: boolean }[];
}

/** A layer and the layers it waits for. */
export interface Layer {
  readonly name: string;
  readonly dependsOn: readonly string[];
  readonly suspend: boolean;
}

const id = (prefix: string, name: string) => `${prefix}_${name.replace(/[^A-Za-z0-9]/g, '_')}`;
const label = (text: string) => `"${text.replace(/"/g, '#quot;')}"`;
const CHANGED = 'classDef changed fill:#fde68a,stroke:#b45309,stroke-width:2px';

/** The servers of a tree, from their k3s configs (the founder is the one that joins nobody). */
export function serversOf(files: ReadonlyMap<string, string>): Picture['servers'] {
  return [...serverConfigs(files)].map(([name, config]) => ({ name, ip: String(config['node-ip'] ?? ''), founder: isFounder(config) }));
}

/** The Flux layers of a tree, from the layer Kustomizations at its root. */
export function layersOf(files: ReadonlyMap<string, string>): Layer[] {
  return [...files.keys()]
    .filter((path) => /^kubernetes\/[^/]+\.yaml$/.test(path) && path !== 'kubernetes/kustomization.yaml')
    .map((path) => treeDocuments(files, path)[0] as { metadata?: { name?: string }; spec?: { dependsOn?: { name: string }[]; suspend?: boolean } })
    .map((doc) => ({ name: String(doc.metadata?.name), dependsOn: (doc.spec?.dependsOn ?? []).map((d) => d.name), suspend: doc.spec?.suspend === true }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** The servers behind the VIP, the ingress VIP, on their subnet; `changed` names what to highlight. */
export function environmentDiagram(picture: Picture, changed: ReadonlySet<string> = new Set()): string {
  const lines = ['flowchart LR'];
  const subnet = picture.subnet ? `subnet ${picture.subnet}` : 'node network';
  lines.push(`  subgraph net[${label(subnet)}]`);
  for (const s of picture.servers) lines.push(`    ${id('n', s.name)}[${label(`${s.name}<br/>${s.ip}${s.founder ? ' (founder)' : ''}`)}]`);
  if (picture.vip) lines.push(`    vip((${label(`VIP ${picture.vip}`)}))`);
  if (picture.ingressVip) lines.push(`    ingress((${label(`ingress ${picture.ingressVip}`)}))`);
  lines.push('  end');
  for (const s of picture.servers) if (picture.vip) lines.push(`  vip --> ${id('n', s.name)}`);
  if (picture.ingressVip) lines.push(`  ingress -.-> ${picture.servers.length > 0 ? id('n', picture.servers[0]!.name) : 'net'}`);
  const marked = [...changed].map((c) => (c === 'vip' || c === 'ingress' ? c : id('n', c))).filter((c) => lines.some((l) => l.includes(`${c}[`) || l.includes(`${c}((`)));
  if (marked.length > 0) lines.push(`  ${CHANGED}`, `  class ${marked.join(',')} changed`);
  return lines.join('\n');
}

/** The Flux layers in dependency order (a layer points at the layers that wait for it). */
export function layerDiagram(layers: readonly Layer[], changed: ReadonlySet<string> = new Set()): string {
  const lines = ['flowchart TD'];
  for (const l of layers) lines.push(`  ${id('l', l.name)}[${label(`${l.name}${l.suspend ? ' (suspended)' : ''}`)}]`);
  for (const l of layers) for (const d of l.dependsOn) lines.push(`  ${id('l', d)} --> ${id('l', l.name)}`);
  const marked = layers.filter((l) => changed.has(l.name)).map((l) => id('l', l.name));
  if (marked.length > 0) lines.push(`  ${CHANGED}`, `  class ${marked.join(',')} changed`);
  return lines.join('\n');
}

/** A Mermaid block for Markdown. */
export const mermaid = (diagram: string) => ['```mermaid', diagram, '```'].join('\n');
