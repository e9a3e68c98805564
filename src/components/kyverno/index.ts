import { Namespaces } from '../../k8s/namespaces';
import { defineComponent } from '../entry';
import { KYVERNO_NAMESPACE, kyvernoRelease } from './chart';
import { ProjectPolicies } from './policies';
import { kyvernoRenderedRules, uncheckedApps } from './rendered-rules';

/** Kyverno, where `spec.kyverno` is set: the chart and its namespace. */
export const kyverno = defineComponent({
  name: 'kyverno',
  fields: ['kyverno'],
  configure: (env) => env.kyverno && { layer: env.kyverno.layer },
  placement: (config) => ({ layer: config.layer, path: 'kyverno.layer' }),
  versions: ['charts.kyverno'],
  chart: (_config, env) => kyvernoRelease(env.versions),
  namespaces: () => [KYVERNO_NAMESPACE],
  creates: () => [KYVERNO_NAMESPACE],
  objects: ({ folder }) => new Namespaces(folder('kyverno'), 'namespace', { names: [KYVERNO_NAMESPACE] }),
});

/**
 * Kyverno's policies, in a layer after Kyverno's (the chart creates their kind), and the same rules
 * checked at synth on the apps' objects synth knows.
 */
export const kyvernoPolicies = defineComponent({
  name: 'kyverno-policies',
  fields: ['kyverno'],
  configure: (env) => env.kyverno && { layer: env.kyverno.policiesLayer, failureAction: env.kyverno.failureAction },
  placement: (config) => ({ layer: config.layer, path: 'kyverno.policiesLayer' }),
  after: ['kyverno'],
  versions: [],
  namespaces: () => [],
  objects: ({ config, folder, platformNamespaces }) =>
    new ProjectPolicies(folder('kyverno-policies'), 'policies', { failureAction: config.failureAction, exclude: platformNamespaces }),
  renderedRules: kyvernoRenderedRules,
  notes: (_config, tree) => uncheckedApps(tree),
});
