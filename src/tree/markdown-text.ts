/**
 * Prose for a generated page, read as Markdown by the forge and by the documentation site (whose
 * Vue compiler takes a bare `<env>` for an element): `<` outside code spans is written `&lt;`.
 */
export const markdownText = (text: string) =>
  text
    .split('`')
    .map((part, i) => (i % 2 === 0 ? part.replace(/</g, '&lt;') : part))
    .join('`');

/** Prose as a table cell: its pipes escaped too. */
export const tableCell = (text: string) => markdownText(text.replace(/\|/g, '\\|'));
