import semver from 'semver';
import { duplicates } from '../../model/duplicates';
import { findCycle, layersBefore } from '../../model/invariants/flux';
import { PROVIDER_VALUE_KEYS } from './settings';
import type { Environment } from '../../model/resolve';
import type { Finding, Rule } from '../../model/violation';

/** `v1.35.8+k3s1` → `1.35`; undefined when it names no version. */
export function minorOf(version: string): string | undefined {
  const parsed = semver.coerce(version);
  return parsed ? `${parsed.major}.${parsed.minor}` : undefined;
}

const minorValue = (minor: string) => semver.coerce(minor)!;

/** The environment's Cluster API providers; none without Cluster API. */
const providersOf = (env: Environment) => env.clusterApi?.providers ?? [];

/** The path of provider i in the environment spec. */
const providerPath = (i: number, field: string) => `clusterApi.providers[${i}].${field}`;

/** Cluster API's invariants: cert-manager and operator compatibility, the providers, the layer order. */
export const clusterApiRules: readonly Rule[] = [
  {
    code: 'compat.cert-manager-kubernetes',
    severity: 'error',
    summary: "cert-manager supports the environment's Kubernetes minor",
    check: (env) => {
      if (!env.clusterApi) return [];
      const minor = minorOf(env.k3s.version);
      const { min, max } = env.versions.compatibility.certManagerKubernetes;
      if (!minor || (semver.gte(minorValue(minor), minorValue(min)) && semver.lte(minorValue(minor), minorValue(max)))) return [];
      return [{
        path: 'k3s.version',
        value: env.k3s.version,
        message: `cert-manager ${env.versions.charts.certManager.version} supports Kubernetes ${min}-${max}, not ${minor}`,
        fix: `pin a k3s release between v${min} and v${max}, or a cert-manager release that supports ${minor} (versions.charts.certManager)`,
      }];
    },
  },
  {
    code: 'compat.operator-capi',
    severity: 'error',
    summary: "the core provider's Cluster API minor is the one the operator is built against",
    check: (env) =>
      providersOf(env)
        .map((p, i) => ({ p, i }))
        .filter(({ p }) => p.kind === 'CoreProvider' && minorOf(p.version) !== env.versions.compatibility.operatorCapiMinor)
        .map(({ p, i }): Finding => ({
          path: providerPath(i, 'version'),
          value: p.version,
          message: `cluster-api-operator ${env.versions.charts.clusterApiOperator.version} is built against Cluster API ${env.versions.compatibility.operatorCapiMinor}, the core provider is ${p.version}`,
          fix: `pin a v${env.versions.compatibility.operatorCapiMinor}.x core provider, or an operator release built for ${minorOf(p.version)}`,
        })),
  },
  {
    code: 'compat.provider-contract',
    severity: 'error',
    summary: 'every provider declares a contract the operator accepts',
    check: (env) =>
      providersOf(env)
        .map((p, i) => ({ p, i }))
        .filter(({ p }) => !(env.versions.compatibility.operatorContracts as readonly string[]).includes(p.contract))
        .map(({ p, i }) => ({
          path: providerPath(i, 'contract'),
          value: p.contract,
          message: `${p.kind} ${p.name} ${p.version} declares contract ${p.contract}; the operator accepts ${env.versions.compatibility.operatorContracts.join(', ')}`,
          fix: 'pin a provider release that declares an accepted contract',
        })),
  },
  {
    code: 'capi.provider-in-chart-values',
    severity: 'error',
    summary: 'no provider is configured in the operator chart values (they would become Helm hooks)',
    check: (env) =>
      Object.keys(env.clusterApi?.operatorValues ?? {})
        .filter((key) => (PROVIDER_VALUE_KEYS as readonly string[]).includes(key))
        .map((key) => ({
          path: `clusterApi.operatorValues.${key}`,
          value: JSON.stringify(env.clusterApi!.operatorValues[key]),
          message: `providers in the chart values are installed as Helm hooks, outside the operator's one-at-a-time upgrades`,
          fix: `remove ${key} from operatorValues and declare the provider in clusterApi.providers`,
        })),
  },
  {
    code: 'capi.duplicate-provider',
    severity: 'error',
    summary: 'each provider kind and name appears once',
    check: (env) =>
      duplicates(providersOf(env), (p) => `${p.kind}/${p.name}`).map(({ item: p, index: i, first }) => ({
        path: providerPath(i, 'name'),
        value: p.name,
        message: `${p.kind} ${p.name} is declared twice (first at clusterApi.providers[${providersOf(env).indexOf(first)}])`,
        fix: 'keep one declaration',
      })),
  },
  {
    code: 'capi.core-provider-missing',
    severity: 'error',
    summary: 'Cluster API has exactly one core provider',
    check: (env) => {
      const cores = providersOf(env).filter((p) => p.kind === 'CoreProvider');
      return env.clusterApi && cores.length !== 1
        ? [{ path: 'clusterApi.providers', value: `${cores.length} CoreProvider`, message: `Cluster API needs exactly one CoreProvider, found ${cores.length}`, fix: "declare one { kind: 'CoreProvider', name: 'cluster-api', namespace: 'capi-system' }" }]
        : [];
    },
  },
  {
    code: 'capi.layer-order',
    severity: 'error',
    summary: 'the providers layer depends on the operator layer, which depends on the cert-manager layer',
    check: (env) => {
      // Within a cycle every order is wrong: flux.dependency-cycle reports that once.
      if (!env.clusterApi || findCycle(env.flux.layers)) return [];
      const { certManager, operator, providers } = env.clusterApi.layers;
      return [
        [providers, operator, 'providers are applied before the operator has created their CRDs', 'providers'],
        [operator, certManager, 'the operator starts before cert-manager can issue its webhook certificate', 'operator'],
      ]
        // A layer that does not exist is flux.layer-missing's to report.
        .filter(([from, to]) => [from, to].every((n) => env.flux.layers.some((l) => l.name === n)) && !layersBefore(env, from!).has(to!))
        // One layer for both parts: a dependency on itself would be a cycle, so the later part moves out.
        .map(([from, to, why, part]) => (from === to
          ? { path: `clusterApi.layers.${part}`, value: from!, message: `${part === 'providers' ? 'the providers share' : 'the operator shares'} layer ${from} with ${part === 'providers' ? 'the operator' : 'cert-manager'}: ${why}`, fix: `give ${part === 'providers' ? 'the providers a layer of their own' : 'the operator a layer of its own'} that depends on ${to}` }
          : {
              path: `flux.layers[${env.flux.layers.findIndex((l) => l.name === from)}].dependsOn`,
              value: JSON.stringify(env.flux.layers.find((l) => l.name === from)!.dependsOn),
              message: `layer ${from} does not depend on ${to}: ${why}`,
              fix: `add '${to}' to the dependsOn of layer ${from}`,
            }));
    },
  },
];
