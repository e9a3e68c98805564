/// <reference types="vite/client" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_FAMILIES } from '../../src/check/families';
import { FIELD_CLASSES } from '../../src/check/field-cell';
import type { Applies, Cell, FieldClass } from '../../src/check/field-cell';
import { BOUNDS_TEST, FIELD_CELLS, NOT_A_NUMBER, TEXT_TEST } from '../../src/check/field-cells';
import { fieldMatrix, fieldMatrixDoc, renderCell } from '../../src/check/field-matrix';
import { environmentSchema } from '../../src/model/environment';
import { specFields } from '../../src/model/spec-walk';
import { planRules } from '../../src/synth/plan';
import type { CorpusCase } from '../fixtures/corpus';

const corpus = new Map(Object.entries(import.meta.glob<{ default: CorpusCase }>('../fixtures/invalid/*.ts', { eager: true })).map(([file, mod]) => [path.basename(file, '.ts'), mod.default]));
const codes = new Set([...RULE_FAMILIES.flatMap((f) => f.rules), ...planRules].map((r) => r.code));
const root = path.resolve(import.meta.dirname, '../..');
const rows = fieldMatrix();
const cells = rows.flatMap((row) => FIELD_CLASSES.map((c) => [row.field.path, c, row.cells[c]] as const));
const proofs = (cell: Cell | undefined): Applies[] => (cell === undefined ? [] : 'applies' in cell ? [cell] : 'pending' in cell && cell.today ? [cell.today] : []);

describe('the field matrix', () => {
  it('has one row per field of the schema, and names no field the schema lacks', () => {
    expect(rows.map((r) => r.field.path)).toEqual(specFields(environmentSchema).map((f) => f.path));
    const paths = new Set(rows.map((r) => r.field.path));
    expect(Object.keys(FIELD_CELLS).filter((p) => !paths.has(p))).toEqual([]);
  });

  it('fills every cell of every row', () => {
    expect(cells.filter(([, , cell]) => cell === undefined).map(([p, c]) => `${p} ${c}`)).toEqual([]);
    expect(cells.filter(([, , cell]) => cell !== undefined && 'no' in cell && cell.no.length < 8).map(([p, c]) => `${p} ${c}`)).toEqual([]);
  });

  it.each(cells.filter(([, , cell]) => proofs(cell).length > 0).map(([p, c, cell]) => [`${p} ${c}`, proofs(cell)[0]!] as const))('%s: names rule codes that exist, proven by a corpus case or test that expects them', (_at, proof) => {
    expect(proof.applies.length).toBeGreaterThan(0);
    expect(proof.applies.filter((code) => !codes.has(code))).toEqual([]);
    if (proof.by.startsWith('test/')) {
      const text = fs.readFileSync(path.join(root, proof.by), 'utf8');
      // The two walks read the codes from this matrix and inject each field; the others name theirs.
      if (![TEXT_TEST, BOUNDS_TEST].includes(proof.by)) for (const code of proof.applies) expect(text, proof.by).toContain(code);
    } else {
      expect(corpus.get(proof.by)?.expect, proof.by).toEqual(expect.arrayContaining([...proof.applies]));
    }
  });

  it('gives whitespace and empty-part to every string field, and bounds to every number field', () => {
    for (const row of rows.filter((r) => r.field.kind === 'string')) {
      expect('applies' in row.cells.whitespace!, row.field.path).toBe(true);
    }
    for (const row of rows.filter((r) => r.field.kind === 'number')) {
      expect('applies' in row.cells['upper-bound']!, row.field.path).toBe(true);
    }
    expect(rows.find((r) => r.field.path === 'infrastructure.adopt.vms.<name>.machine')!.cells['empty-part']).toEqual({ no: "empty means Proxmox's default machine type (i440fx), as `qm config` shows it by leaving the line out" });
  });

  it("gives every number field the NaN walk's cell, and leaves every text field named for a release to version-exists' hand", () => {
    for (const row of rows.filter((r) => r.field.kind === 'number')) expect(row.cells['not-a-number'], row.field.path).toBe(NOT_A_NUMBER);
    const released = rows.filter((r) => r.field.kind === 'string' && /(^|\.)(version|tag|serial|image|kubernetes)$/.test(r.field.path)).map((r) => r.field.path);
    expect(released).toEqual(expect.arrayContaining(['k3s.version', 'apps[].helm.version', 'infrastructure.kubernetes', 'versions.images.kubeVip.tag', 'versions.cloudImage.serial', 'nodes[].vm.image']));
    expect(released.filter((p) => FIELD_CELLS[p]?.['version-exists'] === undefined)).toEqual([]);
    expect(rows.find((r) => r.field.path === 'k3s.version')!.cells['program-refuses']).toEqual({ no: "a version: whether a tag of that name exists is version-exists'" });
  });

  it('keeps every cell a class file writes under that class', () => {
    expect(FIELD_CELLS['infrastructure.kubernetes']).toMatchObject({ 'must-resolve': { applies: ['workload.template-missing'] }, lifecycle: { applies: ['workload.kubernetes-downgrade'] } });
    expect(FIELD_CELLS['apps[].namespace']).toMatchObject({ ordering: { applies: ['app.namespace-not-ready'] }, ownership: { applies: ['app.platform-namespace'] } });
  });

  it('lists each class with what it is', () => {
    const doc = fieldMatrixDoc();
    expect(doc).toContain('- `lifecycle`: a change between commits the live object cannot take: a downgrade, a move, a clash with a running VM');
    expect(doc.filter((line) => line.startsWith('- `'))).toHaveLength(FIELD_CLASSES.length);
  });

  // A class that applies where no rule catches it yet is a pending cell: none is left in the first
  // nine classes; issue 42's seven hold the cells whose rules its streams are writing.
  it('has no pending cells outside the classes issue 42 is closing', () => {
    const open: readonly FieldClass[] = ['program-refuses', 'version-exists', 'ownership', 'lifecycle', 'authority-accepts', 'override-effect', 'not-a-number'];
    expect(cells.filter(([, c, cell]) => cell !== undefined && 'pending' in cell && !open.includes(c)).map(([p, c]) => `${p} ${c}`)).toEqual([]);
  });

  it('renders each kind of cell, and a row per field into docs/reference/rules/matrix.md', () => {
    expect(renderCell({ applies: ['vm.vlan-invalid'], by: 'vlan-out-of-range' })).toBe('applies: `vm.vlan-invalid` (corpus `vlan-out-of-range`)');
    expect(renderCell({ applies: ['spec.whitespace'], by: 'test/model/spec-text.test.ts' })).toBe('applies: `spec.whitespace` (`test/model/spec-text.test.ts`)');
    expect(renderCell({ no: 'a boolean' })).toBe('no: a boolean');
    expect(renderCell({ pending: 'x', today: { applies: ['a.b', 'c.d'], by: 'e' } })).toBe('**pending**: x; today `a.b`, `c.d` (corpus `e`)');
    expect(renderCell(undefined)).toBe('**not thought through**');
    const doc = fieldMatrixDoc();
    expect(doc.filter((line) => line.startsWith('| `'))).toHaveLength(rows.length);
    expect(doc).toContain('| `nodes[].vm.mac` | string | no: a name, address, version or setting: the spec holds no secret value (Secrets are declared by name; their values live in SOPS sources) | no: not a path synth or the runbook writes on the workstation | applies: `spec.whitespace` (`test/model/spec-text.test.ts`) | applies: `spec.empty` (`test/model/spec-text.test.ts`) | no: a value of its own, not the name of something else that must exist | no: a string: no size or count | applies: `setting.without-effect` (`test/components/without-effect.test.ts`) | applies: `vm.duplicate-mac` (corpus `planned-shared-mac`) | no: nothing is applied before or after it because of it | applies: `vm.invalid-mac` (corpus `invalid-mac`) | no: not a version: it names no release a registry must hold | no: names or makes no object that a user\'s app and the platform could both hold | no: a new value between commits is applied in place, or by the replacement the review reports from the plan; nothing live refuses it | no: nothing of it reaches a certificate authority or a mail relay | no: the environment\'s own value, not an override of a pin: the tree renders what is written | no: a string: a NaN there is a number where a string is meant (spec.wrong-type) |');
  });
});
