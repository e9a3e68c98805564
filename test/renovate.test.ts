import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cataloguePins } from '../src/model/invariants/catalogue';
import * as versions from '../src/versions';
import { parseAnswers } from '../src/init/answers';
import { fleetFiles } from '../src/init/fleet-files';

// Renovate runs its regex managers with RE2 over each file its managerFilePatterns select; the
// patterns use only what RE2 and JavaScript share (no look-around), so JavaScript applies them here.
const repo = path.resolve(import.meta.dirname, '..');
const config = JSON.parse(fs.readFileSync(path.join(repo, 'renovate.json'), 'utf8')) as {
  customManagers: { customType: string; managerFilePatterns: string[]; matchStrings: string[] }[];
  customDatasources: Record<string, unknown>;
};
const FILE = 'src/versions.ts';
const text = fs.readFileSync(path.join(repo, FILE), 'utf8');

interface Dependency { datasource: string; depName: string; currentValue: string; registryUrl?: string; versioning?: string; line: number }

/** What Renovate extracts from versions.ts: every match of every manager that selects the file. */
function extract(): Dependency[] {
  const managers = config.customManagers.filter((m) => m.managerFilePatterns.some((p) => new RegExp(p.slice(1, -1)).test(FILE)));
  return managers.flatMap((m) =>
    m.matchStrings.flatMap((pattern) =>
      [...text.matchAll(new RegExp(pattern, 'g'))].map((match) => ({ ...(match.groups as unknown as Dependency), line: text.slice(0, match.index).split('\n').length })),
    ),
  );
}

/** Every pin of the catalogue, cloud image serial included (its value has no semver form). */
const pins = () => [...cataloguePins(versions), { key: 'cloudImage.serial', version: versions.cloudImage.serial }];

const KNOWN_DATASOURCES = ['github-releases', 'helm', 'docker', 'terraform-provider', 'npm', 'go', ...Object.keys(config.customDatasources).map((d) => `custom.${d}`)];

describe('renovate.json', () => {
  it('uses no regex feature RE2 lacks (look-around, back-references)', () => {
    for (const pattern of config.customManagers.flatMap((m) => m.matchStrings)) expect(pattern).not.toMatch(/\(\?[=!]|\(\?<[=!]|\\[1-9]/);
  });

  it('matches every pin in src/versions.ts once, with its value and a known datasource', () => {
    const found = extract();
    for (const dep of found) {
      expect(KNOWN_DATASOURCES, `line ${dep.line}`).toContain(dep.datasource);
      expect(dep.depName, `line ${dep.line}`).toMatch(/^\S+$/);
    }
    const values = found.map((d) => d.currentValue).sort();
    expect(values).toEqual(pins().map((p) => p.version).sort());
  });

  it('leaves no renovate comment without a pin under it', () => {
    const comments = text.split('\n').filter((l) => l.trim().startsWith('// renovate:')).length;
    expect(extract()).toHaveLength(comments);
  });

  it('names the real upstream of each kind of pin', () => {
    const byValue = (value: string) => extract().filter((d) => d.currentValue === value);
    // Where Flux pulls a chart from OCI, Renovate watches that OCI repository.
    expect(byValue(versions.charts.cilium.version)).toContainEqual(expect.objectContaining({ datasource: 'docker', depName: versions.charts.cilium.oci.replace('oci://', '') }));
    expect(byValue(versions.charts.clusterApiOperator.version)).toContainEqual(expect.objectContaining({ datasource: 'helm', depName: 'cluster-api-operator', registryUrl: versions.charts.clusterApiOperator.repo }));
    expect(byValue(versions.images.kubeVip.tag)).toContainEqual(expect.objectContaining({ datasource: 'docker', depName: versions.images.kubeVip.repository }));
    expect(byValue(versions.terraformProviders.libvirt.version)).toContainEqual(expect.objectContaining({ datasource: 'terraform-provider', depName: versions.terraformProviders.libvirt.source }));
    const k3s = extract().filter((d) => d.depName === 'k3s-io/k3s');
    expect(k3s.map((d) => d.currentValue).sort()).toEqual(Object.values(versions.k3s).sort());
    // k3s releases are vX.Y.Z+k3sN: the regex versioning must parse every pinned one.
    const versioning = new RegExp(k3s[0]!.versioning!.replace(/^regex:/, ''));
    for (const version of Object.values(versions.k3s)) expect(version).toMatch(versioning);
  });

  it('finds a pin a user adds under a comment, and misses one added without', () => {
    const added = text.replace("} as const;\n\n/**\n * Helm charts", "  // renovate: datasource=github-releases depName=k3s-io/k3s\n  staging: 'v1.36.5+k3s1',\n} as const;\n\n/**\n * Helm charts");
    expect(added).not.toBe(text);
    const [pattern] = config.customManagers[0]!.matchStrings;
    expect([...added.matchAll(new RegExp(pattern!, 'g'))].map((m) => m.groups!.currentValue)).toContain('v1.36.5+k3s1');
    const bare = text.replace("} as const;\n\n/**\n * Helm charts", "  staging: 'v1.36.5+k3s1',\n} as const;\n\n/**\n * Helm charts");
    expect(bare).not.toBe(text);
    expect([...bare.matchAll(new RegExp(pattern!, 'g'))].map((m) => m.groups!.currentValue)).not.toContain('v1.36.5+k3s1');
  });
});

describe("a fleet's renovate.json, as init writes it", () => {
  const answers = parseAnswers({ name: 'lab' }, '/tmp/f', '0.2.0').answers!;
  const files = fleetFiles(answers, { tool: '0.2.0', peers: { cdk8s: '2.70.106' }, typescript: '5.9.3', node: '^20.19.0', k3s: 'v1.36.4+k3s1' });
  const fleetConfig = JSON.parse(files.get('renovate.json')!) as typeof config & { packageRules: { matchPackageNames?: string[] }[] };
  // The pins file init writes, with an app chart and a platform override added as its README shows.
  const pinsFile = files.get('environments/versions.ts')!
    .replace('export const apps = {} as const;', "export const apps = {\n  // renovate: datasource=docker depName=ghcr.io/stefanprodan/charts/podinfo\n  podinfo: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' },\n} as const;\n\nexport const platform = {\n  // renovate: datasource=docker depName=quay.io/cilium/charts/cilium\n  charts: { cilium: { version: '1.20.1' } },\n} as const;");

  it("matches every pin of the fleet's environments/versions.ts, and nothing of the tool's", () => {
    const managers = fleetConfig.customManagers.filter((m) => m.managerFilePatterns.some((p) => new RegExp(p.slice(1, -1)).test('environments/versions.ts')));
    expect(fleetConfig.customManagers.every((m) => !m.managerFilePatterns.some((p) => new RegExp(p.slice(1, -1)).test('src/versions.ts')))).toBe(true);
    const found = managers.flatMap((m) => m.matchStrings.flatMap((pattern) => [...pinsFile.matchAll(new RegExp(pattern, 'g'))].map((match) => match.groups!)));
    expect(found.map((d) => [d.datasource, d.depName, d.currentValue])).toEqual([
      ['github-releases', 'k3s-io/k3s', 'v1.36.4+k3s1'],
      ['docker', 'ghcr.io/stefanprodan/charts/podinfo', '6.14.1'],
      ['docker', 'quay.io/cilium/charts/cilium', '1.20.1'],
    ]);
    expect(found).toHaveLength(pinsFile.split('\n').filter((l) => l.trim().startsWith('// renovate:')).length);
  });

  it('bumps the tool and the construct libraries together (npm), as one group', () => {
    expect(fleetConfig.packageRules).toContainEqual(expect.objectContaining({ matchPackageNames: ['k3s-gitops-synth', 'cdk8s', 'cdk8s-plus-31', 'constructs'] }));
    for (const pattern of fleetConfig.customManagers.flatMap((m) => m.matchStrings)) expect(pattern).not.toMatch(/\(\?[=!]|\(\?<[=!]|\\[1-9]/);
  });
});
