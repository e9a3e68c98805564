/** One cell of the field matrix (field-matrix.ts): a class applies, does not, or is pending. */

export const FIELD_CLASSES = ['secret-material', 'outside-repo', 'whitespace', 'empty-part', 'must-resolve', 'upper-bound', 'without-effect', 'shared-identity', 'ordering'] as const;
export type FieldClass = (typeof FIELD_CLASSES)[number];

/** `by`: a corpus case (its file name under test/fixtures/invalid/, without .ts) or a test file (`test/…`). */
export interface Applies { readonly applies: readonly string[]; readonly by: string }
export interface DoesNotApply { readonly no: string }
/** The class applies and no rule catches it yet; `today` names what catches part of it. */
export interface Pending { readonly pending: string; readonly today?: Applies }
export type Cell = Applies | DoesNotApply | Pending;

/** One field's cells, by class: what field-cells.ts writes for a field. */
export type FieldCells = Partial<Record<FieldClass, Cell>>;

export const applies = (by: string, ...codes: string[]): Applies => ({ applies: codes, by });
export const no = (why: string): DoesNotApply => ({ no: why });
export const pending = (what: string, today?: Applies): Pending => ({ pending: what, ...(today && { today }) });


