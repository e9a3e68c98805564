// The search as a reader uses it: open the box, type, read the results' links.
import { pageKey } from './pages.mjs';

/**
 * Types `query` into the local search on `url` and waits for a result linking to `page`.
 * @param {import('puppeteer-core').Browser} browser
 * @param {string} url the page the reader starts on
 * @param {string} query
 * @param {string} page the page key (see pageKey) a result must link to
 * @returns {Promise<{ found: boolean, results: string[] }>} the results' page keys
 */
export async function search(browser, url, query, page) {
  const tab = await browser.newPage();
  try {
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await tab.waitForSelector('.DocSearch-Button', { timeout: 30_000 });
    await tab.click('.DocSearch-Button');
    await tab.waitForSelector('#localsearch-input', { timeout: 30_000 });
    await tab.type('#localsearch-input', query);
    // The index loads on first use, then the results follow the typing (debounced): read them
    // until one links to the page, or 30 s have passed.
    /** @type {string[]} */
    let results = [];
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      results = await tab.evaluate(() => [...document.querySelectorAll('.results a.result')]
        .map((a) => new URL(/** @type {HTMLAnchorElement} */ (a).href).pathname));
      results = results.map(pageKey);
      if (results.includes(page)) return { found: true, results };
    }
    return { found: false, results };
  } finally {
    await tab.close();
  }
}
