import { treeDir } from '../tree/paths';
import { at, documents, firstDocument } from '../model/rendered-tree';
import type { KubeDoc, RenderedTree } from '../model/rendered-tree';
import { parseYamlDocuments } from '../tree/yaml';
import { K3S_HTTPS_PORT } from '../bootstrap/k3s-config';
import { componentRenderedRules } from '../components/rules';
import { conformanceRules } from '../conformance/rules';
import { userFile } from '../model/app-objects';
import { runRules, shown } from '../model/violation';
import { appOwnershipRules } from './app-ownership-rules';
import { workloadHandoverRules } from './workload-handover-rules';
import { workloadTreeRules } from './workload-tree-rules';
import { lifecycleRules } from './lifecycle-rules';
import type { Finding, Rule, Violation } from '../model/violation';

export type { RenderedTree } from '../model/rendered-tree';

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

/** Rules on the synthesized files that belong to no component: what the constructs guarantee by construction, checked anyway. */
const treeRules: readonly Rule<RenderedTree>[] = [
  {
    code: 'k3s.join-target',
    severity: 'error',
    summary: 'the founder runs cluster-init (etcd) or nothing (sqlite) and joins nobody; every other server joins the founder, never the VIP',
    check: (tree) =>
      nodeConfigs(tree).flatMap(({ path, name, config }): Finding[] => {
        const { env } = tree;
        const expected = `https://${env.apiHost}:${env.apiPort}`;
        if (name === env.founder.name) {
          const etcd = env.k3s?.datastore === 'etcd';
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
    code: 'k3s.listen-port',
    severity: 'error',
    summary: 'every server serves the API on the port the joins, kube-vip and Cilium dial',
    check: (tree) =>
      nodeConfigs(tree).flatMap(({ path, name, config }): Finding[] => {
        const port = config['https-listen-port'] ?? K3S_HTTPS_PORT;
        return port === tree.env.apiPort
          ? []
          : [{ path: `${at(tree, path)}:https-listen-port`, value: shown(port), message: `${name} serves the API on ${shown(port)} while everything else dials ${tree.env.apiPort}: joins, kube-vip and Cilium would fail`, fix: 'the API port is written once, controlPlane.apiPort; run npm run synth' }];
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
    code: 'flux.sops-not-decrypted',
    severity: 'error',
    summary: 'every Flux Kustomization applying a SOPS file (its layer\'s, or the one whose path is nearer, as a handover\'s) decrypts it with sops',
    check: (tree) => {
      // A folder a layer does not list (a handover's `workload/`) is applied by the Kustomization whose path is nearest.
      const base = `./${treeDir(tree.env.name)}/`;
      const applying = documents(tree.files, 'kubernetes/')
        .filter(({ doc }) => doc.kind === 'Kustomization' && doc.apiVersion?.startsWith('kustomize.toolkit.fluxcd.io/') && typeof doc.spec?.path === 'string' && (doc.spec.path as string).startsWith(base))
        .map(({ path, doc }) => ({ path, doc, folder: `${(doc.spec!.path as string).slice(base.length)}/` }));
      return [...tree.files.keys()]
        .filter((path) => /^kubernetes\/[^/]+\/.+\.sops\.yaml$/.test(path))
        .flatMap((path) => {
          const layer = path.split('/')[1]!;
          const nearest = applying.filter((k) => path.startsWith(k.folder)).sort((a, b) => b.folder.length - a.folder.length)[0];
          const own = !nearest || nearest.path === `kubernetes/${layer}.yaml`;
          const spec = own ? (firstDocument(tree.files, `kubernetes/${layer}.yaml`) as KubeDoc | undefined)?.spec : nearest.doc.spec;
          if ((spec?.decryption as { provider?: string } | undefined)?.provider === 'sops') return [];
          return [{
            path: at(tree, path),
            value: own ? layer : `${shown(nearest.doc.metadata?.namespace)}/${shown(nearest.doc.metadata?.name)}`,
            message: own
              ? `layer ${layer} holds an encrypted file but its Flux Kustomization does not decrypt with sops; Flux would apply ENC[…] as the values`
              : `Kustomization ${shown(nearest.doc.metadata?.namespace)}/${shown(nearest.doc.metadata?.name)} (${nearest.path}) applies this encrypted file but does not decrypt with sops; Flux would apply ENC[…] as the values`,
            fix: 'layers are given decryption from the secret references; run npm run synth',
          }];
        });
    },
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
          fix: `declare a secret reference and encrypt its source with npm run secrets -- set ${tree.env.name} ${doc.metadata?.namespace ?? '<namespace>'}/${doc.metadata?.name ?? '<name>'} --env-file - (<key>=… lines on stdin)`,
        })),
  },
  {
    // Not an admission policy: the API server folds stringData into data while it decodes the
    // request (kubernetes pkg/apis/core/v1/conversion.go, Convert_v1_Secret_To_core_Secret), so
    // no webhook ever sees it. The files are the one place it shows.
    code: 'kubernetes.secret-string-data',
    severity: 'error',
    summary: 'no Secret the tree writes uses stringData (the encrypted sources, the apps\' constructs and manifests folders alike)',
    check: (tree) =>
      documents(tree.files, 'kubernetes/')
        .filter(({ doc }) => doc.kind === 'Secret' && (doc as { stringData?: unknown }).stringData !== undefined)
        .map(({ path, doc }) => ({
          path: userFile(tree, path),
          value: `${shown(doc.metadata?.namespace)}/${shown(doc.metadata?.name)}`,
          message: 'the Secret uses stringData; the API server folds it into data, so every re-apply reports "configured"',
          fix: `write data (base64) from an encrypted source: declare a secret reference and set it with npm run secrets -- set ${tree.env.name} ${doc.metadata?.namespace ?? '<namespace>'}/${doc.metadata?.name ?? '<name>'} --env-file - (<key>=… lines on stdin)`,
        })),
  },
];

/** Every rule on a rendered environment: the components' own (each in its folder), then the tree's, the apps' ownership, the workload clusters' objects' and the conformance suites'. */
export const renderedRules: readonly Rule<RenderedTree>[] = [...componentRenderedRules(), ...treeRules, ...appOwnershipRules, ...workloadTreeRules, ...lifecycleRules, ...workloadHandoverRules, ...conformanceRules];

/** Runs every rule on a rendered environment. */
export function checkRendered(tree: RenderedTree): Violation[] {
  return runRules(renderedRules, tree);
}
