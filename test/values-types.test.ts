import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemasByChart, typeName, valuesTypes, valuesTypesProblems } from '../scripts/values-types';
import type { CiliumValues } from '../src/values/cilium';

const repo = path.resolve(import.meta.dirname, '..');

describe('chart values types', () => {
  it('are generated from the values schemas in the repository, and src/values/ is up to date', async () => {
    expect(await valuesTypesProblems(repo)).toEqual([]);
  });

  it('come from the newest schema of each chart, named after the chart', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'values-'));
    fs.mkdirSync(path.join(root, 'schemas/values'), { recursive: true });
    for (const file of ['podinfo-6.9.0', 'podinfo-6.14.1', 'podinfo-6.10.3', 'my-chart-v1.2.3', 'not-a-version']) {
      fs.writeFileSync(path.join(root, 'schemas/values', `${file}.values.schema.json`), '{"type":"object"}');
    }
    expect(schemasByChart(root).map((s) => `${s.chart} ${s.version}`)).toEqual(['my-chart v1.2.3', 'podinfo 6.14.1']);
    expect(typeName('cert-manager')).toBe('CertManagerValues');
    fs.rmSync(root, { recursive: true });
  });

  it("type an app's values from the schema the user copies in, unknown keys refused", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'values-'));
    fs.mkdirSync(path.join(root, 'schemas/values'), { recursive: true });
    const schema = { type: 'object', properties: { replicaCount: { type: 'integer' }, ui: { type: 'object', properties: { message: { type: 'string' } } } } };
    fs.writeFileSync(path.join(root, 'schemas/values/podinfo-6.14.1.values.schema.json'), JSON.stringify(schema));
    const text = (await valuesTypes(root)).get('src/values/podinfo.ts')!;
    expect(text).toContain('export interface PodinfoValues {');
    expect(text).toContain('replicaCount?: number;');
    expect(text).not.toContain('[k: string]: unknown');
    fs.rmSync(root, { recursive: true });
  });

  it("make the compiler refuse a misspelt or mistyped Cilium value (tsc runs these lines in npm test)", () => {
    const good = { kubeProxyReplacement: true, operator: { replicas: 2 } } satisfies CiliumValues;
    // @ts-expect-error a misspelt key: no such value in Cilium's schema
    const typo = { kubeProxyReplacment: true } satisfies CiliumValues;
    // @ts-expect-error replicas is a number
    const wrong = { operator: { replicas: 'two' } } satisfies CiliumValues;
    expect([good, typo, wrong]).toHaveLength(3);
  });
});
