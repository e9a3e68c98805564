/**
 * The Kubernetes half's own check, run by hand (`node --import tsx prove/k8s/smoke.ts [--keep]`):
 * every part of the runtime once, end to end. An API server with Flux; a Git repository over
 * loopback HTTP holding a ConfigMap and a Secret SOPS-encrypted the way `secrets set` writes it;
 * a Kustomization that decrypts it (the value in the API equals the plaintext); a HelmRelease of a
 * local chart; a second API server that a Kustomization on the first applies to through a
 * kubeconfig Secret. Prints the time of each step; exit 1 on the first failure, its logs kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import YAML from 'yaml';
import { generateIdentity } from '../../src/secrets/age-keys';
import { setSecret } from '../../src/secrets/secret-writer';
import { startApiServer } from './api-server';
import type { ApiServer } from './api-server';
import { CONTROLLERS, startFlux } from './flux';
import { bareRepository, commitFolder, serveGit } from './git-server';
import { apply, get, kube, waitFor } from './kube';
import { serveRegistry } from './registry';
import { packStandIn } from './stand-ins';

const log = (line: string) => process.stderr.write(`${line}\n`);
const NS = 'flux-system';
const SECRET_VALUE = 'the plaintext the Kustomization decrypts';

function writeTree(folder: string, files: Record<string, unknown>, encrypted: Record<string, string> = {}): void {
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, object] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), YAML.stringify(object));
  for (const [name, text] of Object.entries(encrypted)) fs.writeFileSync(path.join(folder, name), text);
  const resources = [...Object.keys(files), ...Object.keys(encrypted)].sort();
  fs.writeFileSync(path.join(folder, 'kustomization.yaml'), YAML.stringify({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources }));
}

const configMap = (namespace: string, name: string, data: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data });
const namespace = (name: string) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
const kustomization = (name: string, folder: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', metadata: { name, namespace: NS },
  spec: { interval: '1m', path: `./${folder}`, prune: true, sourceRef: { kind: 'GitRepository', name: 'smoke' }, ...extra },
});

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { keep: { type: 'boolean' } } });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'k3s-prove-k8s-smoke-'));
  const timings: [string, number][] = [];
  let mark = Date.now();
  const step = (what: string) => { const now = Date.now(); timings.push([what, (now - mark) / 1000]); mark = now; log(`ok: ${what}`); };
  const stops: (() => Promise<void>)[] = [];
  let passed = false;
  try {
    const mgmt = await startApiServer({ work, name: 'mgmt', log });
    stops.push(mgmt.stop);
    step('API server mgmt (etcd + kube-apiserver) ready');
    const flux = await startFlux(mgmt, { work, log });
    stops.push(flux.stop);
    step(`Flux CRDs installed, its controllers serving (${CONTROLLERS.join(', ')})`);
    const k = kube(mgmt);

    // The Git repository: a ConfigMap and a SOPS Secret, as `secrets set` writes one.
    const { identity, recipient } = await generateIdentity();
    const sops = await setSecret({ identities: [], recipients: [recipient], namespace: 'smoke', name: 'smoke-secret', values: { password: SECRET_VALUE }, now: new Date() });
    const tree = path.join(work, 'tree');
    writeTree(path.join(tree, 'apps'), { 'namespace.yaml': namespace('smoke'), 'configmap.yaml': configMap('smoke', 'smoke-config', { from: 'git' }) }, { 'smoke-secret.sops.yaml': sops.text });
    writeTree(path.join(tree, 'remote'), { 'configmap.yaml': configMap('default', 'applied-from-mgmt', { from: 'mgmt' }) });
    const gitRoot = path.join(work, 'git');
    const commit = commitFolder(bareRepository(gitRoot, 'fleet.git'), tree, 'smoke tree');
    const git = await serveGit(gitRoot);
    stops.push(git.stop);

    await apply(k, YAML.stringify(namespace(NS)));
    await apply(k, [
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'sops-age', namespace: NS }, stringData: { 'identity.agekey': `${identity}\n` } },
      { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'GitRepository', metadata: { name: 'smoke', namespace: NS }, spec: { interval: '1m', url: git.url('fleet.git'), ref: { branch: 'main' } } },
      kustomization('apps', 'apps', { decryption: { provider: 'sops', secretRef: { name: 'sops-age' } } }),
    ].map((o) => YAML.stringify(o)).join('---\n'));
    const repo = await waitFor(k, { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'GitRepository', namespace: NS, name: 'smoke' });
    const revision = String(repo.status?.artifact?.revision ?? '');
    if (!revision.endsWith(commit)) throw new Error(`GitRepository smoke is Ready at ${revision}, not at the commit ${commit}`);
    step(`GitRepository Ready at ${revision} (served by git-http-backend)`);
    await waitFor(k, { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', namespace: NS, name: 'apps' });
    const secret = await get(k, { apiVersion: 'v1', kind: 'Secret', namespace: 'smoke', name: 'smoke-secret' });
    const stored = Buffer.from(String(secret?.data?.password ?? ''), 'base64').toString('utf8');
    if (stored !== SECRET_VALUE) throw new Error(`Secret smoke/smoke-secret holds ${JSON.stringify(stored)}, not the plaintext ${JSON.stringify(SECRET_VALUE)}`);
    if (!(await get(k, { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'smoke', name: 'smoke-config' }))) throw new Error('ConfigMap smoke/smoke-config was not applied');
    step('Kustomization apps Ready: the SOPS Secret decrypted with the age key equals the plaintext');

    const charts = await serveRegistry([{ kind: 'http', path: 'local', chart: packStandIn(work, 'smoke', '0.1.0') }]);
    stops.push(charts.stop);
    await apply(k, [
      { apiVersion: 'source.toolkit.fluxcd.io/v1', kind: 'HelmRepository', metadata: { name: 'local', namespace: NS }, spec: { interval: '1m', url: `http://${charts.host}/local` } },
      { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'smoke', namespace: NS }, spec: { interval: '1m', targetNamespace: 'smoke', releaseName: 'smoke', chart: { spec: { chart: 'smoke', version: '0.1.0', sourceRef: { kind: 'HelmRepository', name: 'local' } } } } },
    ].map((o) => YAML.stringify(o)).join('---\n'));
    const release = await waitFor(k, { apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', namespace: NS, name: 'smoke' }, 'Ready', 180);
    if (!(await get(k, { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'smoke', name: 'smoke-stand-in' }))) throw new Error('HelmRelease smoke is Ready but ConfigMap smoke/smoke-stand-in does not exist');
    step(`HelmRelease Ready (${JSON.stringify(release.status?.history?.[0]?.chartName ?? '')} ${release.status?.lastAttemptedRevision ?? ''}), its ConfigMap exists`);

    const lab1: ApiServer = await startApiServer({ work, name: 'lab1', log });
    stops.push(lab1.stop);
    step('second API server lab1 ready beside mgmt');
    await apply(k, [
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'lab1-kubeconfig', namespace: NS }, stringData: { value: fs.readFileSync(lab1.kubeconfig, 'utf8') } },
      kustomization('remote', 'remote', { kubeConfig: { secretRef: { name: 'lab1-kubeconfig', key: 'value' } } }),
    ].map((o) => YAML.stringify(o)).join('---\n'));
    await waitFor(k, { apiVersion: 'kustomize.toolkit.fluxcd.io/v1', kind: 'Kustomization', namespace: NS, name: 'remote' });
    if (!(await get(kube(lab1), { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'applied-from-mgmt' }))) throw new Error('Kustomization remote is Ready but lab1 has no ConfigMap default/applied-from-mgmt');
    if (await get(k, { apiVersion: 'v1', kind: 'ConfigMap', namespace: 'default', name: 'applied-from-mgmt' })) throw new Error('ConfigMap default/applied-from-mgmt landed on mgmt, not only on lab1');
    step("Kustomization remote Ready on mgmt: its ConfigMap is on lab1 (kubeConfig.secretRef), not on mgmt");

    log('\nsmoke passed:');
    for (const [what, seconds] of timings) log(`  ${seconds.toFixed(1).padStart(6)} s  ${what}`);
    log(`  ${timings.reduce((sum, [, s]) => sum + s, 0).toFixed(1).padStart(6)} s  in all`);
    passed = true;
    return 0;
  } catch (error) {
    log(`smoke failed: ${(error as Error).message}\n(logs kept in ${work})`);
    return 1;
  } finally {
    for (const stop of stops.reverse()) await stop();
    // A failed run keeps its logs.
    if (passed && !values.keep) fs.rmSync(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
