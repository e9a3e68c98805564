import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modelRules } from '../../src/model/invariants';
import { renderedRules } from '../../src/check/rendered-rules';
import { secretSourceRules } from '../../src/model/invariants/secrets';
import { RULES_DIR, familyPage, ruleFamilies, rulesDocs } from '../../src/synth/rules-docs';
import { headingAnchor } from '../../src/tree/markdown-text';
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

  it('are documented in docs/reference/rules/ as generated (run npm run synth when this fails)', () => {
    for (const [page, text] of rulesDocs()) expect(fs.readFileSync(path.resolve(import.meta.dirname, '../..', page), 'utf8'), page).toBe(text);
  });

  it("give every code a heading of its own on its family's page, with its severity", () => {
    const pages = rulesDocs();
    for (const family of ruleFamilies()) {
      const page = pages.get(`${RULES_DIR}/${familyPage(family)}`)!;
      for (const rule of family.rules) expect(page, rule.code).toMatch(new RegExp(`^## ${rule.code.replace(/\./g, '\\.')}\n\n\\*\\*${rule.severity}\\*\\*: `, 'm'));
    }
    // Every rule is on one page: the tree's too (plan's, which no family of runChecks() holds).
    const headings = [...pages.values()].flatMap((p) => [...p.matchAll(/^## (\S+)$/gm)].map((m) => m[1]));
    for (const rule of rules) expect(headings, rule.code).toContain(rule.code);
  });

  it('list the families in the order they run, each linked to its page, and the field matrix', () => {
    const index = rulesDocs().get(`${RULES_DIR}/index.md`)!;
    const linked = [...index.matchAll(/^\| (\d+) \| \[([^\]]+)\]\(([^)]+)\)/gm)].map((m) => [Number(m[1]), m[2], m[3]]);
    expect(linked).toEqual(ruleFamilies().map((f, i) => [i + 1, f.name, familyPage(f)]));
    expect(index).toContain('(matrix.md)');
    expect(rulesDocs().get(`${RULES_DIR}/matrix.md`)).toMatch(/^# Field matrix\n/);
  });

  it('keep a placeholder in a summary from reading as an element: <env> outside code is &lt;env>', () => {
    const page = rulesDocs().get(`${RULES_DIR}/secrets.md`)!;
    expect(page).toContain('secrets/&lt;env>/');
    expect(page.replace(/`[^`]*`/g, '')).not.toMatch(/<[a-z]/);
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


describe('the rule codes page', () => {
  const pages = rulesDocs();
  const codes = pages.get(`${RULES_DIR}/codes.md`) ?? '';
  const rows = [...codes.matchAll(/^\| \[`([^`]+)`\]\(([^)#]+)#([^)]+)\) \| ([^|]+) \| (error|warning) \| /gm)].map((m) => ({ code: m[1]!, page: m[2]!, anchor: m[3]!, family: m[4]!, severity: m[5]! }));

  it('lists every code and alias once, alphabetically, with its family and severity', () => {
    const expected = ruleFamilies().flatMap((f) => f.rules.flatMap((r) => [r.code, ...(r.aliases ?? [])].map((code) => ({ code, family: f.name, severity: r.severity }))));
    expect(rows.map(({ code, family, severity }) => ({ code, family, severity }))).toEqual([...expected].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)));
    // A code split from another is a rule of its own and, for one release, an alias of the rule it was split into.
    expect(rows.filter((r) => r.code === 'longhorn.replicas-exceed-servers').map((r) => r.anchor)).toEqual(['longhorn-replicas-exceed-servers', 'longhorn-replicas-invalid']);
    expect(codes).toContain('| alias of `longhorn.replicas-invalid` until the next release |');
  });

  it("links each code to its heading's anchor on its family's page", () => {
    for (const row of rows) {
      const anchors = [...pages.get(`${RULES_DIR}/${row.page}`)!.matchAll(/^## (\S+)$/gm)].map((m) => headingAnchor(m[1]!));
      expect(anchors, row.code).toContain(row.anchor);
    }
    expect(pages.get(`${RULES_DIR}/index.md`)).toContain('[the rule codes](codes.md)');
  });

  it("anchors a heading as VitePress 1.6.4's slugify does", () => {
    expect(headingAnchor('flux.layer-missing')).toBe('flux-layer-missing');
    expect(headingAnchor('The environment spec, checked at the boundary')).toBe('the-environment-spec-checked-at-the-boundary');
    expect(headingAnchor('`secrets set` <name>')).toBe('secrets-set-name');
    expect(headingAnchor('1.2 Files')).toBe('_1-2-files');
  });
});

describe("a rule's fix on its family's page", () => {
  const repo = path.resolve(import.meta.dirname, '../..');

  it("says the fix is computed per finding and printed as fix:, with the family's guide where it has one", () => {
    const pages = rulesDocs();
    for (const family of ruleFamilies()) {
      const entries = pages.get(`${RULES_DIR}/${familyPage(family)}`)!.split(/^## /m).slice(1);
      expect(entries).toHaveLength(family.rules.length);
      for (const entry of entries) {
        const fix = entry.split('\n').find((l) => l.startsWith('**Fix**: '));
        expect(fix, entry).toMatch(/^\*\*Fix\*\*: computed for each finding; synth, check and diff print it under the finding as `fix:`/);
        if (family.guide === undefined) expect(fix).not.toContain('guides/');
        else expect(fix).toContain(`](../../guides/${family.guide})`);
      }
    }
  });

  it('fails when a family names a guide or a section the guides do not have', () => {
    const broken = ruleFamilies().filter((f) => {
      if (f.guide === undefined) return false;
      const [file, anchor] = f.guide.split('#');
      const page = path.join(repo, 'docs/guides', file!);
      if (!fs.existsSync(page)) return true;
      return anchor !== undefined && ![...fs.readFileSync(page, 'utf8').matchAll(/^#+ (.+)$/gm)].some((m) => headingAnchor(m[1]!) === anchor);
    });
    expect(broken.map((f) => `${f.name}: ${f.guide}`)).toEqual([]);
    expect(ruleFamilies().filter((f) => f.guide !== undefined).length).toBeGreaterThan(8);
  });
});
