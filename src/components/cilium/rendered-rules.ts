import { CILIUM_VALUES_FILE, treeDir } from '../../tree/paths';
import { at, documents, firstDocument } from '../../model/rendered-tree';
import type { RenderedTree } from '../../model/rendered-tree';
import { parseYamlDocuments, toYaml } from '../../tree/yaml';
import { shown } from '../../model/violation';
import type { Finding, Rule } from '../../model/violation';

/** Every place Cilium's values exist: the Flux HelmRelease and the bootstrap values file. */
function ciliumValues(tree: RenderedTree): { path: string; values: Record<string, unknown> }[] {
  const cilium = documents(tree.files, 'kubernetes/').filter(({ doc }) => doc.metadata?.name === 'cilium');
  const releases = [
    ...cilium
      .filter(({ doc }) => doc.kind === 'HelmRelease')
      .map(({ path, doc }) => ({ path: `${path}:spec.values`, values: (doc.spec?.values ?? {}) as Record<string, unknown> })),
    ...cilium
      .filter(({ doc }) => doc.kind === 'HelmChart')
      .map(({ path, doc }) => ({ path: `${path}:spec.valuesContent`, values: (parseYamlDocuments(String(doc.spec?.valuesContent ?? ''))[0] ?? {}) as Record<string, unknown> })),
  ];
  const bootstrap = tree.files.has(CILIUM_VALUES_FILE) ? [{ path: CILIUM_VALUES_FILE, values: firstDocument(tree.files, CILIUM_VALUES_FILE) ?? {} }] : [];
  return [...releases, ...bootstrap];
}

/** Cilium's rules on the rendered tree: the API endpoint it dials is the VIP, in the HelmRelease and the bootstrap values alike. */
export const ciliumRenderedRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'cilium.values-missing',
    severity: 'error',
    summary: "with Cilium, both the HelmRelease and the bootstrap values exist (a workload cluster has no bootstrap: its management environment's handover installs the same release)",
    check: (tree) => {
      if (!tree.env.cilium) return [];
      const found = ciliumValues(tree);
      const missing = [
        ...(found.some((f) => f.path !== CILIUM_VALUES_FILE) ? [] : ['the cilium HelmRelease (or HelmChart) under kubernetes/']),
        ...(tree.files.has(CILIUM_VALUES_FILE) || tree.env.workload ? [] : [CILIUM_VALUES_FILE]),
      ];
      return missing.map((what) => ({
        path: treeDir(tree.env.name),
        value: what,
        message: `${what} is missing although the environment uses Cilium`,
        fix: 'run npm run synth; never remove generated files by hand',
      }));
    },
  },
  {
    code: 'cilium.endpoint-not-vip',
    severity: 'error',
    summary: "Cilium's k8sServiceHost is the apiserver endpoint (the VIP), never a node",
    check: (tree) =>
      ciliumValues(tree)
        .filter((f) => f.values.k8sServiceHost !== tree.env.apiServerEndpoint)
        .map((f): Finding => {
          const node = tree.env.nodes.find((n) => n.ip === f.values.k8sServiceHost);
          return {
            path: `${at(tree, f.path)}.k8sServiceHost`,
            value: shown(f.values.k8sServiceHost),
            message: `Cilium dials ${shown(f.values.k8sServiceHost)}${node ? `, the IP of node ${node.name},` : ''} instead of the apiserver endpoint ${tree.env.apiServerEndpoint}`,
            fix: `set k8sServiceHost to the VIP ${tree.env.apiServerEndpoint}; it is derived in resolve(), never restated`,
          };
        }),
  },
  {
    code: 'cilium.port-mismatch',
    severity: 'error',
    summary: "Cilium's k8sServicePort is the API port",
    check: (tree) =>
      ciliumValues(tree)
        .filter((f) => f.values.k8sServicePort !== tree.env.apiPort)
        .map((f) => ({
          path: `${at(tree, f.path)}.k8sServicePort`,
          value: shown(f.values.k8sServicePort),
          message: `Cilium dials port ${shown(f.values.k8sServicePort)}, the API listens on ${tree.env.apiPort}`,
          fix: `set k8sServicePort to ${tree.env.apiPort}`,
        })),
  },
  {
    code: 'cilium.values-parity',
    severity: 'error',
    summary: 'the bootstrap values file is byte-for-byte the HelmRelease values',
    check: (tree) => {
      const text = tree.files.get(CILIUM_VALUES_FILE);
      return ciliumValues(tree)
        .filter((f) => f.path !== CILIUM_VALUES_FILE && text !== undefined && toYaml(f.values) !== text)
        .map((f) => ({
          path: at(tree, CILIUM_VALUES_FILE),
          value: 'differs',
          message: `the bootstrap values differ from ${f.path}; Flux would change Cilium right after the cold build`,
          fix: 'render both from ciliumRelease(env) and run npm run synth',
        }));
    },
  },
];
