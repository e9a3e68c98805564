/**
 * Which fields of an environment's spec a generated file of `clusters/<env>/` (or one key of it)
 * is made from: what `check` names when a file differs, since synth overwrites a hand edit and
 * the change belongs in `environments/<env>.ts`. Kept beside paths.ts, whose paths these are.
 */

/** Where the names a path holds sit in the spec: what turns a node, layer or app folder into its index. */
export interface OwnerIndex {
  /** `nodes[].name`, in the spec's order. */
  readonly nodes: readonly string[];
  /** `flux.layers[].name`, in the spec's order. */
  readonly layers: readonly string[];
  /** `apps[]`, in the spec's order: the folder each renders into. */
  readonly apps: readonly { readonly name: string; readonly layer: string }[];
  /** A component's folder under its layer → the spec fields it is built from (its section, its pins). */
  readonly components: ReadonlyMap<string, readonly string[]>;
}

/** The fields of one row; none where the path names nothing the spec holds (an unknown node or folder). */
type Fields = (groups: readonly string[], index: OwnerIndex) => readonly string[] | undefined;

export interface OwnerRow {
  /** Matched against the path relative to `clusters/<env>/`; its groups go to `fields`. */
  readonly file: RegExp;
  readonly fields: Fields;
  /** A changed key of the file (`tls-san`, `spec.values`) → the fields that key alone comes from. @default the file's */
  readonly keys?: Readonly<Record<string, Fields>>;
}

const at = (list: readonly string[], name: string | undefined) => list.indexOf(name ?? '');
const node = (groups: readonly string[], index: OwnerIndex) => {
  const i = at(index.nodes, groups[0]);
  return i === -1 ? undefined : `nodes[${i}]`;
};
const layer = (groups: readonly string[], index: OwnerIndex) => {
  const i = at(index.layers, groups[0]);
  return i === -1 ? undefined : `flux.layers[${i}]`;
};
/** A field of the node the path names (`nodes[1].ip`), with `more` beside it. */
const ofNode = (suffix: string, ...more: readonly string[]): Fields => (g, i) => {
  const n = node(g, i);
  return n === undefined ? undefined : [`${n}.${suffix}`, ...more];
};
const app = (groups: readonly string[], index: OwnerIndex) => {
  const i = index.apps.findIndex((a) => a.layer === groups[0] && a.name === groups[1]);
  return i === -1 ? undefined : `apps[${i}]`;
};
/** The fields, where the path's name was found. */
const within = (found: string | undefined, ...fields: readonly string[]) => (found === undefined ? undefined : [found, ...fields]);
const fixed = (...fields: readonly string[]): Fields => () => fields;

/** A node's k3s config key → its fields (k3s-config.ts writes these keys). */
export const K3S_CONFIG_KEYS: Readonly<Record<string, Fields>> = {
  // tls-san: the founder's IP, the VIP, 127.0.0.1 and every other server, planned ones too (resolve.ts).
  'tls-san': fixed('controlPlane.vip', 'nodes[*].ip'),
  'node-ip': ofNode('ip'),
  'cluster-init': ofNode('founder', 'k3s.datastore'),
  server: fixed('nodes[*].founder', 'nodes[*].ip', 'controlPlane.apiPort'),
  'token-file': ofNode('founder'),
  'https-listen-port': fixed('controlPlane.apiPort'),
  'data-dir': fixed('k3s.dataDir'),
  'flannel-backend': fixed('cilium'),
  'disable-kube-proxy': fixed('cilium'),
  'disable-network-policy': fixed('cilium'),
  disable: fixed('k3s.disable'),
  'write-kubeconfig-mode': fixed('k3s.writeKubeconfigMode'),
  'nonroot-devices': fixed('k3s.nonrootDevices'),
  'kube-apiserver-arg': fixed('k3s.oidc'),
};

/** A chart's values and version in its release and source: the fields that set them, for a component's or an app's folder. */
const releaseKeys = (values: Fields, version: Fields): Readonly<Record<string, Fields>> => ({
  'spec.values': values,
  // HelmRelease's chart (a HelmRepository's version), OCIRepository's tag, a k3s HelmChart's version.
  'spec.chart': version,
  'spec.ref': version,
  'spec.version': version,
});

const appFields: Fields = (g, i) => within(app(g, i));
const componentFields: Fields = (g, i) => i.components.get(g[1] ?? '');

/** First match wins: the specific paths before the folders that hold them. */
export const OWNER_ROWS: readonly OwnerRow[] = [
  { file: /^bootstrap\/nodes\/([^/]+)\/config\.yaml$/, fields: (g, i) => within(node(g, i), 'k3s'), keys: K3S_CONFIG_KEYS },
  { file: /^bootstrap\/kube-vip\.yaml$/, fields: fixed('controlPlane', 'versions.images.kubeVip') },
  // Byte for byte the Cilium HelmRelease's values.
  { file: /^bootstrap\/cilium-values\.yaml$/, fields: fixed('cilium') },
  { file: /^bootstrap\/flux-instance\.yaml$/, fields: fixed('flux', 'versions.flux') },
  { file: /^terraform\//, fields: fixed('infrastructure', 'nodes') },
  { file: /^kubernetes\/flux-system\/verify-inspector\//, fields: () => undefined },
  { file: /^kubernetes\/flux-system\//, fields: fixed('flux', 'versions.flux', 'versions.charts.fluxOperator') },
  { file: /^kubernetes\/kustomization\.yaml$/, fields: fixed('flux.layers') },
  { file: /^kubernetes\/([^/]+)\.yaml$/, fields: (g, i) => within(layer(g, i)) },
  { file: /^kubernetes\/([^/]+)\/namespaces\//, fields: (g, i) => within(layer(g, i) && `${layer(g, i)}.namespaces`, 'apps[*].namespace') },
  { file: /^kubernetes\/([^/]+)\/kustomization\.yaml$/, fields: (g, i) => within(layer(g, i)) },
  {
    file: /^kubernetes\/([^/]+)\/([^/]+)\//,
    fields: (g, i) => appFields(g, i) ?? componentFields(g, i),
    keys: releaseKeys(
      (g, i) => within(app(g, i) && `${app(g, i)}.helm.values`) ?? componentFields(g, i),
      (g, i) => within(app(g, i) && `${app(g, i)}.helm.version`) ?? componentFields(g, i)?.filter((f) => f.startsWith('versions.')),
    ),
  },
];

/** The copy of a declared secret's encrypted source: changed with `secrets set`, never in the tree. */
const SECRET_COPY = /^kubernetes\/[^/]+\/[^/]+\/secret\.([^.]+)\.(.+)\.sops\.yaml$/;

/** What owns a changed file: fields of the spec by key, the secret source it copies, or nothing known. */
export type FileOwner =
  | { readonly kind: 'fields'; readonly keys: readonly { readonly key?: string; readonly fields: readonly string[] }[] }
  | { readonly kind: 'secret'; readonly namespace: string; readonly name: string }
  | { readonly kind: 'unknown' };

/**
 * The owner of `rel` (relative to `clusters/<env>/`), by the keys that changed in it: each key
 * with a row of its own is named with its fields; the file's fields answer for the rest.
 */
export function ownerOf(rel: string, changedKeys: readonly string[], index: OwnerIndex, rows: readonly OwnerRow[] = OWNER_ROWS): FileOwner {
  const secret = SECRET_COPY.exec(rel);
  if (secret) return { kind: 'secret', namespace: secret[1]!, name: secret[2]! };
  for (const row of rows) {
    const match = row.file.exec(rel);
    if (!match) continue;
    const groups = match.slice(1);
    const whole = row.fields(groups, index);
    const keyed = changedKeys.flatMap((key) => {
      const fields = row.keys?.[key]?.(groups, index);
      return fields === undefined || fields.length === 0 ? [] : [{ key, fields }];
    });
    const rest = changedKeys.length === 0 || keyed.length < changedKeys.length;
    const keys = [...keyed, ...(rest && whole !== undefined && whole.length > 0 ? [{ fields: whole }] : [])];
    return keys.length === 0 ? { kind: 'unknown' } : { kind: 'fields', keys };
  }
  return { kind: 'unknown' };
}
