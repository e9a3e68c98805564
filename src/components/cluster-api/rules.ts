import { duplicates } from '../../model/duplicates';
import { dependOn, findCycle, layersBefore, withAction } from '../../model/invariants/flux';
import { PROVIDER_VALUE_KEYS } from './settings';
import { isPinned } from '../../model/invariants/versions';
import type { Environment } from '../../model/resolve';
import type { Finding, Rule } from '../../model/violation';
import { clusterApiOperator, entryFor, minorOf, newestSeries, providerRepository, releaseSeriesOf, sourceOf, PROVIDERS_FILE } from '../../model/compatibility';
import type { CapiProviderSpec } from './settings';

export { minorOf } from '../../model/compatibility';

/** The environment's Cluster API providers; none without Cluster API. */
const providersOf = (env: Environment) => env.clusterApi?.providers ?? [];

/** A provider's contract: its release series' in the vendored metadata.yaml data, else the one written. */
export function contractOf(p: Pick<CapiProviderSpec, 'kind' | 'name' | 'version' | 'contract'>): string | undefined {
  const repository = providerRepository(p.kind, p.name);
  return (repository && releaseSeriesOf(repository, p.version)?.contract) ?? p.contract;
}

/** The path of provider i in the environment spec. */
const providerPath = (i: number, field: string) => `clusterApi.providers[${i}].${field}`;

/** Cluster API's invariants: cert-manager and operator compatibility, the providers, the layer order. */
export const clusterApiRules: readonly Rule[] = [
  {
    code: 'compat.operator-capi',
    severity: 'error',
    summary: "the core provider's Cluster API minor is the one the operator pin is built against (its go.mod, vendored)",
    check: (env) => {
      const operator = env.versions.charts.clusterApiOperator.version;
      const built = entryFor(clusterApiOperator, operator)?.clusterApi;
      if (built === undefined) return [];
      const minor = minorOf(built)!;
      // A version that names no release is version.unpinned's: its minor is no second fault.
      return providersOf(env)
        .map((p, i) => ({ p, i }))
        .filter(({ p }) => p.kind === 'CoreProvider' && isPinned(p.version) && minorOf(p.version) !== minor)
        .map(({ p, i }): Finding => ({
          path: providerPath(i, 'version'),
          value: p.version,
          message: `cluster-api-operator ${operator} is built against Cluster API ${built} (${sourceOf(clusterApiOperator.source, clusterApiOperator.file)}), the core provider is ${p.version}`,
          fix: `pin a v${minor}.x core provider, or an operator release built for ${minorOf(p.version) ?? p.version}`,
        }));
    },
  },
  {
    code: 'compat.provider-contract',
    severity: 'error',
    summary: "every provider's contract (its metadata.yaml, vendored, else the one written) is one the operator pin accepts",
    check: (env) => {
      const operator = env.versions.charts.clusterApiOperator.version;
      const accepted = entryFor(clusterApiOperator, operator)?.contracts;
      if (accepted === undefined) return [];
      return providersOf(env)
        .map((p, i) => ({ p, i, contract: contractOf(p) }))
        .filter(({ contract }) => contract !== undefined && !accepted.includes(contract))
        .map(({ p, i, contract }) => ({
          path: providerPath(i, p.contract === undefined ? 'version' : 'contract'),
          value: p.contract ?? p.version,
          message: `${p.kind} ${p.name} ${p.version} declares contract ${contract}; cluster-api-operator ${operator} accepts ${accepted.join(', ')}`,
          fix: 'pin a provider release that declares an accepted contract',
        }));
    },
  },
  {
    code: 'compat.provider-contract-declared',
    severity: 'error',
    summary: "a provider's written contract is the one its release series declares in its metadata.yaml (vendored)",
    check: (env) =>
      providersOf(env)
        .map((p, i) => ({ p, i, repository: providerRepository(p.kind, p.name) }))
        .flatMap(({ p, i, repository }) => {
          const series = repository && releaseSeriesOf(repository, p.version);
          if (!series || p.contract === undefined || p.contract === series.contract) return [];
          return [{
            path: providerPath(i, 'contract'),
            value: p.contract,
            message: `${p.kind} ${p.name} ${p.version} declares contract ${series.contract} (release series ${series.major}.${series.minor} in ${sourceOf(repository.source, PROVIDERS_FILE)}), not ${p.contract}`,
            fix: `remove contract (the tool's data knows it), or write ${series.contract}`,
            action: { unset: providerPath(i, 'contract') },
          }];
        }),
  },
  {
    code: 'compat.provider-unknown-release',
    severity: 'warning',
    summary: "every provider release is in a release series the tool's vendored metadata.yaml data lists, or, for a provider it does not know, its contract is written (else it is not judged)",
    check: (env) =>
      providersOf(env)
        .map((p, i) => ({ p, i, repository: providerRepository(p.kind, p.name) }))
        // A version that names no release is version.unpinned's to report.
        .filter(({ p, repository }) => minorOf(p.version) !== undefined && (repository ? !releaseSeriesOf(repository, p.version) : p.contract === undefined))
        .map(({ p, i, repository }): Finding => {
          const judged = p.contract === undefined ? 'its contract is not judged' : `its written contract ${p.contract} is taken as is`;
          return repository
            ? {
                path: providerPath(i, 'version'),
                value: p.version,
                message: `the compatibility data, ${sourceOf(repository.source, PROVIDERS_FILE)}, lists no release series ${minorOf(p.version) ?? p.version} for ${p.kind} ${p.name} (its newest is ${newestSeries(repository)}), so ${judged}`,
                fix: `pin a release of series ${newestSeries(repository)} or older, or bump k3s-gitops-synth to a release whose data lists ${minorOf(p.version) ?? p.version}`,
              }
            : {
                path: providerPath(i, 'contract'),
                value: '(not set)',
                message: `the compatibility data, ${PROVIDERS_FILE}, does not know ${p.kind} ${p.name}, and no contract is written, so ${judged}`,
                fix: "write the contract its release's metadata.yaml declares, e.g. contract: 'v1beta2'",
              };
        }),
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
        action: { unset: `clusterApi.providers[${i}]` },
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
              ...withAction(dependOn(env, from!, to!)),
            }));
    },
  },
];
