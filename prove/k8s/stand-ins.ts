/**
 * Small local charts that stand in for the ones this machine cannot pull: the same name and
 * version, a ConfigMap that says it is a stand-in, and the CustomResourceDefinitions the real chart
 * (or the controller it runs) installs, from the CRDs this repository vendors (schemas/crds, each
 * with its provenance in schemas/SOURCES.md). The tree's own objects of those kinds then meet the
 * API server's real schema and CEL rules.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { provingGround } from '../../src/versions';
import type { PackedChart } from './registry';
import { moduleDir } from '../toolchain';

const SCHEMAS = path.resolve(import.meta.dirname, '..', '..', 'schemas', 'crds');

/**
 * The vendored CRD folders each chart brings. Cluster API's operator installs the providers' CRDs
 * when its provider objects reconcile; here the stand-in of the chart that runs it installs them
 * (listed in the report).
 */
export const CHART_CRDS: Readonly<Record<string, readonly string[]>> = {
  'cert-manager': ['cert-manager'],
  'cluster-api-operator': ['cluster-api-operator', 'cluster-api', 'cluster-api-provider-proxmox'],
  'flux-operator': ['flux-operator'],
  'kube-prometheus-stack': ['prometheus-operator'],
};

/**
 * CRDs this repository does not vendor, from the Go module of the release a chart ships (the
 * module cache; never copied into the repository): Cilium's operator registers every CRD of
 * pkg/k8s/apis/cilium.io/client/crds at start (the chart's version is Cilium's); Kyverno's chart
 * ships config/crds of its appVersion.
 */
const MODULE_CRDS: Readonly<Record<string, (version: string) => { readonly module: string; readonly version: string; readonly dirs: readonly string[] }>> = {
  cilium: (version) => ({ module: 'github.com/cilium/cilium', version: `v${version.replace(/^v/, '')}`, dirs: ['pkg/k8s/apis/cilium.io/client/crds/v2', 'pkg/k8s/apis/cilium.io/client/crds/v2alpha1'] }),
  kyverno: (version) => {
    const release = (provingGround.kyverno.byChart as Readonly<Record<string, string>>)[version];
    if (!release) throw new Error(`prove: src/versions.ts provingGround.kyverno.byChart has no row for chart ${version}`);
    return { module: provingGround.kyverno.module, version: release, dirs: ['config/crds/policies.kyverno.io'] };
  },
};

/** The vendored CRD files of one folder of schemas/crds (none when the folder is absent). */
export function vendoredCrds(folder: string): string[] {
  const dir = path.join(SCHEMAS, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => path.join(dir, f)) : [];
}

/** The CRD files the stand-in of `chart` at `version` carries. */
export function crdFiles(chart: string, version: string): string[] {
  const source = MODULE_CRDS[chart]?.(version);
  const fromModule = source ? source.dirs.flatMap((d) => {
    const dir = path.join(moduleDir(source.module, source.version), d);
    return fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort().map((f) => path.join(dir, f));
  }) : [];
  return [...(CHART_CRDS[chart] ?? []).flatMap(vendoredCrds), ...fromModule];
}

const STAND_IN = `apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .Release.Name }}-stand-in
  namespace: {{ .Release.Namespace }}
  labels:
    prove.k3s-gitops-synth/stand-in: {{ .Chart.Name | quote }}
data:
  chart: {{ .Chart.Name | quote }}
  version: {{ .Chart.Version | quote }}
`;

/** Packs the stand-in of `name`@`version` in `work` (tar, as `helm package` lays a chart out). */
export function packStandIn(work: string, name: string, version: string): PackedChart {
  const dir = fs.mkdtempSync(path.join(work, 'chart-'));
  const root = path.join(dir, name);
  fs.mkdirSync(path.join(root, 'templates'), { recursive: true });
  fs.writeFileSync(path.join(root, 'Chart.yaml'), YAML.stringify({ apiVersion: 'v2', name, version, description: `stand-in for ${name} ${version} (k3s-gitops-synth proving ground)` }));
  fs.writeFileSync(path.join(root, 'templates', 'stand-in.yaml'), STAND_IN);
  const crds = crdFiles(name, version);
  if (crds.length > 0) {
    fs.mkdirSync(path.join(root, 'crds'));
    for (const file of crds) fs.copyFileSync(file, path.join(root, 'crds', path.basename(file)));
  }
  const tgz = execFileSync('tar', ['-czf', '-', '-C', dir, name], { maxBuffer: 1 << 28 });
  fs.rmSync(dir, { recursive: true, force: true });
  return { name, version, tgz };
}
