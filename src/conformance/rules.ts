import type { Rule } from '../model/violation';
import type { RenderedTree } from '../model/rendered-tree';
import { CONFORMANCE_NAMESPACES } from './suites';

/** The suites' own rule: their namespaces are nobody else's, since each run ends by deleting them. */
export const conformanceRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'conformance.namespace-taken',
    severity: 'error',
    summary: `no layer or app uses a namespace the conformance suites create and delete (${CONFORMANCE_NAMESPACES.join(', ')})`,
    check: ({ env }) => [
      ...env.flux.layers.flatMap((l, i) => l.namespaces.map((name, j) => ({ name, path: `flux.layers[${i}].namespaces[${j}]` }))),
      ...env.apps.map((app) => ({ name: app.namespace, path: `apps[${app.index}].namespace` })),
    ]
      .filter(({ name }) => CONFORMANCE_NAMESPACES.includes(name))
      .map(({ name, path }) => ({
        path,
        value: name,
        message: `${name} is a namespace the conformance suites in clusters/${env.name}/tests/ create and delete at the end of each run`,
        fix: `use another namespace name (${CONFORMANCE_NAMESPACES.join(' and ')} belong to the suites)`,
      })),
  },
];
