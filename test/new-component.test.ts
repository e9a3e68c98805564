import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseYamlDocuments } from '../src/tree/yaml';

// The recipe for a new component (docs/guides/components.md), followed to the letter on a copy of the tool's own
// folders (its sources, scripts, schemas and docs; no fleet, no test, no environment of the
// checkout), with a fleet of the test's own: a pin in src/versions.ts, one entry file, its line in
// the table; for a component with settings, its settings.ts and its line in the spec's sections
// too. Nothing else is edited.
const repo = path.resolve(import.meta.dirname, '..');
let copy: string;
/** The tool, and nothing of a fleet: what `npm run synth` and the typecheck of src/ need. */
const TOOL_FOLDERS = ['src', 'scripts', 'schemas', 'docs'];
const TOOL_FILES = ['package.json', 'package-lock.json', 'tsconfig.build.json'];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8' });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

function edit(rel: string, change: (text: string) => string) {
  const file = path.join(copy, rel);
  const after = change(fs.readFileSync(file, 'utf8'));
  if (after === fs.readFileSync(file, 'utf8')) throw new Error(`the edit of ${rel} changed nothing: the test no longer matches the file`);
  fs.writeFileSync(file, after);
}

const ENTRY = `import * as versions from '../../versions';
import { defineComponent } from '../entry';
import { fromSwitch, switchPath } from '../switch';

/** metrics-server: resource metrics for kubectl top and autoscalers, where an environment lists it. */
export const metricsServer = defineComponent({
  name: 'metrics-server',
  configure: fromSwitch('metrics-server', 'platform'),
  switchable: true,
  placement: (config) => ({ layer: config.layer, path: switchPath('metrics-server') }),
  versions: ['charts.metricsServer'],
  chart: (config) => ({ name: 'metrics-server', namespace: 'kube-system', ...versions.charts.metricsServer, values: { replicas: 2, ...config.values } }),
  namespaces: () => ['kube-system'],
});
`;

// A component with a section of its own: its settings (fields and defaults) in its folder.
const SETTINGS = `import { z } from 'zod';
import { defineSection } from '../../model/section';

/** \`spec.descheduler\`: evicts pods that a better node now fits. */
export const deschedulerSection = defineSection({
  schema: z.strictObject({
    /** The layer its HelmRelease lives in. */
    layer: z.string().default('platform'),
    /** How often it runs, as a cron schedule. */
    schedule: z.string().default('*/10 * * * *'),
  }),
});
`;

const SECTION_ENTRY = `import * as versions from '../../versions';
import { defineComponent } from '../entry';

/** descheduler, where \`spec.descheduler\` is set. */
export const descheduler = defineComponent({
  name: 'descheduler',
  configure: (env) => env.descheduler,
  placement: (config) => ({ layer: config.layer, path: 'descheduler.layer' }),
  versions: ['charts.descheduler'],
  chart: (config) => ({ name: 'descheduler', namespace: 'kube-system', ...versions.charts.descheduler, values: { kind: 'CronJob', schedule: config.schedule } }),
  namespaces: () => ['kube-system'],
});
`;

// The test's own fleet: one bare-metal server with the new components switched on, one without.
const ENVIRONMENTS = `import type { EnvironmentSpec } from '../src/model/environment';
import * as versions from '../src/versions';

const server = (name: string, subnet: string): EnvironmentSpec => ({
  name,
  baseDomain: \`\${name}.home.arpa\`,
  network: { subnet: \`\${subnet}.0/24\`, gateway: \`\${subnet}.1\`, dns: [\`\${subnet}.1\`] },
  nodes: [{ name: \`\${name}-1\`, ip: \`\${subnet}.10\`, founder: true }],
  controlPlane: {},
  k3s: { version: versions.k3s.tested, datastore: 'sqlite' },
  flux: { url: \`https://git.home.arpa/ops/\${name}.git\`, layers: [{ name: 'platform' }] },
  infrastructure: { kind: 'bare-metal' },
});

export const environments = [
  { ...server('lab', '10.30.0'), components: { 'metrics-server': { values: { args: ['--kubelet-insecure-tls'] } } }, descheduler: {} },
  server('quiet', '10.31.0'),
];
`;

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'new-component-'));
  // docs/ for the pages synth writes; not the docs workspace's install and build (docs/package.json).
  const notSiteTooling = (src: string) => !/docs[\\/](node_modules|\.vitepress[\\/](dist|cache))$/.test(src);
  for (const folder of TOOL_FOLDERS) fs.cpSync(path.join(repo, folder), path.join(copy, folder), { recursive: true, filter: notSiteTooling });
  for (const file of TOOL_FILES) fs.copyFileSync(path.join(repo, file), path.join(copy, file));
  // The tool's compiler options, over the copy's sources and the test's fleet only.
  const tsconfig = JSON.parse(fs.readFileSync(path.join(repo, 'tsconfig.json'), 'utf8')) as { include: string[] };
  fs.writeFileSync(path.join(copy, 'tsconfig.json'), JSON.stringify({ ...tsconfig, include: ['src', 'scratch'] }));
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

describe('adding a component', () => {
  // A typecheck of the whole tool, a synth and a check: beyond the default minute on a busy machine.
  it('takes a pin, one entry and its line in the table (and, with settings, its settings.ts and its line in sections.ts): it typechecks, synthesizes where switched on, and check passes', () => {
    edit('src/versions.ts', (t) =>
      t.replace(
        "version: '0.28.0' },\n} as const;",
        "version: '0.28.0' },\n  // renovate: datasource=helm depName=metrics-server registryUrl=https://kubernetes-sigs.github.io/metrics-server\n  metricsServer: { repo: 'https://kubernetes-sigs.github.io/metrics-server', chart: 'metrics-server', version: '3.13.0' },\n" +
          "  // renovate: datasource=helm depName=descheduler registryUrl=https://kubernetes-sigs.github.io/descheduler\n  descheduler: { repo: 'https://kubernetes-sigs.github.io/descheduler', chart: 'descheduler', version: '0.34.0' },\n} as const;",
      ),
    );
    fs.mkdirSync(path.join(copy, 'src/components/metrics-server'));
    fs.writeFileSync(path.join(copy, 'src/components/metrics-server/index.ts'), ENTRY);
    edit('src/components/table.ts', (t) =>
      t
        .replace("import type { ComponentEntry, EnabledComponent } from './entry';", "import type { ComponentEntry, EnabledComponent } from './entry';\nimport { metricsServer } from './metrics-server';")
        .replace("import { metricsServer } from './metrics-server';", "import { metricsServer } from './metrics-server';\nimport { descheduler } from './descheduler';")
        .replace(/(export const COMPONENTS: readonly ComponentEntry\[\] = \[[^\]]*)\]/, '$1, metricsServer, descheduler]'),
    );
    // With settings of its own: its folder holds them too, and the spec's table of sections names it.
    fs.mkdirSync(path.join(copy, 'src/components/descheduler'));
    fs.writeFileSync(path.join(copy, 'src/components/descheduler/settings.ts'), SETTINGS);
    fs.writeFileSync(path.join(copy, 'src/components/descheduler/index.ts'), SECTION_ENTRY);
    edit('src/components/sections.ts', (t) =>
      t
        .replace("import { ciliumSection } from './cilium/settings';", "import { ciliumSection } from './cilium/settings';\nimport { deschedulerSection } from './descheduler/settings';")
        .replace('  clusterApi: clusterApiSection,\n', '  clusterApi: clusterApiSection,\n  descheduler: deschedulerSection,\n'),
    );
    fs.mkdirSync(path.join(copy, 'scratch'));
    fs.writeFileSync(path.join(copy, 'scratch/environments.ts'), ENVIRONMENTS);

    // The tool's own typecheck (`npm run typecheck`), without the package's declarations.
    const tsc = run(process.execPath, ['scripts/typecheck.mjs', '--no-declarations']);
    expect(tsc.code, tsc.out).toBe(0);
    expect(tsc.out).toBe('');
    // What `npm run synth` runs (its package.json script), without npm's own start-up.
    const synth = run(process.execPath, ['--', 'scripts/run.mjs', 'synth', '--environments', 'scratch/environments.ts']);
    expect(synth.code, synth.out).toBe(0);

    const folder = path.join(copy, 'clusters/lab/kubernetes/platform/metrics-server');
    const release = parseYamlDocuments(fs.readFileSync(path.join(folder, 'helmrelease.kube-system.metrics-server.yaml'), 'utf8'))[0] as any;
    expect(release.spec.chart.spec).toMatchObject({ chart: 'metrics-server', version: '3.13.0', sourceRef: { kind: 'HelmRepository', name: 'metrics-server' } });
    expect(release.spec.values).toEqual({ replicas: 2, args: ['--kubelet-insecure-tls'] });
    // Only where switched on: the other environment has neither folder.
    expect(fs.existsSync(path.join(copy, 'clusters/quiet/kubernetes/platform/metrics-server'))).toBe(false);
    expect(fs.existsSync(path.join(copy, 'clusters/quiet/kubernetes/platform/descheduler'))).toBe(false);

    // The section's default is applied from its folder, and the settings reference shows it.
    const scheduled = parseYamlDocuments(fs.readFileSync(path.join(copy, 'clusters/lab/kubernetes/platform/descheduler/helmrelease.kube-system.descheduler.yaml'), 'utf8'))[0] as any;
    expect(scheduled.spec.values).toEqual({ kind: 'CronJob', schedule: '*/10 * * * *' });
    expect(fs.readFileSync(path.join(copy, 'docs/reference/settings.md'), 'utf8')).toContain('| <a id="descheduler.schedule"></a>`descheduler.schedule` | string | `"*/10 * * * *"` |');

    const check = run(process.execPath, ['--', 'scripts/run.mjs', 'check', '--environments', 'scratch/environments.ts']);
    expect(check.code, check.out).toBe(0);
  }, 180_000);
});
