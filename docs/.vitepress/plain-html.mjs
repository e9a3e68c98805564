// The pages are Markdown for the forge's file view as much as for the site: no Vue in them. VitePress
// compiles every page as a Vue template, so two things common in these pages failed the build:
// placeholders written `<env>`, `<name>` (markdown-it reads each as an HTML tag Vue cannot close),
// and `{{ … }}` in prose (a workflow expression, a Go template: Vue reads an interpolation).

/** The elements a page may really use (markdown-it passes them through as HTML). */
const ELEMENTS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'div', 'dl', 'dt',
  'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol',
  'p', 'picture', 'pre', 'q', 's', 'samp', 'section', 'small', 'source', 'span', 'strong', 'sub', 'summary', 'sup',
  'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul', 'var', 'video', 'wbr',
]);

/** @param {string} text the text, as HTML element content */
export const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** @param {string} html @returns {boolean} whether it starts with a tag that is not an element (or a comment) */
export const isPlaceholder = (html) => {
  const tag = /^<\/?([A-Za-z][\w.-]*)/.exec(html.trimStart());
  return tag !== null && !ELEMENTS.has(tag[1].toLowerCase());
};

/**
 * An "HTML" token whose tag is not an HTML element is written out as the text it is, and the page
 * is wrapped in `v-pre`, so Vue compiles none of its text.
 * @param {import('markdown-it').default} md
 */
export function plainHtml(md) {
  const render = md.render.bind(md);
  md.render = (src, env) => `<div v-pre>${render(src, env)}</div>`;
  const inline = md.renderer.rules.html_inline;
  const block = md.renderer.rules.html_block;
  md.renderer.rules.html_inline = (tokens, idx, ...rest) =>
    isPlaceholder(tokens[idx].content) ? escape(tokens[idx].content) : inline ? inline(tokens, idx, ...rest) : tokens[idx].content;
  md.renderer.rules.html_block = (tokens, idx, ...rest) =>
    isPlaceholder(tokens[idx].content) ? `<p>${escape(tokens[idx].content)}</p>\n` : block ? block(tokens, idx, ...rest) : tokens[idx].content;
}
