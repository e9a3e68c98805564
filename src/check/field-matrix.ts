/**
 * Every field of the EnvironmentSpec thought through for each class of silent acceptance: a
 * cell says which rule catches it (and the corpus case or test that proves it), why the class
 * does not apply, or that it applies and no rule catches it yet (pending). The rows come from the
 * schema (spec-walk.ts), so a new field has a row at once; what its kind settles (a boolean holds
 * no whitespace) is filled below, the rest by hand in field-cells.ts.
 */
import type { z } from 'zod';
import { environmentSchema } from '../model/environment';
import { emptyMeans, specFields } from '../model/spec-walk';
import type { Field } from '../model/spec-walk';
import { applies, CLASS_MEANING, FIELD_CLASSES, no } from './field-cell';
import type { Applies, Cell, FieldCells } from './field-cell';
import { BOUNDS_TEST, FIELD_CELLS, NOT_A_NUMBER, TEXT_TEST } from './field-cells';

export interface MatrixRow {
  readonly field: Field;
  /** A class without a cell here is one nobody thought through: the matrix test fails on it. */
  readonly cells: FieldCells;
}

const CONTAINER: Partial<Record<Field['kind'], string>> = {
  object: 'an object: its fields are rows of their own',
  array: 'a list: its entries are rows of their own',
  record: 'a record: its entries are rows of their own',
  'free-form': "free-form chart values, handed to the chart as written (the chart's values schema judges them, app.values-invalid)",
  function: "a function, the user's construct",
};
const SCALAR: Partial<Record<Field['kind'], string>> = { number: 'a number', boolean: 'a boolean', enum: 'one of fixed values (anything else is spec.invalid-choice)' };

// A text field named for a release: its version-exists cell is thought through by hand (field-cells/version-exists.ts).
const VERSION_NAMED = /(^|\.)(version|tag|serial|image|kubernetes)$/;

const patterned = (field: Field) => (field.schema as unknown as { format?: string }).format === 'regex';
const bounds = (field: Field) => field.schema as unknown as { minValue?: number | null; maxValue?: number | null };

/** What a field's kind settles, class by class; the hand-kept cells go over it. */
function derived(field: Field): FieldCells {
  const other = CONTAINER[field.kind] ?? SCALAR[field.kind];
  const text = field.kind === 'string' || field.kind === 'entry';
  const meaning = emptyMeans.get(field.schema as z.ZodType)?.meaning;
  const { minValue, maxValue } = bounds(field);
  const bounded = field.kind === 'number' && Number.isFinite(minValue) && Number.isFinite(maxValue);
  const versioned = text && VERSION_NAMED.test(field.path);
  const textCell = (code: string): Cell => (patterned(field) ? applies('kubeconfig-mode-not-octal', 'spec.invalid-format') : applies(TEXT_TEST, code));
  return {
    'secret-material': text ? no('a name, address, version or setting: the spec holds no secret value (Secrets are declared by name; their values live in SOPS sources)') : no(other!),
    'outside-repo': text ? no('not a path synth or the runbook writes on the workstation') : no(other!),
    whitespace: text ? textCell('spec.whitespace') : no(other!),
    'empty-part': text ? (meaning ? no(`empty means ${meaning}`) : textCell('spec.empty')) : no(other!),
    'must-resolve': text ? no('a value of its own, not the name of something else that must exist') : no(other!),
    ...(bounded ? { 'upper-bound': applies(BOUNDS_TEST, 'spec.out-of-range') } : field.kind === 'number' ? {} : { 'upper-bound': no(field.kind === 'array' || field.kind === 'record' ? 'no system limits how many entries it holds' : field.kind === 'entry' ? 'a name: no size or count' : text ? 'a string: no size or count' : other!) }),
    'without-effect': no('takes effect wherever it can be set (a component section exists only where the component runs)'),
    'shared-identity': no('no identity that two nodes, VMs or objects could share'),
    ordering: no('nothing is applied before or after it because of it'),
    // Issue 42's classes; a text field that is neither a version nor listed by hand has no
    // program-refuses cell here: the matrix test fails until someone thinks it through.
    ...(versioned
      ? { 'program-refuses': no("a version: whether a tag of that name exists is version-exists'") }
      : text
        ? {}
        : { 'program-refuses': no(field.kind === 'number' ? 'a number: the range its program takes is its upper-bound cell' : other!) }),
    ...(versioned ? {} : { 'version-exists': no(text ? 'not a version: it names no release a registry must hold' : field.kind === 'number' ? 'a number, not a release' : other!) }),
    ownership: no(CONTAINER[field.kind] ?? "names or makes no object that a user's app and the platform could both hold"),
    lifecycle: no(CONTAINER[field.kind] ?? 'a new value between commits is applied in place, or by the replacement the review reports from the plan; nothing live refuses it'),
    'authority-accepts': no(CONTAINER[field.kind] ?? 'nothing of it reaches a certificate authority or a mail relay'),
    'override-effect': no(CONTAINER[field.kind] ?? "the environment's own value, not an override of a pin: the tree renders what is written"),
    'not-a-number': field.kind === 'number' ? NOT_A_NUMBER : no(text ? 'a string: a NaN there is a number where a string is meant (spec.wrong-type)' : other!),
  };
}

/** Every row of the matrix: each field of the schema, its derived cells under the hand-kept ones. */
export function fieldMatrix(): MatrixRow[] {
  return specFields(environmentSchema).map((field) => ({ field, cells: { ...derived(field), ...FIELD_CELLS[field.path] } }));
}

const codeList = (a: Applies) => `${a.applies.map((c) => `\`${c}\``).join(', ')} (${a.by.startsWith('test/') ? `\`${a.by}\`` : `corpus \`${a.by}\``})`;

/** One cell as docs/reference/rules/matrix.md shows it. */
export function renderCell(cell: Cell | undefined): string {
  if (cell === undefined) return '**not thought through**';
  if ('applies' in cell) return `applies: ${codeList(cell)}`;
  if ('pending' in cell) return `**pending**: ${cell.pending}${cell.today ? `; today ${codeList(cell.today)}` : ''}`;
  return `no: ${cell.no}`;
}

/** The matrix as markdown: one row per field, one column per class. */
export function fieldMatrixDoc(): string[] {
  return [
    '# Field matrix',
    '',
    'Every field of the EnvironmentSpec (from the schema; `[]` is an entry of a list, `<name>` an entry of a record)',
    '× each class of silent acceptance: **applies** names the rule codes that catch it and the corpus case or test',
    'that proves it; **no** says why the class does not apply; **pending** marks a class that applies where no',
    'rule catches it yet. Kept in `src/check/field-matrix.ts` (what a kind settles), `src/check/field-cells.ts`',
    '(the first nine classes by field, by hand) and `src/check/field-cells/<class>.ts` (issue 42\'s seven, one file per',
    'class, by hand). The classes:',
    '',
    ...FIELD_CLASSES.map((c) => `- \`${c}\`: ${CLASS_MEANING[c]}`),
    '',
    `| field | kind | ${FIELD_CLASSES.join(' | ')} |`,
    `| --- | --- | ${FIELD_CLASSES.map(() => '---').join(' | ')} |`,
    ...fieldMatrix().map((row) => `| \`${row.field.path}\` | ${row.field.kind} | ${FIELD_CLASSES.map((c) => renderCell(row.cells[c]).replace(/\|/g, '\\|')).join(' | ')} |`),
    '',
  ];
}
