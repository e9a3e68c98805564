import semver from 'semver';
import { kubernetesVersionPath } from '../resolve';
import type { Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';
import { k3sOnly } from './kind-scope';

/** An exact release: `1.2.3` or `v1.2.3`, optional pre-release and build; no range, tag or wildcard. */
export function isPinned(version: string): boolean {
  return /^v?\d/.test(version) && semver.valid(version) !== null;
}

/**
 * The versions the environment's own spec sets, with their paths. Pins that come from
 * src/versions.ts (charts, images) are checked once, by their key (catalogue.ts).
 */
function pinnedVersions(env: Environment): { path: string; version: string }[] {
  return [
    // Without a k3s section there is no version to judge: k3s.missing says so.
    ...(env.workload || env.k3s ? [{ path: kubernetesVersionPath(env), version: env.kubernetesVersion }] : []),
    ...(env.clusterApi?.providers ?? []).map((p, i) => ({ path: `clusterApi.providers[${i}].version`, version: p.version })),
    ...env.apps.flatMap((a) => (a.helm ? [{ path: `apps[${a.index}].helm.version`, version: a.helm.version }] : [])),
  ];
}

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
          fix: 'pin an exact release, e.g. 1.20.0 or v1.36.4+k3s1',
        })),
  },
  k3sOnly({
    code: 'k3s.version-suffix',
    severity: 'error',
    summary: 'k3s versions carry their +k3sN suffix',
    check: (env) =>
      env.k3s && isPinned(env.k3s.version) && !/^v\d+\.\d+\.\d+\+k3s\d+$/.test(env.k3s.version)
        ? [{
            path: 'k3s.version',
            value: env.k3s.version,
            message: `"${env.k3s.version}" names no k3s release; k3s versions look like v1.36.4+k3s1`,
            // A pinned version always coerces.
            fix: `write the full release, e.g. v${String(semver.coerce(env.k3s.version))}+k3s1`,
            action: { set: 'k3s.version', to: `v${String(semver.coerce(env.k3s.version))}+k3s1` },
          }]
        : [],
  }),
];
