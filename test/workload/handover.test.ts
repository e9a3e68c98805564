import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCelRules } from '../../src/validate/cel-check';
import { checkFluxGraph } from '../../src/validate/flux-graph';
import { checkSchemas } from '../../src/validate/schema-check';
import { SchemaStore } from '../../src/validate/schemas';
import { environmentTree } from '../../src/validate/tree-objects';
import { handoverNames } from '../../src/workload/handover';
import { FOLDER, handoverKeys, handoverProps, lab1, renderHandover } from '../fixtures/workload-handover';

const SCHEMAS = new SchemaStore(path.resolve(import.meta.dirname, '../../schemas/json'));

/** mgmt's own sync source, which its FluxInstance creates: what the handover's Kustomizations read. */
const MGMT_SYNC = 'apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata:\n  name: flux-system\n  namespace: flux-system\nspec:\n  interval: 1m\n  url: https://example.invalid/fleet.git\n';

const GATEWAY = `${FOLDER}/kustomization.default.lab1-gateway-api.yaml`;
const GATEWAY_SOURCE = `${FOLDER}/gitrepository.default.lab1-gateway-api.yaml`;
const RELEASES = `${FOLDER}/kustomization.default.lab1-releases.yaml`;
const FLUX = `${FOLDER}/kustomization.default.lab1-flux.yaml`;
const CILIUM = `${FOLDER}/releases/helmrelease.default.lab1-cilium.yaml`;
const OPERATOR = `${FOLDER}/releases/helmrelease.default.lab1-flux-operator.yaml`;
const INSTANCE = `${FOLDER}/workload/fluxinstance.flux-system.flux.yaml`;
const SOPS_AGE = `${FOLDER}/workload/secret.flux-system.sops-age.sops.yaml`;

describe('the handover of a workload cluster', async () => {
  const keys = await handoverKeys();
  const before = renderHandover(handoverProps(keys));
  const after = renderHandover(handoverProps(keys, { handedOver: true }));
  const objects = (files: ReadonlyMap<string, string>) => environmentTree('mgmt', files).objects;

  it.each([['before', before], ['after the hand-off', after]])('validates against the vendored schemas and CEL rules (%s)', (_when, tree) => {
    const all = objects(tree.files);
    expect(all.map((o) => o.doc.kind).sort()).toEqual(expect.arrayContaining(['GitRepository', 'HelmRelease', 'Kustomization', 'OCIRepository', 'Secret']));
    expect(checkSchemas(all, SCHEMAS).findings).toEqual([]);
    expect(checkCelRules(all)).toEqual([]);
  });

  it('fails schema validation on a deletion policy the CRD refuses (the check bites)', () => {
    const broken = objects(before.files).map((o) => (o.file.endsWith(GATEWAY) ? { ...o, doc: { ...o.doc, spec: { ...o.doc.spec, deletionPolicy: 'Keep' } } } : o));
    expect(checkSchemas(broken, SCHEMAS).findings).toHaveLength(1);
  });

  it.each([['before', before], ['after the hand-off', after]])("resolves in mgmt's Flux graph: paths, dependsOn, sources, decryption (%s)", (_when, tree) => {
    const files = new Map([...tree.files, ['kubernetes/flux-system/gitrepository.flux-system.flux-system.yaml', MGMT_SYNC]]);
    expect(checkFluxGraph(environmentTree('mgmt', files))).toEqual([]);
  });

  it('puts every object beside the Cluster, where its kubeconfig Secret is', () => {
    const onMgmt = objects(before.files).filter((o) => !o.file.includes('/workload/'));
    expect(onMgmt.length).toBe(8);
    for (const o of onMgmt) expect(o.doc.metadata.namespace, o.file).toBe(lab1.namespace);
  });

  it('reaches the workload cluster through the Cluster API kubeconfig Secret, from every remote object only', () => {
    const remote = { secretRef: { name: 'lab1-kubeconfig', key: 'value' } };
    for (const file of [GATEWAY, FLUX, CILIUM, OPERATOR]) expect(before.doc(file).spec.kubeConfig, file).toEqual(remote);
    // The Kustomization of the releases applies them on mgmt.
    expect(before.doc(RELEASES).spec.kubeConfig).toBeUndefined();
  });

  it('goes in order: Gateway API CRDs, Cilium, flux-operator, then the FluxInstance', () => {
    expect(before.doc(GATEWAY).spec.dependsOn).toBeUndefined();
    expect(before.doc(RELEASES).spec.dependsOn).toEqual([{ name: 'lab1-gateway-api' }]);
    expect(before.doc(CILIUM).spec.dependsOn).toBeUndefined();
    expect(before.doc(OPERATOR).spec.dependsOn).toEqual([{ name: 'lab1-cilium', namespace: 'default' }]);
    expect(before.doc(FLUX).spec.dependsOn).toEqual([{ name: 'lab1-releases' }]);
    // dependsOn waits for Ready, and each is Ready only once what it applied is healthy.
    for (const file of [GATEWAY, RELEASES, FLUX]) expect(before.doc(file).spec.wait, file).toBe(true);
  });

  it("waits for the releases as long as both installs may take, one after the other", () => {
    expect(before.doc(CILIUM).spec.timeout).toBe('10m');
    expect(before.doc(OPERATOR).spec.timeout).toBe('5m');
    expect(before.doc(RELEASES).spec.timeout).toBe('15m');
  });

  it("applies the releases' and the workload's folders only through their own Kustomizations", () => {
    expect(before.doc(`${FOLDER}/kustomization.yaml`).resources).toEqual([
      'gitrepository.default.lab1-gateway-api.yaml',
      'kustomization.default.lab1-flux.yaml',
      'kustomization.default.lab1-gateway-api.yaml',
      'kustomization.default.lab1-releases.yaml',
    ]);
    expect(before.doc(RELEASES).spec.path).toBe(`./clusters/mgmt/${FOLDER}/releases`);
    expect(before.doc(FLUX).spec.path).toBe(`./clusters/mgmt/${FOLDER}/workload`);
    for (const file of [RELEASES, FLUX]) expect(before.doc(file).spec.sourceRef, file).toEqual({ kind: 'GitRepository', name: 'flux-system', namespace: 'flux-system' });
  });

  it('takes the path of the folders from the management environment it is told', () => {
    const elsewhere = renderHandover(handoverProps(keys, { managementFluxPath: 'fleet/mgmt/kubernetes' }));
    expect(elsewhere.doc(FLUX).spec.path).toBe(`./fleet/mgmt/${FOLDER}/workload`);
  });

  it('never deletes anything on the workload cluster: no prune, orphaned on deletion', () => {
    for (const file of [GATEWAY, FLUX]) expect(before.doc(file).spec, file).toMatchObject({ prune: false, deletionPolicy: 'Orphan' });
    expect(before.doc(INSTANCE).metadata.annotations).toMatchObject({ 'kustomize.toolkit.fluxcd.io/prune': 'disabled' });
  });

  it("decrypts the workload's Secrets with mgmt's fallback identity (no secretRef beside the Cluster)", () => {
    expect(before.doc(FLUX).spec.decryption).toEqual({ provider: 'sops' });
  });

  it('names every object after its cluster: two clusters in one namespace share no name', () => {
    const lab2 = renderHandover(handoverProps(keys, { cluster: { ...lab1, name: 'lab2', kubeconfigSecret: 'lab2-kubeconfig' } }));
    const names = (tree: typeof before) => objects(tree.files).filter((o) => o.doc.metadata.namespace === 'default').map((o) => `${o.doc.kind}/${o.doc.metadata.name}`);
    expect(names(before).every((n) => n.split('/')[1]!.startsWith('lab1-'))).toBe(true);
    expect(names(lab2).filter((n) => names(before).includes(n))).toEqual([]);
    expect(handoverNames(lab1)).toMatchObject({ gatewayApi: 'lab1-gateway-api', releases: 'lab1-releases', flux: 'lab1-flux' });
  });

  it('renders the same bytes twice', () => {
    expect(renderHandover(handoverProps(keys)).files).toEqual(before.files);
  });
});

describe('after the hand-off', async () => {
  const keys = await handoverKeys();
  const before = renderHandover(handoverProps(keys));
  const after = renderHandover(handoverProps(keys, { handedOver: true }));

  it('keeps every release and its source from prune, before and after: a deleted unsuspended release would uninstall the CNI', () => {
    for (const tree of [before, after]) {
      for (const file of [CILIUM, OPERATOR, `${FOLDER}/releases/ocirepository.default.lab1-cilium.yaml`, `${FOLDER}/releases/ocirepository.default.lab1-flux-operator.yaml`]) {
        expect(tree.doc(file).metadata.annotations, file).toEqual({ 'kustomize.toolkit.fluxcd.io/prune': 'disabled' });
      }
    }
  });

  it('suspends every release and its source: no upgrade, and a deletion uninstalls nothing', () => {
    for (const file of [CILIUM, OPERATOR, `${FOLDER}/releases/ocirepository.default.lab1-cilium.yaml`, `${FOLDER}/releases/ocirepository.default.lab1-flux-operator.yaml`]) {
      expect(after.doc(file).spec.suspend, file).toBe(true);
      expect(before.doc(file).spec.suspend, file).toBeUndefined();
    }
  });

  it('suspends the Gateway API CRDs and their source', () => {
    for (const file of [GATEWAY, GATEWAY_SOURCE]) expect(after.doc(file).spec.suspend, file).toBe(true);
  });

  it("keeps the releases' Kustomization running, so the suspension is applied, with nothing to wait for", () => {
    const { suspend, dependsOn, wait, prune } = after.doc(RELEASES).spec;
    expect({ suspend, dependsOn, wait, prune }).toEqual({ suspend: undefined, dependsOn: undefined, wait: false, prune: true });
  });

  it("stops applying the FluxInstance, which the workload's own Flux applies, and keeps delivering its Secrets", () => {
    expect(after.files.has(INSTANCE)).toBe(false);
    expect(after.files.get(SOPS_AGE)).toBe(keys.sopsAge);
    expect(after.doc(`${FOLDER}/workload/kustomization.yaml`).resources).toEqual(['secret.flux-system.sops-age.sops.yaml']);
    const { suspend, dependsOn, prune, deletionPolicy } = after.doc(FLUX).spec;
    // Without prune, leaving the folder removes nothing from the cluster.
    expect({ suspend, dependsOn, prune, deletionPolicy }).toEqual({ suspend: undefined, dependsOn: undefined, prune: false, deletionPolicy: 'Orphan' });
  });

  it('removes no other object and renames none: a deleted unsuspended HelmRelease would uninstall', () => {
    const gone = [...before.files.keys()].filter((f) => !after.files.has(f));
    expect(gone).toEqual([INSTANCE]);
    expect([...after.files.keys()].filter((f) => !before.files.has(f))).toEqual([]);
  });
});

describe('secrets', async () => {
  const keys = await handoverKeys();
  const tree = renderHandover(handoverProps(keys));

  it('copies the encrypted sops-age byte for byte, and no plaintext of the identity is written anywhere', () => {
    expect(tree.files.get(SOPS_AGE)).toBe(keys.sopsAge);
    const secret = keys.workload.identity.replace(/^AGE-SECRET-KEY-1/, '');
    for (const [file, text] of tree.files) {
      expect(text.includes(secret), file).toBe(false);
      expect(text.includes(Buffer.from(keys.workload.identity).toString('base64')), file).toBe(false);
    }
  });

  it('carries the pull secret the FluxInstance syncs with, beside sops-age', async () => {
    const { setSecret } = await import('../../src/secrets/secret-writer');
    const pull = await setSecret({ identities: [], recipients: [keys.management.recipient], namespace: 'flux-system', name: 'git-pull', values: { username: 'flux', password: 'pw' }, now: new Date(0) });
    const props = handoverProps(keys);
    const instance = { ...props.fluxInstance, spec: { ...props.fluxInstance.spec!, sync: { ...props.fluxInstance.spec!.sync!, pullSecret: 'git-pull' } } };
    const withPull = renderHandover({ ...props, fluxInstance: instance, pullSecret: pull.text });
    expect(withPull.files.get(`${FOLDER}/workload/secret.flux-system.git-pull.sops.yaml`)).toBe(pull.text);
  });

  it('fails when the FluxInstance syncs with a pull secret it is not given, or is given one it does not name', () => {
    const props = handoverProps(keys);
    const instance = { ...props.fluxInstance, spec: { ...props.fluxInstance.spec!, sync: { ...props.fluxInstance.spec!.sync!, pullSecret: 'git-pull' } } };
    expect(() => renderHandover({ ...props, fluxInstance: instance })).toThrow(/syncs with flux-system\/git-pull: give its encrypted file/);
    expect(() => renderHandover({ ...props, pullSecret: keys.sopsAge })).toThrow(/a pullSecret is given but the FluxInstance names none/);
  });

  it('fails, naming the construct and every problem, on a sops-age that is not encrypted to mgmt', () => {
    const props = handoverProps(keys, { managementRecipients: [keys.workload.recipient] });
    expect(() => renderHandover(props)).toThrow(/mgmt\/root\/workloads\/lab1\/handover: the handover of lab1 cannot be written:\n {2}flux-system\/sops-age: encrypted to age1\S+, none of mgmt's/);
  });

  it('fails on a plaintext sops-age: nothing of it is written', () => {
    const plain = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: sops-age\n  namespace: flux-system\ndata:\n  age.agekey: QUdFLVNFQ1JFVA==\n';
    expect(() => renderHandover(handoverProps(keys, { sopsAge: plain }))).toThrow(/data age\.agekey not encrypted\n {2}flux-system\/sops-age: the file is not SOPS-encrypted/);
  });
});
