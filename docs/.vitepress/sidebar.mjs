// The sidebar and nav, built from the folders at build time: a page added to a folder appears
// without an edit here, under the title its own first `# ` heading gives it.
import fs from 'node:fs';
import path from 'node:path';
import { escape } from './plain-html.mjs';

/**
 * The site's sections, in the order the nav shows them. `order`: `links` follows the order in
 * which the section's index.md (else the home page) first links to its pages, as its authors
 * wrote it; `name` sorts by file name (the decisions' numbers).
 * @type {readonly { dir: string, text: string, order: 'links' | 'name' }[]}
 */
export const SECTIONS = [
  { dir: 'getting-started', text: 'Getting started', order: 'links' },
  { dir: 'guides', text: 'Guides', order: 'links' },
  { dir: 'reference', text: 'Reference', order: 'links' },
  { dir: 'design', text: 'Design', order: 'links' },
  { dir: 'decisions', text: 'Decisions', order: 'name' },
];

/**
 * A page's title: its first `# ` heading outside a code fence, inline code kept as <code>
 * (the sidebar renders HTML).
 * @param {string} file
 * @returns {string}
 */
export function pageTitle(file) {
  let fenced = false;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || !line.startsWith('# ')) continue;
    return escape(line.slice(2).trim()).replace(/`([^`]+)`/g, '<code>$1</code>');
  }
  throw new Error(`${file} has no \`# \` heading: every page starts with one, the sidebar's title for it; add \`# <title>\` as its first line`);
}

/**
 * The pages a Markdown file links to, in the order it first links to each, as paths relative to
 * `srcDir` (`guides/secrets.md`).
 * @param {string} srcDir
 * @param {string} file
 * @returns {string[]}
 */
export function linkOrder(srcDir, file) {
  if (!fs.existsSync(file)) return [];
  const order = [];
  for (const [, target] of fs.readFileSync(file, 'utf8').matchAll(/\]\(([^)\s#]+\.md)(?:#[^)]*)?\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const page = path.relative(srcDir, path.resolve(path.dirname(file), target)).split(path.sep).join('/');
    if (!order.includes(page)) order.push(page);
  }
  return order;
}

/** @param {string} page a path relative to srcDir; @returns {string} its clean URL */
const url = (page) => '/' + page.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '');

/**
 * One folder's items: its index first, then its pages and sub-folders (a sub-folder stands where
 * its index.md is first linked).
 * @param {string} srcDir
 * @param {string} dir relative to srcDir
 * @param {'links' | 'name'} order
 * @returns {import('vitepress').DefaultTheme.SidebarItem[]}
 */
export function folderItems(srcDir, dir, order) {
  const entries = fs.readdirSync(path.join(srcDir, dir), { withFileTypes: true });
  const pages = entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => `${dir}/${e.name}`);
  const folders = entries.filter((e) => e.isDirectory() && fs.existsSync(path.join(srcDir, dir, e.name, 'index.md'))).map((e) => `${dir}/${e.name}/index.md`);
  const linked = order === 'links'
    ? [...linkOrder(srcDir, path.join(srcDir, dir, 'index.md')), ...linkOrder(srcDir, path.join(srcDir, 'index.md'))]
    : [];
  const rank = (page) => {
    const at = linked.indexOf(page);
    return at < 0 ? linked.length : at;
  };
  const sorted = [...pages, ...folders]
    .filter((p) => p !== `${dir}/index.md`)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en'));
  const first = pages.includes(`${dir}/index.md`) ? [`${dir}/index.md`] : [];
  return [...first, ...sorted].map((page) => {
    const title = pageTitle(path.join(srcDir, page));
    if (page === `${dir}/index.md` || !page.endsWith('/index.md')) return { text: title, link: url(page) };
    const sub = page.slice(0, -'/index.md'.length);
    return { text: title, collapsed: true, items: folderItems(srcDir, sub, order) };
  });
}

/**
 * The sidebar: one group per section that exists, collapsed (VitePress opens the one holding the
 * page shown).
 * @param {string} srcDir
 * @returns {import('vitepress').DefaultTheme.SidebarItem[]}
 */
export function sidebar(srcDir) {
  return SECTIONS.filter((s) => fs.existsSync(path.join(srcDir, s.dir)))
    .map((s) => ({ text: s.text, collapsed: true, items: folderItems(srcDir, s.dir, s.order) }))
    .filter((group) => group.items.length > 0);
}

/**
 * The nav: each section's first page.
 * @param {import('vitepress').DefaultTheme.SidebarItem[]} groups
 * @returns {import('vitepress').DefaultTheme.NavItem[]}
 */
export function nav(groups) {
  const firstLink = (items) => {
    for (const item of items) {
      const link = item.link ?? firstLink(item.items ?? []);
      if (link !== undefined) return link;
    }
    return undefined;
  };
  return groups.map((group) => {
    const link = firstLink(group.items);
    const dir = link.split('/')[1];
    return { text: group.text, link, activeMatch: `^/${dir}/` };
  });
}
