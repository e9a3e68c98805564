/** One cell of the field matrix (field-matrix.ts): a class applies, does not, or is pending. */

/** Each class of silent acceptance, with what it is (docs/reference/rules/matrix.md lists them in this order). */
export const CLASS_MEANING = {
  'secret-material': 'a secret value written where the tree commits it in plain text',
  'outside-repo': 'a path that makes synth or the runbook write outside the repository',
  whitespace: 'leading or trailing white space',
  'empty-part': 'an empty value, or an empty part inside one',
  'must-resolve': 'a name of something else (a layer, a Secret, a node) that must exist',
  'upper-bound': 'a number or count beyond what the system takes',
  'without-effect': 'a setting nothing the environment runs reads',
  'shared-identity': 'an identity two nodes, VMs or objects would share',
  ordering: 'something applied before what it needs',
  'program-refuses': 'a name or value the real program (libvirt, Proxmox, the API server, k3s, ssh, git) refuses',
  'version-exists': 'a version no registry has: a tag written against its convention, a release the data does not know',
  ownership: "one object owned by the user's apps and the platform both (the pruning apps layer would co-own it)",
  lifecycle: 'a change between commits the live object cannot take: a downgrade, a move, a clash with a running VM',
  'authority-accepts': 'a value a certificate authority or a mail relay refuses',
  'override-effect': 'an override the tree does not show (the version table says one thing, the tree holds another)',
  'not-a-number': 'NaN or Infinity where a number is meant',
} as const;

export type FieldClass = keyof typeof CLASS_MEANING;
export const FIELD_CLASSES = Object.keys(CLASS_MEANING) as FieldClass[];

/** `by`: a corpus case (its file name under test/fixtures/invalid/, without .ts) or a test file (`test/…`). */
export interface Applies { readonly applies: readonly string[]; readonly by: string }
export interface DoesNotApply { readonly no: string }
/** The class applies and no rule catches it yet; `today` names what catches part of it. */
export interface Pending { readonly pending: string; readonly today?: Applies }
export type Cell = Applies | DoesNotApply | Pending;

/** One field's cells, by class: what field-cells.ts writes for a field. */
export type FieldCells = Partial<Record<FieldClass, Cell>>;
/** One class's hand-kept cells, by field path: what a file of field-cells/ writes. */
export type ClassCells = Readonly<Record<string, Cell>>;

export const applies = (by: string, ...codes: string[]): Applies => ({ applies: codes, by });
export const no = (why: string): DoesNotApply => ({ no: why });
export const pending = (what: string, today?: Applies): Pending => ({ pending: what, ...(today && { today }) });
