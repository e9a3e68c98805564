import { fluxDir } from '../../tree/paths';
import { at, documents, firstDocument } from '../../model/rendered-tree';
import type { KubeDoc, RenderedTree } from '../../model/rendered-tree';
import { shown } from '../../model/violation';
import type { Rule } from '../../model/violation';

const isProvider = (doc: KubeDoc) => doc.apiVersion?.startsWith('operator.cluster.x-k8s.io/') && doc.kind?.endsWith('Provider');

/** `Kind name` → version of every provider object in a tree. */
export function providerVersions(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map(
    documents(files, 'kubernetes/')
      .filter(({ doc }) => isProvider(doc))
      .map(({ doc }) => [`${doc.kind} ${doc.metadata?.name}`, String(doc.spec?.version)]),
  );
}

/** Cluster API's rules on the rendered tree: provider namespaces, one upgrade at a time, rotated credentials. */
export const clusterApiRenderedRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'capi.provider-namespace-missing',
    severity: 'error',
    summary: "every provider object's namespace is created in the tree",
    check: (tree) => {
      const docs = documents(tree.files, 'kubernetes/');
      // A Namespace without a name creates nothing; a provider without a namespace is in none.
      const namespaces = new Set<string | undefined>(
        docs
          .filter(({ doc }) => doc.kind === 'Namespace')
          .map(({ doc }) => doc.metadata?.name)
          .filter((name): name is string => name !== undefined),
      );
      return docs
        .filter(({ doc }) => isProvider(doc) && !namespaces.has(doc.metadata?.namespace))
        .map(({ path, doc }) => ({
          path: at(tree, path),
          value: shown(doc.metadata?.namespace),
          message: `${shown(doc.kind)} ${shown(doc.metadata?.name)} is installed into ${shown(doc.metadata?.namespace)}, which no Namespace object in the tree creates`,
          fix: 'the provider namespaces are generated beside the providers; run npm run synth',
        }));
    },
  },
  {
    code: 'capi.upgrade-one-at-a-time',
    severity: 'warning',
    summary: 'at most one provider version changes per synth (bump one provider at a time)',
    check: (tree) => {
      // Without a committed tree nothing changes: every provider is new.
      const before = providerVersions(tree.previous ?? new Map());
      const changed = [...providerVersions(tree.files)].filter(([key, version]) => before.has(key) && before.get(key) !== version);
      return changed.length > 1
        ? [{
            path: fluxDir(tree.env.name),
            value: changed.map(([key, version]) => `${key} ${before.get(key)} -> ${version}`).join(', '),
            message: `${changed.length} provider versions change at once; the operator upgrades each and a failure is hard to attribute`,
            fix: 'bump one provider, let it become Ready, commit, then the next',
          }]
        : [];
    },
  },
  {
    code: 'capi.config-secret-changed-in-place',
    severity: 'warning',
    summary: "a provider's configSecret is rotated under a new name: the operator does not watch the Secret it names",
    check: (tree) =>
      (tree.env.clusterApi?.providers ?? []).flatMap((p) => {
        if (!p.configSecret || !tree.previous) return [];
        const file = [...tree.files.keys()].find((f) => f.endsWith(`/secret.${p.namespace}.${p.configSecret!.name}.sops.yaml`));
        const before = file && tree.previous.get(file);
        const data = (files: ReadonlyMap<string, string>) => JSON.stringify(firstDocument(files, file!)?.data ?? null);
        return file && before !== undefined && data(tree.previous) !== data(tree.files)
          ? [{
              path: at(tree, file),
              value: `${p.namespace}/${p.configSecret.name}`,
              message: `the values of ${p.configSecret.name} changed under the same name; cluster-api-operator does not watch it, so the ${p.name} provider keeps the old credentials`,
              fix: `write the new values under a new name (npm run secrets -- set ${tree.env.name} ${p.namespace}/${p.configSecret.name}-2 …) and point configSecret.name at it; ignore this after a re-key (secrets init), which changes no value`,
            }]
          : [];
      }),
  },
];
