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

/**
 * The anchor the site gives a heading: VitePress 1.6.4's slugify (its node build, from
 * @mdit-vue/shared), for a rule code `flux.layer-missing` → `flux-layer-missing`.
 */
export const headingAnchor = (heading: string) =>
  heading.replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-').replace(/^-+|-+$/g, '').replace(/^(\d)/, '_$1').toLowerCase();
