import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGHORN_DATA_PATH, LONGHORN_PACKAGES } from '../src/components/longhorn/settings';
import { componentNamespaces, enabledComponents } from '../src/components/table';
import { resolve } from '../src/model/resolve';
import { CLUSTER_NAMESPACES } from '../src/tree/kinds';
import * as versions from '../src/versions';
import { dev } from './fixtures/fleet/dev';
import { mgmt } from './fixtures/fleet/mgmt';

// One direction of data flow: the model knows nothing of the generators, the writer or the CLIs,
// and the conformance gate reads trees without the writer.
const src = path.resolve(import.meta.dirname, '../src');

/** Every relative import of every .ts file under `dir`, as folders of src/ it reaches into. */
function imports(dir: string): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) {
        for (const [, spec] of fs.readFileSync(full, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
          found.push({ file: path.relative(src, full), target: path.relative(src, path.resolve(path.dirname(full), spec!)) });
        }
      }
    }
  };
  walk(path.join(src, dir));
  return found;
}

const into = (found: { target: string }[], folders: string[]) => found.filter((i) => folders.some((f) => i.target === f || i.target.startsWith(`${f}/`)));

/** A component's settings module (its spec fields, defaults and derived values), or the table of them the environment schema composes. */
const isSettings = (target: string) => /^components\/([a-z-]+\/settings|switch-settings|sections)$/.test(target.replace(/\.ts$/, ''));

describe('the import graph', () => {
  it('has no upward import from model/ but the components\' settings', () => {
    const upward = into(imports('model'), ['bootstrap', 'charts', 'secrets', 'k8s', 'infra', 'synth', 'validate', 'environments', 'components', 'apps', 'check', 'cli', 'fleet', 'review', 'init']);
    expect(upward.filter((i) => !isSettings(i.target))).toEqual([]);
    expect(upward.filter((i) => isSettings(i.target)).length).toBeGreaterThan(0);
  });

  it("keeps a component's settings a leaf: zod, the spec's types and the sections' helper only", () => {
    const settings = imports('components').filter((i) => isSettings(i.file));
    expect(settings.filter((i) => !['model/spec-types', 'model/section'].includes(i.target) && !isSettings(i.target))).toEqual([]);
  });

  it('keeps no module at the root of src/ but the entry point and the pins', () => {
    const loose = fs.readdirSync(src, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(loose.sort()).toEqual(['index.ts', 'versions.ts']);
  });

  // The table sits above the constructs it uses: k8s/ renders units without knowing where they come from.
  it('keeps the generators below the component table and the apps', () => {
    for (const dir of ['k8s', 'bootstrap', 'workload', 'infra', 'charts']) {
      expect(into(imports(dir), ['components', 'apps', 'synth', 'check']), dir).toEqual([]);
    }
  });

  it('keeps the component table and the apps away from the writer and the CLIs', () => {
    for (const dir of ['components', 'apps']) expect(into(imports(dir), ['synth', 'validate', 'environments']), dir).toEqual([]);
  });

  it('keeps validate/ away from the writer', () => {
    expect(into(imports('validate'), ['synth'])).toEqual([]);
  });
});

describe("the tool's tests and the example fleet", () => {
  // The example fleet (environments/, secrets/, clusters/ at the root) is a user's data: guarded by
  // check and validate, never read by a test, so an edit of it can never turn the suite red.
  const repo = path.resolve(src, '..');
  const FLEET = ['environments', 'secrets', 'clusters'];
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

  it('import nothing of it and name none of its folders under the repository', () => {
    const found: string[] = [];
    for (const file of files(path.join(repo, 'test'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(repo, path.resolve(path.dirname(file), spec!));
        if (FLEET.some((f) => target === f || target.startsWith(`${f}/`))) found.push(`${path.relative(repo, file)} imports ${spec}`);
      }
      for (const [call] of text.matchAll(/path\.(?:join|resolve)\(\s*repo\s*,\s*'(environments|secrets|clusters)\b[^)]*\)/g)) found.push(`${path.relative(repo, file)}: ${call}`);
    }
    // The diagrams' node for the ingress VIP is named `ingress` too: a Mermaid id, not the namespace.
    const sameWordOtherMeaning = ["overview/diagrams.ts: 'ingress'", "review/review.ts: 'ingress'"];
    expect(found.filter((f) => !sameWordOtherMeaning.includes(f))).toEqual([]);
  });
});

describe("a component's facts", () => {
  // What only a component knows (its namespaces, Longhorn's data path and node packages) is written
  // in its folder; the rest of the code reads it from the resolved environment or the table.
  const everything = [mgmt, dev].map((spec) => resolve(spec));
  const facts = new Set([
    ...everything.flatMap((env) => [...componentNamespaces(enabledComponents(env)).keys()]),
    LONGHORN_DATA_PATH,
    ...LONGHORN_PACKAGES,
  ]);
  // A chart's name is the catalogue's (src/versions.ts), even where a namespace shares it.
  const charts = new Set(Object.values(versions.charts).map((c) => c.chart));
  const owned = [...facts].filter((fact) => !CLUSTER_NAMESPACES.includes(fact) && !(charts as Set<string>).has(fact));

  const sources = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

  it('are written nowhere outside src/components/ (the generated bindings and the pins aside)', () => {
    expect(owned).toEqual(expect.arrayContaining(['longhorn-system', 'monitoring', '/var/lib/longhorn', 'open-iscsi']));
    const outside = sources(src).filter((f) => !/^(components|imports)\//.test(path.relative(src, f)) && path.relative(src, f) !== 'versions.ts');
    const found = outside.flatMap((file) => owned.filter((fact) => fs.readFileSync(file, 'utf8').includes(`'${fact}'`)).map((fact) => `${path.relative(src, file)}: '${fact}'`));
    // The diagrams' node for the ingress VIP is named `ingress` too: a Mermaid id, not the namespace.
    const sameWordOtherMeaning = ["overview/diagrams.ts: 'ingress'", "review/review.ts: 'ingress'"];
    expect(found.filter((f) => !sameWordOtherMeaning.includes(f))).toEqual([]);
  });
});
