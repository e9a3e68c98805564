import { CILIUM_VALUES_FILE, fluxDir, treeDir } from '../tree/paths';
import { treeDocuments } from '../tree/documents';
import { parseYamlDocuments, toYaml } from '../tree/yaml';
import type { Environment } from '../model/resolve';
import { runRules, shown } from '../model/violation';
import type { Finding, Rule, Violation } from '../model/violation';

/** The rendered tree of one environment: paths relative to `clusters/<env>/`. */
export interface RenderedTree {
  readonly env: Environment;
  readonly files: ReadonlyMap<string, string>;
  /** The committed tree this one replaces, when there is one (same relative paths). */
  readonly previous?: ReadonlyMap<string, string>;
}

interface KubeDoc {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata?: { readonly name?: string; readonly namespace?: string };
  readonly spec?: Record<string, unknown>;
  readonly sops?: unknown;
}

/** The YAML documents of one file of a tree, parsed once for all rules; a null document reads as {}. */
function parsed(files: ReadonlyMap<string, string>, path: string): KubeDoc[] {
  return treeDocuments(files, path).map((doc) => (doc ?? {}) as KubeDoc);
}

/** The first document of one file of a tree (parsed once for all rules), or undefined when absent or empty. */
function firstDocument(files: ReadonlyMap<string, string>, path: string): Record<string, unknown> | undefined {
  return treeDocuments(files, path)[0] as Record<string, unknown> | undefined;
}

/** Every YAML document of the files under `prefix` (what kustomize could apply); other files are not read. */
function documents(files: ReadonlyMap<string, string>, prefix: string): { path: string; doc: KubeDoc }[] {
  return [...files]
    .filter(([path]) => path.startsWith(prefix) && path.endsWith('.yaml'))
    .flatMap(([path]) => parsed(files, path).map((doc) => ({ path, doc })));
}

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

function nodeConfigs(tree: RenderedTree): { path: string; name: string; config: Record<string, unknown> }[] {
  return [...tree.files.keys()]
    .map((path) => ({ path, match: /^bootstrap\/nodes\/([^/]+)\/config\.yaml$/.exec(path) }))
    .filter((f) => f.match)
    .map((f) => ({ path: f.path, name: f.match![1]!, config: firstDocument(tree.files, f.path) ?? {} }));
}

const TERRAFORM_FILE = 'terraform/cdk.tf.json';

/** The static address each VM's cloud-init gets, read back from the Terraform JSON. */
function vmAddresses(tree: RenderedTree): { name: string; ip: string | undefined }[] {
  const stack = firstDocument(tree.files, TERRAFORM_FILE) as { locals?: { nodes_by_name?: Record<string, { network_config?: string; address?: string }> } } | undefined;
  const nodes = stack?.locals?.nodes_by_name ?? {};
  return Object.entries(nodes).map(([name, node]) => {
    // libvirt: a netplan document; Proxmox: the ip_config address.
    const netplan = parseYamlDocuments(node.network_config ?? '')[0] as any;
    const cidr: string | undefined = netplan ? Object.values<any>(netplan.ethernets ?? {})[0]?.addresses?.[0] : node.address;
    return { name, ip: cidr?.split('/')[0] };
  });
}

const isProvider = (doc: KubeDoc) => doc.apiVersion?.startsWith('operator.cluster.x-k8s.io/') && doc.kind?.endsWith('Provider');

/** `Kind name` → version of every provider object in a tree. */
function providerVersions(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map(
    documents(files, 'kubernetes/')
      .filter(({ doc }) => isProvider(doc))
      .map(({ doc }) => [`${doc.kind} ${doc.metadata?.name}`, String(doc.spec?.version)]),
  );
}

const at = (tree: RenderedTree, path: string) => `${treeDir(tree.env.name)}/${path}`;

/** Rules on the synthesized files: what the constructs guarantee by construction, checked anyway. */
export const renderedRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'cilium.values-missing',
    severity: 'error',
    summary: 'with Cilium, both the HelmRelease and the bootstrap values exist',
    check: (tree) => {
      if (!tree.env.cilium) return [];
      const found = ciliumValues(tree);
      const missing = [
        ...(found.some((f) => f.path !== CILIUM_VALUES_FILE) ? [] : ['the cilium HelmRelease (or HelmChart) under kubernetes/']),
        ...(tree.files.has(CILIUM_VALUES_FILE) ? [] : [CILIUM_VALUES_FILE]),
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
  {
    code: 'k3s.join-target',
    severity: 'error',
    summary: 'the founder runs cluster-init (etcd) or nothing (sqlite) and joins nobody; every other server joins the founder, never the VIP',
    check: (tree) =>
      nodeConfigs(tree).flatMap(({ path, name, config }): Finding[] => {
        const { env } = tree;
        const expected = `https://${env.apiHost}:${env.apiPort}`;
        if (name === env.founder.name) {
          const etcd = env.k3s.datastore === 'etcd';
          return config['cluster-init'] === (etcd ? true : undefined) && config.server === undefined
            ? []
            : etcd
              ? [{ path: at(tree, path), value: shown(config.server ?? config['cluster-init']), message: `the founder ${name} must run cluster-init and join nobody`, fix: 'set cluster-init: true and remove server' }]
              : [{ path: at(tree, path), value: shown(config.server ?? config['cluster-init']), message: `the founder ${name} keeps sqlite: cluster-init would move it to etcd, and it joins nobody`, fix: 'remove cluster-init and server' }];
        }
        return config.server === expected
          ? []
          : [{
              path: `${at(tree, path)}:server`,
              value: shown(config.server),
              message: `${name} joins ${shown(config.server)}${env.vip && String(config.server).includes(env.vip) ? ', the VIP, which does not exist on a cold build' : ''} instead of the founder`,
              fix: `join ${expected}`,
            }];
      }),
  },
  {
    code: 'k3s.node-ip',
    severity: 'error',
    summary: "each server's config advertises its own IP and lists it in tls-san",
    check: (tree) =>
      nodeConfigs(tree).flatMap(({ path, name, config }): Finding[] => {
        const node = tree.env.nodes.find((n) => n.name === name);
        const sans = (config['tls-san'] ?? []) as unknown[];
        return node && config['node-ip'] === node.ip && sans.includes(node.ip)
          ? []
          : [{ path: `${at(tree, path)}:node-ip`, value: shown(config['node-ip']), message: `the config of ${name} does not advertise and certify the node's IP ${node?.ip ?? '(unknown node)'}`, fix: 'run npm run synth' }];
      }),
  },
  {
    code: 'k3s.planned-rendered',
    severity: 'error',
    summary: 'planned servers get no k3s config (they must not join yet)',
    check: (tree) =>
      nodeConfigs(tree)
        .filter(({ name }) => tree.env.plannedNodes.some((n) => n.name === name))
        .map(({ path, name }) => ({ path: at(tree, path), value: name, message: `${name} is planned but has a k3s config`, fix: `remove the file, or mark ${name} live` })),
  },
  {
    code: 'cloud-init.ip-mismatch',
    severity: 'error',
    summary: "each VM's cloud-init address is its k3s node-ip and one of its SANs",
    check: (tree) => {
      const configs = nodeConfigs(tree);
      return vmAddresses(tree).flatMap(({ name, ip }): Finding[] => {
        const config = configs.find((c) => c.name === name)?.config;
        const sans = (config?.['tls-san'] ?? []) as unknown[];
        if (config && ip === config['node-ip'] && sans.includes(ip)) return [];
        return [{
          path: `${at(tree, TERRAFORM_FILE)}:locals.nodes_by_name.${name}`,
          value: shown(ip),
          message: config
            ? `VM ${name} boots with ${shown(ip)} but k3s advertises ${shown(config['node-ip'])}${sans.includes(ip) ? '' : ' and its certificate does not cover it'}`
            : `VM ${name} has no k3s config in bootstrap/nodes/`,
          fix: 'the node IP is written once in the environment; run npm run synth',
        }];
      });
    },
  },
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
  {
    code: 'flux.sops-not-decrypted',
    severity: 'error',
    summary: 'every layer holding a SOPS file decrypts it with sops',
    check: (tree) =>
      [...tree.files.keys()]
        .filter((path) => /^kubernetes\/[^/]+\/.+\.sops\.yaml$/.test(path))
        .filter((path) => {
          const layer = path.split('/')[1]!;
          const spec = (firstDocument(tree.files, `kubernetes/${layer}.yaml`) as KubeDoc | undefined)?.spec;
          return (spec?.decryption as { provider?: string } | undefined)?.provider !== 'sops';
        })
        .map((path) => ({
          path: at(tree, path),
          value: path.split('/')[1]!,
          message: `layer ${path.split('/')[1]} holds an encrypted file but its Flux Kustomization does not decrypt with sops; Flux would apply ENC[…] as the values`,
          fix: 'layers are given decryption from the secret references; run npm run synth',
        })),
  },
  {
    code: 'kubernetes.plaintext-secret',
    severity: 'error',
    summary: 'no plaintext Secret exists anywhere in the generated tree',
    check: (tree) =>
      documents(tree.files, '')
        .filter(({ doc }) => doc.kind === 'Secret' && doc.sops === undefined)
        .map(({ path, doc }) => ({
          path: at(tree, path),
          value: `${shown(doc.metadata?.namespace)}/${shown(doc.metadata?.name)}`,
          message: 'a Secret without SOPS encryption would commit its values in plaintext',
          fix: 'declare a secret reference and encrypt its source in secrets/<env>/ with npm run secrets -- set',
        })),
  },
];

/** Runs every rule on a rendered environment. */
export function checkRendered(tree: RenderedTree): Violation[] {
  return runRules(renderedRules, tree);
}
