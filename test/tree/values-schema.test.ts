import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { synthesize } from '../../src/synth/render';
import { CHARTS_WITHOUT_VALUES_SCHEMA, VALUES_SCHEMA_STAND_INS, declaredStandInNote, resolveValuesSchema, valuesSchemaNote, valuesSchemaWarning } from '../../src/tree/values-schema';
import { charts } from '../../src/versions';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { valuesSchemaNotes } from '../../src/synth/values-schema-notes';
import { synthCommand } from '../../src/synth/commands';
import { chartValues, checkChartValues, valuesSchemaFor } from '../../src/validate/values-check';
import { environmentTree } from '../../src/validate/tree-objects';
import { REPO_ROOT } from '../../src/tree/repo-root';
import { podinfo } from '../fixtures/corpus';
import { modify, threeServers } from '../fixtures/environments';

const FILES = ['cilium-1.20.0.values.schema.json', 'cilium-1.19.4.values.schema.json', 'cert-manager-v1.21.1.values.schema.json', 'cert-manager-v1.21.2.values.schema.json', 'flux-operator-0.49.0.values.schema.json', 'podinfo-6.14.1.values.schema.json', 'podinfo-6.14.0.values.schema.json'];

describe('the one values schema resolution synth and validate share', () => {
  it('takes the exact release, else the newest patch of the same minor, else the declared stand-in (for its release, or of another minor), else none', () => {
    expect(resolveValuesSchema(FILES, 'cilium', '1.20.0')).toEqual({ file: 'cilium-1.20.0.values.schema.json', how: 'exact' });
    expect(resolveValuesSchema(FILES, 'cert-manager', 'v1.21.2')).toEqual({ file: 'cert-manager-v1.21.2.values.schema.json', how: 'exact' });
    expect(resolveValuesSchema(FILES, 'cert-manager', 'v1.21.3')).toEqual({ file: 'cert-manager-v1.21.2.values.schema.json', how: 'same-minor' });
    expect(resolveValuesSchema(FILES, 'podinfo', '6.14.9')).toEqual({ file: 'podinfo-6.14.1.values.schema.json', how: 'same-minor' });
    expect(resolveValuesSchema(FILES, 'flux-operator', '0.58.1')).toEqual({ file: 'flux-operator-0.49.0.values.schema.json', how: 'declared' });
    expect(resolveValuesSchema(FILES, 'flux-operator', 'v0.58.1')).toEqual({ file: 'flux-operator-0.49.0.values.schema.json', how: 'declared' });
    expect(resolveValuesSchema(FILES, 'flux-operator', '0.59.0')).toEqual({ file: 'flux-operator-0.49.0.values.schema.json', how: 'another-minor' });
    // The declared stand-in's own minor is taken as the same minor, not as declared.
    expect(resolveValuesSchema(FILES, 'flux-operator', '0.49.3')).toEqual({ file: 'flux-operator-0.49.0.values.schema.json', how: 'same-minor' });
    // A declared stand-in whose file is absent stands in for nothing.
    expect(resolveValuesSchema(FILES.filter((f) => !f.startsWith('flux-operator')), 'flux-operator', '0.58.1')).toEqual({ how: 'none' });
    // Another minor stands in only where it is declared: cilium 1.21 has none.
    expect(resolveValuesSchema(FILES, 'cilium', '1.21.0')).toEqual({ how: 'none' });
    // A chart whose name prefixes another's never takes its files.
    expect(resolveValuesSchema(FILES, 'cert', '1.21.1')).toEqual({ how: 'none' });
  });

  it('says which schema was used in one sentence, and nothing for the release own', () => {
    expect(valuesSchemaNote('flux-operator', '0.58.1', { file: 'flux-operator-0.49.0.values.schema.json', how: 'another-minor' })).toBe("chart flux-operator 0.58.1: its values are judged by flux-operator-0.49.0.values.schema.json, a stand-in of another minor (the pinned release's schema is not vendored)");
    expect(valuesSchemaNote('podinfo', '6.14.2', { file: 'podinfo-6.14.1.values.schema.json', how: 'same-minor' })).toBe("chart podinfo 6.14.2: its values are judged by podinfo-6.14.1.values.schema.json, a stand-in of the same minor (the pinned release's schema is not vendored)");
    expect(valuesSchemaNote('cilium', '1.20.0', { file: 'cilium-1.20.0.values.schema.json', how: 'exact' })).toBeUndefined();
    expect(valuesSchemaNote('cilium', '1.21.0', { how: 'none' })).toBeUndefined();
    expect(valuesSchemaNote('flux-operator', '0.58.1', { file: 'flux-operator-0.49.0.values.schema.json', how: 'declared' })).toBeUndefined();
  });

  it('warns of a stand-in with the file a fleet copies the release own schema to', () => {
    expect(valuesSchemaWarning('flux-operator', '0.59.0', { file: 'flux-operator-0.49.0.values.schema.json', how: 'another-minor' })).toBe("chart flux-operator 0.59.0: its values are judged by flux-operator-0.49.0.values.schema.json, a stand-in of another minor (the pinned release's schema is not vendored); copy the chart's 0.59.0 values.schema.json to the fleet's schemas/values/flux-operator-0.59.0.values.schema.json");
    expect(valuesSchemaWarning('flux-operator', '0.58.1', { file: 'flux-operator-0.49.0.values.schema.json', how: 'declared' })).toBeUndefined();
    expect(valuesSchemaWarning('cilium', '1.20.0', { file: 'cilium-1.20.0.values.schema.json', how: 'exact' })).toBeUndefined();
  });

  it('notes the stand-in the tool declares for a release, and nothing else', () => {
    expect(declaredStandInNote('flux-operator', '0.58.1', { file: 'flux-operator-0.49.0.values.schema.json', how: 'declared' })).toBe('chart flux-operator 0.58.1: its values are judged by flux-operator-0.49.0.values.schema.json, the stand-in the tool declares for this release (its own schema is not vendored: schemas/SOURCES.md)');
    expect(declaredStandInNote('flux-operator', '0.59.0', { file: 'flux-operator-0.49.0.values.schema.json', how: 'another-minor' })).toBeUndefined();
  });

  it('declares each stand-in for the tool own pin of its chart: a bump reviews the stand-in again', () => {
    for (const [chart, standIn] of Object.entries(VALUES_SCHEMA_STAND_INS)) {
      expect(Object.values(charts).find((c) => c.chart === chart)?.version, chart).toBe(standIn.pin);
    }
  });

  it("the validate guide lists every chart that publishes no values schema", () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'docs/guides/validate.md'), 'utf8').replace(/\s+/g, ' ');
    const listed = /`CHARTS_WITHOUT_VALUES_SCHEMA`: ([^)]*)\)/.exec(readme)?.[1];
    expect(listed).toBe([...CHARTS_WITHOUT_VALUES_SCHEMA].sort().join(', '));
  });

  it("warns of nothing for the tool's own pins: each is judged by its release's schema or the stand-in declared for it", () => {
    const env = resolve(modify(threeServers, (e: any) => { e.tls = {}; }));
    const files = renderEnvironment(env);
    expect(chartValues(environmentTree(env.name, files)).map((c) => `${c.chart} ${c.version}`)).toEqual(expect.arrayContaining(['cert-manager v1.21.2', 'flux-operator 0.58.1', 'cilium 1.20.0']));
    expect(valuesSchemaNotes(path.join(os.tmpdir(), 'no-such-fleet'), env, files)).toEqual([]);
    const report = checkChartValues([environmentTree(env.name, files)], path.join(REPO_ROOT, 'schemas/values'), path.join(os.tmpdir(), 'no-such-fleet'));
    expect(report.notes.filter((n) => n.startsWith('warning:'))).toEqual([]);
    expect(report.notes).toContain('chart flux-operator 0.58.1: its values are judged by flux-operator-0.49.0.values.schema.json, the stand-in the tool declares for this release (its own schema is not vendored: schemas/SOURCES.md)');
  });

  it("names, for synth's output, the schema validate takes for a platform chart an environment pins past the declared stand-in", () => {
    const env = resolve(modify(threeServers, (e: any) => { e.versions = { charts: { fluxOperator: { version: '0.59.0' } } }; }));
    const notes = valuesSchemaNotes(path.join(os.tmpdir(), 'no-such-fleet'), env, renderEnvironment(env));
    expect(notes).toContain("chart flux-operator 0.59.0: its values are judged by flux-operator-0.49.0.values.schema.json, a stand-in of another minor (the pinned release's schema is not vendored); copy the chart's 0.59.0 values.schema.json to the fleet's schemas/values/flux-operator-0.59.0.values.schema.json");
    // Cilium's own release is vendored: nothing to say of it.
    expect(notes.filter((n) => n.includes('chart cilium '))).toEqual([]);
  });

  it("counts synth's stand-in warnings in its summary line, as many warnings as it prints", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'warnings-'));
    const result = synthCommand({ root, environments: [modify(threeServers, (e: any) => { e.versions = { charts: { fluxOperator: { version: '0.59.0' } } }; })] });
    fs.rmSync(root, { recursive: true, force: true });
    expect(result.exitCode, result.stderr).toBe(0);
    const name = resolve(threeServers).name;
    const printed = [...result.stdout.split('\n'), ...result.stderr.split('\n')].filter((l) => l.startsWith(`warning: ${name}: `) || l.startsWith(`warning ${name}.`) || l.startsWith(`warning ${name} `));
    expect(printed.some((l) => l.includes('a stand-in of another minor'))).toBe(true);
    const counted = new RegExp(`^${name}: .* objects, (\\d+) warnings?`, 'm').exec(result.stdout);
    expect(Number(counted![1])).toBe(printed.length);
  });

  it("says the same in synth and validate of a platform chart an environment pins at a release no schema is vendored for", () => {
    const env = resolve(modify(threeServers, (e: any) => { e.versions = { charts: { certManager: { version: 'v1.20.0' } } }; }));
    const files = renderEnvironment(env);
    const sentence = "chart cert-manager v1.20.0: no values schema is vendored for this release or its minor, so its values are not validated; copy the chart's v1.20.0 values.schema.json to the fleet's schemas/values/cert-manager-v1.20.0.values.schema.json";
    expect(valuesSchemaNotes(path.join(os.tmpdir(), 'no-such-fleet'), env, files)).toContain(sentence);
    const report = checkChartValues([environmentTree(env.name, files)], path.join(REPO_ROOT, 'schemas/values'), path.join(os.tmpdir(), 'no-such-fleet'));
    expect(report.findings.filter((f) => f.message.includes('cert-manager'))).toEqual([]);
    expect(report.notes).toContain(`warning: ${sentence}`);
  });

  describe('an app whose release has no schema of its own, its minor has one', () => {
    const schema = JSON.stringify({ type: 'object', properties: { replicaCount: { type: 'integer' } } });
    const appSources = new Map([['schemas/values/podinfo-6.14.1.values.schema.json', schema]]);
    const withValues = (values: Record<string, unknown>) => modify(threeServers, (e) => { e.apps = [{ ...podinfo, helm: { ...podinfo.helm, version: '6.14.2', values } }]; });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'values-'));
    fs.writeFileSync(path.join(dir, 'podinfo-6.14.1.values.schema.json'), schema);

    /** validate's findings and notes on podinfo for the tree synth renders of `values` (the fleet's schemas in `dir`). */
    const validated = (values: Record<string, unknown>) => {
      const env = resolve(withValues(values));
      const report = checkChartValues([environmentTree(env.name, renderEnvironment(env, { appSources }))], path.join(REPO_ROOT, 'schemas/values'), dir);
      return { findings: report.findings.filter((f) => f.message.includes('podinfo')).map((f) => f.message), notes: report.notes.filter((n) => n.includes('podinfo')) };
    };

    it('synth refuses what the schema refuses, naming the file validate refuses it by', () => {
      const { violations } = synthesize(withValues({ replicaCount: 'two' }), { secrets: new Map(), appSources });
      const refused = violations.filter((v) => v.code === 'app.values-invalid');
      expect(refused.map((v) => v.message)).toEqual(['must be integer (schemas/values/podinfo-6.14.1.values.schema.json)']);
      expect(valuesSchemaFor(dir, 'podinfo', '6.14.2')).toEqual({ file: 'podinfo-6.14.1.values.schema.json', how: 'same-minor' });
      expect(validated({ replicaCount: 'two' }).findings).toEqual(['/replicaCount must be integer [podinfo-6.14.1.values.schema.json]']);
    });

    it('synth accepts what the schema accepts, and warns in the words validate prints', () => {
      const { violations } = synthesize(withValues({ replicaCount: 2 }), { secrets: new Map(), appSources });
      expect(violations.filter((v) => v.severity === 'error')).toEqual([]);
      const [warning] = violations.filter((v) => v.code === 'app.values-schema-stand-in');
      expect(warning).toMatchObject({ severity: 'warning', path: 'fixture.apps[0].helm.version', value: '6.14.2', fix: "copy the chart's 6.14.2 values.schema.json to the fleet's schemas/values/podinfo-6.14.2.values.schema.json" });
      expect(warning!.message).toBe(valuesSchemaNote('podinfo', '6.14.2', valuesSchemaFor(dir, 'podinfo', '6.14.2')));
      expect(validated({ replicaCount: 2 })).toEqual({ findings: [], notes: [`warning: ${warning!.message}; ${warning!.fix}`] });
    });
  });
});
