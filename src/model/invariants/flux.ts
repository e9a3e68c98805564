import { distinct, duplicates } from '../duplicates';
import type { Environment, FluxLayer } from '../resolve';
import type { Finding, FixAction, Rule } from '../violation';

// Go duration as Flux parses it: 1m, 10m0s, 1h30m.
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/;
const LAYER_NAME = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

const layerPath = (env: Environment, name: string) =>
  `flux.layers[${env.flux.layers.findIndex((l) => l.name === name)}]`;

/** Every layer `layer` depends on, directly or through others (missing layers are not followed). */
export function layersBefore(env: Pick<Environment, 'flux'>, layer: string): Set<string> {
  const seen = new Set<string>();
  const walk = (name: string) => {
    for (const dep of env.flux.layers.find((l) => l.name === name)?.dependsOn ?? []) {
      if (!seen.has(dep)) {
        seen.add(dep);
        walk(dep);
      }
    }
  };
  walk(layer);
  return seen;
}

/**
 * The fix that makes layer `layer` depend on layer `dep` as well, or undefined where that would
 * close a cycle (flux.dependency-cycle would refuse it) or either layer is missing.
 */
export function dependOn(env: Pick<Environment, 'flux'>, layer: string, dep: string): FixAction | undefined {
  const i = env.flux.layers.findIndex((l) => l.name === layer);
  if (i < 0 || !env.flux.layers.some((l) => l.name === dep)) return undefined;
  const dependsOn = [...env.flux.layers[i]!.dependsOn, dep];
  return findCycle(env.flux.layers.map((l, j) => (j === i ? { ...l, dependsOn } : l))) ? undefined : { set: `flux.layers[${i}].dependsOn`, to: dependsOn };
}

/** `{ action }` when there is one, to spread into a finding. */
export const withAction = (action: FixAction | undefined): { action?: FixAction } => (action === undefined ? {} : { action });

/** The fix of a dependency on a missing layer: the layers that could stand in its place without a duplicate or a cycle. */
function dependencyFix(env: Environment, layer: FluxLayer): string {
  const candidates = distinct(env.flux.layers.map((o) => o.name)).filter((n) => n !== layer.name && !layer.dependsOn.includes(n) && !layersBefore(env, n).has(layer.name));
  return candidates.length > 0 ? `use one of: ${candidates.join(', ')}, or remove it` : 'remove it: every other layer is listed already or depends on this one';
}

/**
 * Returns the names on one dependency cycle (first name repeated last), or undefined when the graph
 * is acyclic. A dependency on a missing layer is reported by its own rule, not followed here.
 */
export function findCycle(layers: readonly Pick<FluxLayer, 'name' | 'dependsOn'>[]): string[] | undefined {
  const byName = new Map(layers.map((l) => [l.name, l]));
  // Layers whose every path is known to be acyclic: each is walked once, so the check stays linear.
  const done = new Set<string>();
  const visit = (name: string, path: readonly string[]): string[] | undefined => {
    if (path.includes(name)) return [...path.slice(path.indexOf(name)), name];
    if (done.has(name)) return undefined;
    for (const dep of byName.get(name)?.dependsOn ?? []) {
      const cycle = visit(dep, [...path, name]);
      if (cycle) return cycle;
    }
    done.add(name);
    return undefined;
  };
  for (const layer of layers) {
    const cycle = visit(layer.name, []);
    if (cycle) return cycle;
  }
  return undefined;
}

/** The ssh:// form of an scp-like address (`git@host:owner/repo.git`), which Flux does not parse. */
function scpLike(url: string): string | undefined {
  const m = /^([^@\s/:]+@)?([^\s/:]+):(?!\/\/)([^\s]+)$/.exec(url);
  return m ? `write it as an ssh:// URL, ssh://${m[1] ?? ''}${m[2]}/${m[3]!.replace(/^\//, '')}, with flux.pullSecret holding identity and known_hosts` : undefined;
}

/** A URL Flux's source-controller clones: http(s) or ssh. */
export const GIT_URL = /^(https?|ssh):\/\/[^\s]+$/;

export const fluxRules: readonly Rule[] = [
  {
    code: 'flux.invalid-layer-name',
    severity: 'error',
    summary: 'layer names are DNS labels (folder and object name)',
    check: (env) =>
      env.flux.layers
        .map((l, i) => ({ l, i }))
        .filter(({ l }) => !LAYER_NAME.test(l.name) || l.name === 'flux-system')
        .map(({ l, i }) => ({
          path: `flux.layers[${i}].name`,
          value: l.name,
          message: `"${l.name}" cannot name a layer folder and Flux Kustomization`,
          fix: 'use lowercase letters, digits and hyphens (not flux-system), e.g. platform',
        })),
  },
  {
    code: 'flux.duplicate-layer',
    severity: 'error',
    summary: 'layer names are unique',
    check: (env) =>
      duplicates(env.flux.layers, (l) => l.name).map(({ item: l, index: i }) => ({
        path: `flux.layers[${i}].name`,
        value: l.name,
        message: `layer ${l.name} is declared twice`,
        fix: 'merge the two layers or rename one',
      })),
  },
  {
    code: 'flux.unknown-dependency',
    severity: 'error',
    summary: 'dependsOn names an existing layer',
    check: (env) =>
      env.flux.layers.flatMap((l, i) =>
        l.dependsOn
          .map((dep, j) => ({ dep, j }))
          .filter(({ dep }) => !env.flux.layers.some((o) => o.name === dep))
          .map(({ dep, j }): Finding => ({
            path: `flux.layers[${i}].dependsOn[${j}]`,
            value: dep,
            message: `layer ${l.name} depends on ${dep}, which is not a layer`,
            // Each candidate keeps the list valid: not the layer itself, not one it lists already, none that depends on it.
            fix: dependencyFix(env, l),
            action: { unset: `flux.layers[${i}].dependsOn[${j}]` },
          })),
      ),
  },
  {
    code: 'flux.dependency-cycle',
    severity: 'error',
    summary: 'the layer dependencies form no cycle',
    check: (env) => {
      const cycle = findCycle(env.flux.layers);
      return cycle
        ? [{
            path: `${layerPath(env, cycle[0]!)}.dependsOn`,
            value: cycle.join(' -> '),
            message: `layers depend on each other in a cycle (${cycle.join(' -> ')}); Flux would never apply them`,
            fix: 'remove one dependsOn entry of the cycle',
          }]
        : [];
    },
  },
  {
    code: 'flux.invalid-interval',
    severity: 'error',
    summary: 'intervals are Go durations',
    check: (env) =>
      [
        { path: 'flux.interval', value: env.flux.interval },
        ...env.flux.layers.map((l, i) => ({ path: `flux.layers[${i}].interval`, value: l.interval })),
      ]
        .filter((d) => !DURATION.test(d.value))
        .map((d) => ({ ...d, message: `"${d.value}" is not a duration Flux understands`, fix: 'write a Go duration, e.g. 1m or 10m' })),
  },
  {
    code: 'flux.invalid-url',
    severity: 'error',
    summary: 'the Git URL is one Flux can clone',
    check: (env) =>
      GIT_URL.test(env.flux.url)
        ? []
        : [{ path: 'flux.url', value: env.flux.url, message: `"${env.flux.url}" is not an http(s) or ssh URL`, fix: scpLike(env.flux.url) ?? 'write the clone URL, e.g. https://git.example.com/ops/fleet.git' }],
  },
  {
    code: 'flux.placeholder-url',
    severity: 'warning',
    summary: "the Git URL is not a placeholder (init writes one on a reserved example domain until you set yours)",
    check: (env) => {
      const host = /^[a-z]+:\/\/(?:[^@/]*@)?([^/:]+)/.exec(env.flux.url)?.[1]?.toLowerCase() ?? '';
      // RFC 2606 reserves these names: no forge can serve a fleet there.
      return /(^|\.)(example\.(com|net|org)|example|invalid)$/.test(host)
        ? [{ path: 'flux.url', value: env.flux.url, message: `${host} is a reserved example domain: Flux could never pull this repository`, fix: "set flux.url to your fleet repository's clone URL" }]
        : [];
    },
  },
];
