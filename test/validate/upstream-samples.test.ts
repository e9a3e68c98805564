import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { checkCelRules } from '../../src/validate/cel-check';
import { SchemaStore } from '../../src/validate/schemas';

// The upstream sample manifests of the vendored schemas, each marked pass or fail (scripts/vendor.ts),
// and this repository's own for the schemas it generates (validation-samples-verify.yaml).
const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');
const files = ['validation-samples.yaml', 'validation-samples-platform.yaml', 'validation-samples-fleet.yaml', 'validation-samples-verify.yaml'].map((f) => path.resolve(import.meta.dirname, '../fixtures/schema-samples', f));

interface Sample { expect: 'pass' | 'fail'; schema: string; doc: Record<string, any>; knownGap?: boolean }
const samples: Sample[] = files.flatMap((file) => YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS())).filter((s) => s !== null);

describe('the upstream validation samples', () => {
  const stores = { json: new SchemaStore(path.join(SCHEMAS, 'json')), values: new SchemaStore(path.join(SCHEMAS, 'values')) };

  it('cover every vendored schema', () => {
    const used = new Set(samples.map((s) => s.schema.split('/')[1]));
    expect(stores.json.files().filter((f) => !used.has(f))).toEqual([]);
  });

  it.each(samples.map((s, i) => [i, s.expect, s.schema, s] as const))('sample %i (%s, %s)', (_i, _expect, schema, sample) => {
    const [folder, name] = schema.split('/') as ['json' | 'values', string];
    const validate = stores[folder].get(name)!;
    const schemaOk = validate(sample.doc);
    // What JSON Schema cannot express (dropped CEL rules) our own rules must catch.
    const celOk = checkCelRules([{ env: 'sample', file: 'sample', doc: sample.doc }]).length === 0;
    if (sample.knownGap) expect(schemaOk).toBe(true);
    expect(schemaOk && celOk ? 'pass' : 'fail').toBe(sample.expect);
  });

  it('still holds a known gap (a CEL-only rule) for the CEL rules to prove themselves on', () => {
    expect(samples.filter((s) => s.knownGap).length).toBeGreaterThan(0);
  });
});
