// The built site as a reader sees it: every page renders, every internal link lands, every
// diagram draws, the search finds what it is asked for. Every failure is collected, none stops the
// check.
import { fileFor, serve } from './serve.mjs';
import { listedPages, pageKey, visit } from './pages.mjs';
import { search } from './search.mjs';

/**
 * @typedef {{ what: string, query: string, page: string }} Probe a search and the page (a source
 *   path, `reference/settings.md`) a result must link to
 * @typedef {{ pages: number, links: number, diagrams: number, searches: number, failures: string[] }} Report
 */

/** @param {string} source @param {string} base */
const urlOf = (source, base) => base + source.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '');

/**
 * @param {{ dist: string, base: string, probes: Probe[], browser: import('puppeteer-core').Browser }} options
 * @returns {Promise<Report>}
 */
export async function checkSite({ dist, base, probes, browser }) {
  const pages = listedPages(dist, base);
  const server = await serve(dist, base);
  /** @type {string[]} */
  const failures = [];
  let links = 0;
  let diagrams = 0;
  try {
    /** @type {Map<string, Set<string>>} a rendered page's key → the ids on it */
    const ids = new Map();
    /** @type {{ from: string, href: string }[]} */
    const found = [];
    for (const page of pages) {
      const seen = await visit(browser, server.origin + page.url);
      const fail = (what) => failures.push(`${page.source} (${page.url}): ${what}`);
      if (seen.status !== 200) fail(`HTTP ${seen.status}`);
      if (seen.h1 === '') fail('no h1');
      for (const error of seen.errors) fail(error);
      if (!seen.drawn) fail('a Mermaid diagram was still drawing after 30 s');
      for (const [i, d] of seen.diagrams.entries()) {
        if (d.state === 'error') fail(`Mermaid diagram ${i + 1} not drawn: ${d.error}`);
        else if (!d.svg) fail(`Mermaid diagram ${i + 1} not drawn (${d.state})`);
        for (const label of d.clipped) fail(`Mermaid diagram ${i + 1}: label ${label} does not fit its node`);
      }
      if (seen.asCode > 0) fail(`${seen.asCode} mermaid block(s) shown as code, not drawn`);
      diagrams += seen.diagrams.length;
      if (seen.status === 200) ids.set(pageKey(page.url), new Set(seen.ids));
      for (const href of seen.links) found.push({ from: `${page.source} (${page.url})`, href });
    }
    // Links, once every page's ids are known.
    for (const { from, href } of found) {
      const url = new URL(href);
      if (url.origin !== server.origin) continue;
      links += 1;
      const key = pageKey(url.pathname);
      const target = ids.get(key);
      if (target === undefined) {
        // Not a rendered page: a file the build holds (an image, a download) is fine.
        const file = fileFor(dist, base, decodeURI(url.pathname));
        if (file === undefined || file.endsWith('.html')) failures.push(`${from}: link to ${url.pathname}${url.hash} goes to no page`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor !== '' && !target.has(anchor)) failures.push(`${from}: link to ${url.pathname}${url.hash}: no #${anchor} on that page`);
    }
    const start = pages[0] === undefined ? server.origin + base : server.origin + pages[0].url;
    for (const probe of probes) {
      const want = pageKey(urlOf(probe.page, base));
      const { found: hit, results } = await search(browser, start, probe.query, want);
      if (!hit) failures.push(`search for ${probe.what} "${probe.query}": no result links to ${want} (results: ${results.length === 0 ? 'none' : results.join(', ')})`);
    }
  } finally {
    await server.close();
  }
  return { pages: pages.length, links, diagrams, searches: probes.length, failures };
}
