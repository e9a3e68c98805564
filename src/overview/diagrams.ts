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
/** How a change marks a server or an address in the picture; `changed` is anything else it touches. */
export type Mark = 'added' | 'rebuilt' | 'restarted' | 'changed';

/** Each mark's colour and the words its legend gives it. */
const MARKS: Readonly<Record<Mark, { readonly style: string; readonly legend: string }>> = {
  added: { style: 'fill:#bbf7d0,stroke:#15803d,stroke-width:2px', legend: 'new server' },
  rebuilt: { style: 'fill:#fecaca,stroke:#b91c1c,stroke-width:2px', legend: 'rebuilt (k3s starts anew)' },
  restarted: { style: 'fill:#bfdbfe,stroke:#1d4ed8,stroke-width:2px', legend: 'k3s restarts' },
  changed: { style: 'fill:#fde68a,stroke:#b45309,stroke-width:2px', legend: 'changed' },
};
const CHANGED = `classDef changed ${MARKS.changed.style}`;

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

/**
 * The servers behind the VIP, the ingress VIP, on their subnet; `marks` names what a change does to
 * each (a server by name, `vip`, `ingress`), drawn in its colour with a legend of the marks drawn.
 */
export function environmentDiagram(picture: Picture, marks: ReadonlyMap<string, Mark> = new Map()): string {
  const lines = ['flowchart LR'];
  const subnet = picture.subnet ? `subnet ${picture.subnet}` : 'node network';
  lines.push(`  subgraph net[${label(subnet)}]`);
  for (const s of picture.servers) lines.push(`    ${id('n', s.name)}[${label(`${s.name}<br/>${s.ip}${s.founder ? ' (founder)' : ''}`)}]`);
  if (picture.vip) lines.push(`    vip((${label(`VIP ${picture.vip}`)}))`);
  if (picture.ingressVip) lines.push(`    ingress((${label(`ingress ${picture.ingressVip}`)}))`);
  lines.push('  end');
  for (const s of picture.servers) if (picture.vip) lines.push(`  vip --> ${id('n', s.name)}`);
  if (picture.ingressVip) lines.push(`  ingress -.-> ${picture.servers.length > 0 ? id('n', picture.servers[0]!.name) : 'net'}`);
  const drawn = [...marks]
    .map(([c, mark]) => [c === 'vip' || c === 'ingress' ? c : id('n', c), mark] as const)
    .filter(([c]) => lines.some((l) => l.includes(`${c}[`) || l.includes(`${c}((`)));
  const used = (Object.keys(MARKS) as Mark[]).filter((m) => drawn.some(([, mark]) => mark === m));
  // A legend only where more than the one yellow of `changed` is drawn: its colours say nothing alone.
  if (used.some((m) => m !== 'changed')) {
    lines.push('  subgraph legend["legend"]', ...used.map((m) => `    key_${m}[${label(MARKS[m].legend)}]`), '  end');
  }
  for (const m of used) {
    const members = [...drawn.filter(([, mark]) => mark === m).map(([c]) => c), ...(used.some((u) => u !== 'changed') ? [`key_${m}`] : [])];
    lines.push(`  classDef ${m} ${MARKS[m].style}`, `  class ${members.join(',')} ${m}`);
  }
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
