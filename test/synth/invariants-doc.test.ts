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
import { RULE_FAMILIES } from '../../src/check/families';

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

  it('name, for every family, files that exist, and give every rule exactly one family', () => {
    const repo = path.resolve(import.meta.dirname, '../..');
    for (const family of RULE_FAMILIES) {
      for (const file of family.files) {
        const [where] = file.split(' ');
        // `<name>` and `*` stand for every component's or rule family's file: at least one exists.
        const dir = path.join(repo, where!.split(/[<*]/)[0]!);
        expect(where!.includes('<') || where!.includes('*') ? fs.existsSync(path.dirname(dir)) : fs.existsSync(dir), `${family.name}: ${file}`).toBe(true);
      }
    }
    const codes = RULE_FAMILIES.flatMap((f) => f.rules.map((r) => r.code));
    expect(new Set(codes).size).toBe(codes.length);
    // Every rule runChecks() runs is in its families; the tree's (plan's, on the disk) in none of them.
    for (const rule of rules.filter((r) => !planRules.includes(r))) expect(codes, rule.code).toContain(rule.code);
    for (const rule of planRules) expect(codes).not.toContain(rule.code);
  });
});

