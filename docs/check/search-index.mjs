// The local search's index as the build makes it, without a build: every page rendered by the
// site's own Markdown renderer, split into sections at its headings, added to MiniSearch with the
// site's options; searched with the options the search box uses. Mirrors vitepress v1.6.4
// src/node/plugins/localSearchPlugin.ts (splitPageIntoSections, indexFile) and
// src/client/theme-default/components/VPLocalSearchBox.vue (the search options).
import fs from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { createMarkdownRenderer, resolveConfig } from 'vitepress';

const headingRegex = /<h(\d*).*?>(.*?<a.*? href="#.*?".*?>.*?<\/a>)<\/h\1>/gi;
const headingContentRegex = /(.*?)<a.*? href="#(.*?)".*?>.*?<\/a>/i;
const clearHtmlTags = (html) => html.replace(/<[^>]*>/g, '');

/** @param {string} html @returns {Generator<{ anchor: string, titles: string[], text: string }>} */
function* sections(html) {
  const parts = html.split(headingRegex);
  parts.shift();
  let parents = [];
  for (let i = 0; i < parts.length; i += 3) {
    const level = parseInt(parts[i], 10) - 1;
    const heading = headingContentRegex.exec(parts[i + 1]);
    const title = clearHtmlTags(heading?.[1] ?? '').trim();
    const content = parts[i + 2];
    if (!title || !content) continue;
    const titles = [...parents.slice(0, level)];
    titles[level] = title;
    yield { anchor: heading?.[2] ?? '', titles: titles.filter(Boolean), text: clearHtmlTags(content) };
    if (level === 0) parents = [title];
    else parents[level] = title;
  }
}

/**
 * @param {string} srcDir the site's pages (docs/)
 * @returns {Promise<(query: string) => string[]>} a search: the results' ids (`/reference/settings#controlplane`), best first
 */
export async function siteSearch(srcDir) {
  const config = await resolveConfig(srcDir, 'build', 'production');
  const md = await createMarkdownRenderer(config.srcDir, config.markdown, config.site.base, config.logger);
  const local = config.site.themeConfig.search?.options?.miniSearch ?? {};
  const index = new MiniSearch({ fields: ['title', 'titles', 'text'], storeFields: ['title', 'titles'], ...local.options });
  for (const page of config.pages) {
    const id = `/${page}`.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '');
    const html = md.render(fs.readFileSync(path.join(config.srcDir, page), 'utf8'), { path: path.join(config.srcDir, page), relativePath: page, cleanUrls: true });
    for (const { anchor, titles, text } of sections(html)) {
      index.add({ id: anchor ? `${id}#${anchor}` : id, text, title: titles.at(-1), titles: titles.slice(0, -1) });
    }
  }
  const options = { fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 }, ...local.searchOptions };
  return (query) => index.search(query, options).map((r) => String(r.id));
}
