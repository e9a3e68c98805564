import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { checkCelRules } from '../../src/validate/cel-check';
import { SchemaStore } from '../../src/validate/schemas';

// The sample manifests shipped beside the schemas, each marked pass or fail; read in place.
const SHARED = path.resolve(import.meta.dirname, '../../../shared/schemas');
const file = path.join(SHARED, 'samples/validation-samples.yaml');
const present = fs.existsSync(file);
if (!present) console.warn(`SKIPPED: ${file} not found`);

interface Sample { expect: 'pass' | 'fail'; schema: string; doc: Record<string, any>; knownGap?: boolean }
const samples: Sample[] = present ? YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJS()) : [];

describe.skipIf(!present)('the upstream validation samples', () => {
  const stores = { json: new SchemaStore(path.join(SHARED, 'json')), values: new SchemaStore(path.join(SHARED, 'values')) };

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
