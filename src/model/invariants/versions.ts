import semver from 'semver';
import { kubernetesVersionPath } from '../resolve';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';
import { k3sOnly } from './kind-scope';
import { specPins } from '../rendered-pins';
import { conventionOf, follows, namedAs, written } from '../tag-conventions';
import { k3s } from '../../versions';
import { providerRepositories } from '../compatibility';

/** An exact release: `1.2.3` or `v1.2.3`, optional pre-release and build; no range, tag or wildcard. */
export function isPinned(version: string): boolean {
  return /^v?\d/.test(version) && semver.valid(version) !== null;
}

/**
 * The versions the environment's own spec sets, with their paths. Pins that come from
 * src/versions.ts (charts, images) are checked once, by their key (catalogue.ts).
 */
function pinnedVersions(env: Environment): { path: string; version: string; example: string }[] {
  return [
    // Without a k3s section there is no version to judge: k3s.missing says so.
    ...(env.workload || env.k3s ? [{ path: kubernetesVersionPath(env), version: env.kubernetesVersion, example: kubernetesExample(env) }] : []),
    // Provider releases carry their v (version.tag-convention), so the example does too.
    ...(env.clusterApi?.providers ?? []).map((p, i) => ({ path: `clusterApi.providers[${i}].version`, version: p.version, example: providerExample(env, p) })),
    ...env.apps.flatMap((a) => (a.helm ? [{ path: `apps[${a.index}].helm.version`, version: a.helm.version, example: `an exact release of the ${a.helm.chart} chart as its repository lists it, e.g. 1.20.0` }] : [])),
  ];
}

/** The provider's release in the environment's catalogue where the vendored data knows it: its own series, not another provider's. */
function providerExample(env: Environment, p: { kind: string; name: string }): string {
  const known = providerRepositories.flatMap((r) => r.providers).find((d) => d.kind === p.kind && d.name === p.name);
  const version = known && (env.versions.capiProviders as Record<string, { version: string } | undefined>)[known.catalogue]?.version;
  return version ? `an exact release tag of ${p.name}, e.g. ${version}` : `an exact release tag of ${p.name}, written with its leading v (vX.Y.Z)`;
}

/**
 * An example each rule after this one accepts: a k3s release with its +k3sN suffix
 * (k3s.version-suffix), or for a workload cluster a release it has a template VM of
 * (workload.kubernetes-version, workload.template-missing).
 */
function kubernetesExample(env: Environment): string {
  if (!env.workload) return `an exact k3s release, e.g. ${k3s.tested}`;
  const templated = Object.keys(env.workload.proxmox.templates).filter((v) => KUBEADM_RELEASE.test(v)).sort(semver.rcompare);
  return templated.length > 0 ? `a release with a template VM in infrastructure.proxmox.templates: ${templated.join(', ')}` : 'an exact kubeadm release (vX.Y.Z) that the management cluster\'s Cluster API supports, and a template VM of it in infrastructure.proxmox.templates';
}

/** A kubeadm release as Kubernetes tags it, the form Cluster API's templates and image-builder name. */
export const KUBEADM_RELEASE = /^v\d+\.\d+\.\d+$/;

/** A k3s release as k3s-io/k3s tags it: v1.36.4+k3s1. */
const K3S_RELEASE = /^v\d+\.\d+\.\d+\+k3s\d+$/;

export const versionRules: readonly Rule[] = [
  {
    code: 'version.unpinned',
    severity: 'error',
    summary: 'every version an environment sets (k3s, providers, app charts) is an exact release',
    check: (env) =>
      pinnedVersions(env)
        .filter((v) => !isPinned(v.version))
        .map((v): Finding => ({
          path: v.path,
          value: shown(v.version),
          message: `"${v.version}" is not an exact version; a range, tag or wildcard changes what a re-run installs`,
          fix: `pin ${v.example}`,
        })),
  },
  {
    code: 'version.tag-convention',
    severity: 'error',
    summary: "every Cluster API provider version is written as the provider tags its releases, with a leading v (src/model/tag-conventions.ts)",
    check: (env) => {
      const convention = conventionOf('capiProviders.*')!;
      return (env.clusterApi?.providers ?? []).flatMap((p, i) => {
        // A version that names no release is version.unpinned's to report.
        if (!isPinned(p.version) || follows(p.version, convention)) return [];
        const path = `clusterApi.providers[${i}].version`;
        return [{
          path,
          value: p.version,
          message: `${p.kind} ${p.name}: provider releases are ${namedAs(convention)}; ${p.version} names none, so the operator finds no components to install`,
          fix: `write ${written(p.version, convention)}`,
          action: { set: path, to: written(p.version, convention) },
        }];
      });
    },
  },
  k3sOnly({
    code: 'k3s.version-suffix',
    severity: 'error',
    summary: 'k3s versions carry their +k3sN suffix',
    check: (env) => {
      if (!env.k3s || !isPinned(env.k3s.version) || K3S_RELEASE.test(env.k3s.version)) return [];
      const version = env.k3s.version;
      // Only the v missing: the release is named, and writing its v is the whole fix.
      const named = K3S_RELEASE.test(`v${version}`);
      return [{
        path: 'k3s.version',
        value: version,
        message: `"${version}" names no k3s release; k3s versions look like v1.36.4+k3s1${named ? ' (its releases are tagged with a leading v)' : ''}`,
        // A pinned version always coerces.
        fix: named ? `write v${version}` : `write the full release, e.g. v${String(semver.coerce(version))}+k3s1`,
        ...(named ? { action: { set: 'k3s.version', to: `v${version}` } } : {}),
      }];
    },
  }),
  {
    code: 'versions.override-without-effect',
    severity: 'warning',
    summary: 'every override under versions is what the tree renders (no spec field sets the same pin past it)',
    check: (env) =>
      specPins(env).flatMap((p): Finding[] => {
        const over = p.key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], env.spec.versions);
        if (typeof over !== 'string' || over === p.version) return [];
        const entry = `versions.${p.key.replace(/\.version$/, '')}`;
        return [{
          path: `versions.${p.key}`,
          value: over,
          message: p.path === undefined
            ? `no provider of clusterApi.providers is ${p.what}, so nothing installs it: the override pins nothing`
            : `the tree installs ${p.what} at ${p.version}, the version ${p.path} sets (the catalogue's pins are only defaults a provider spreads): the override is not what runs`,
          fix: p.path === undefined
            ? `remove ${entry}`
            : `decide which release runs: to run ${over}, write it at ${p.path} and remove ${entry}; to keep ${p.version}, remove ${entry}`,
          ...(p.path === undefined ? { action: { unset: entry } } : {}),
        }];
      }),
  },
];
