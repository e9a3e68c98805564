import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelRules } from '../../src/model/invariants';
import { renderedRules } from '../../src/check/rendered-rules';
import { secretSourceRules } from '../../src/model/invariants/secrets';
import { INVARIANTS_DOC, invariantsDoc } from '../../src/synth/invariants-doc';
import { specRules } from '../../src/model/spec-check';
import { catalogueRules } from '../../src/model/invariants/catalogue';
import { fleetRules } from '../../src/model/invariants/fleet';
import { planRules } from '../../src/synth/plan';

const rules = [...specRules, ...modelRules, ...secretSourceRules, ...renderedRules, ...catalogueRules, ...fleetRules, ...planRules];

describe('the rule tables', () => {
  it('give every rule a unique code of the form family.name', () => {
    const codes = rules.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9-]+\.[a-z0-9-]+$/);
  });

  it('say what every rule protects', () => {
    for (const rule of rules) expect(rule.summary.length, rule.code).toBeGreaterThan(15);
  });

  it('are documented in docs/invariants.md as generated (run npm run synth when this fails)', () => {
    expect(fs.readFileSync(path.resolve(import.meta.dirname, '../..', INVARIANTS_DOC), 'utf8')).toBe(invariantsDoc());
    for (const rule of rules) expect(invariantsDoc()).toContain(`| \`${rule.code}\` | ${rule.severity} | ${rule.summary} |`);
  });
});
