// What the build lists as pages, and each one as the browser shows it.
import fs from 'node:fs';
import path from 'node:path';

/**
 * The site's pages: the HTML files the build wrote, and every page VitePress's hashmap.json lists
 * (one key per page it rendered, its source path with `/` written `_`), so a listed page whose
 * file is missing is visited too, and fails.
 * @param {string} dist
 * @param {string} base
 * @returns {{ source: string, url: string }[]} index pages first, then by source path
 */
export function listedPages(dist, base) {
  const written = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.html') && f !== '404.html')
    .map((f) => f.replace(/\.html$/, '.md'));
  const flat = new Set(written.map((f) => f.replace(/\//g, '_')));
  const hashmap = JSON.parse(fs.readFileSync(path.join(dist, 'hashmap.json'), 'utf8'));
  // A name holding `_` reads back ambiguously; the kebab-case pages here hold none.
  const missing = Object.keys(hashmap).filter((key) => !flat.has(key)).map((key) => key.replace(/_/g, '/'));
  return [...written, ...missing]
    .sort((a, b) => Number(!a.endsWith('index.md')) - Number(!b.endsWith('index.md')) || a.localeCompare(b, 'en'))
    .map((source) => ({ source, url: base + source.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '') }));
}

/**
 * One URL path in the form every link and page is compared in: no `.html`, an index as its folder.
 * @param {string} urlPath
 */
export const pageKey = (urlPath) => decodeURI(urlPath).replace(/\.html$/, '').replace(/\/index$/, '/');

/** How long a page's diagrams may take to draw on a loaded runner. */
const DRAW_MS = 30_000;

/**
 * Opens one page and reads what a reader would see: its status, errors, h1, diagrams, links and
 * the ids its anchors may name.
 * @param {import('puppeteer-core').Browser} browser
 * @param {string} url
 */
export async function visit(browser, url) {
  const tab = await browser.newPage();
  /** @type {string[]} */
  const errors = [];
  tab.on('pageerror', (error) => errors.push(`uncaught ${error instanceof Error ? error.message : String(error)}`));
  tab.on('console', (message) => {
    // A failed load names its resource only in the message's location.
    const where = message.location()?.url;
    if (message.type() === 'error') errors.push(`console error: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  try {
    const response = await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const status = response?.status() ?? 0;
    // Diagrams draw after hydration: wait until each is drawn or has failed.
    const pending = () => document.querySelectorAll('.mermaid-diagram:not([data-mermaid="drawn"]):not([data-mermaid="error"])').length === 0;
    const drawn = await tab.waitForFunction(pending, { timeout: DRAW_MS, polling: 100 }).then(() => true, () => false);
    // Labels are measured as the reader sees them: with the page's fonts loaded and its styles applied.
    await tab.evaluate(() => document.fonts.ready.then(() => undefined));
    const seen = await tab.evaluate(() => ({
      h1: document.querySelector('h1')?.textContent?.trim() ?? '',
      links: [...document.querySelectorAll('a[href]')].map((a) => /** @type {HTMLAnchorElement} */ (a).href),
      ids: [...document.querySelectorAll('[id], a[name]')].map((e) => e.id || e.getAttribute('name') || ''),
      diagrams: [...document.querySelectorAll('.mermaid-diagram')].map((d) => ({
        state: /** @type {HTMLElement} */ (d).dataset.mermaid ?? 'not drawn',
        svg: d.querySelector(':scope > svg') !== null,
        error: d.querySelector('.mermaid-error')?.textContent ?? '',
        // Each node label whose text reaches past its node's shape, or past the foreignObject that
        // holds it (which clips it): a line cut off.
        clipped: [...d.querySelectorAll('svg g.node')].flatMap((node) => {
          const label = node.querySelector('.label');
          const shape = node.querySelector(':scope > rect, :scope > polygon, :scope > circle, :scope > ellipse, :scope > path, :scope > g > path');
          if (label === null || shape === null) return [];
          const holders = [...label.querySelectorAll('foreignObject')];
          // An HTML label's text is the foreignObject's content; an SVG label's, its <text> elements.
          const parts = holders.length > 0
            ? holders.map((f) => { const range = document.createRange(); range.selectNodeContents(f); return range.getBoundingClientRect(); })
            : [...label.querySelectorAll('text')].map((t) => t.getBoundingClientRect());
          const drawn = parts.filter((r) => r.width > 0 || r.height > 0);
          if (drawn.length === 0) return [];
          const text = {
            left: Math.min(...drawn.map((r) => r.left)), top: Math.min(...drawn.map((r) => r.top)),
            right: Math.max(...drawn.map((r) => r.right)), bottom: Math.max(...drawn.map((r) => r.bottom)),
          };
          const size = (r) => `${Math.round(r.right - r.left)}×${Math.round(r.bottom - r.top)} px`;
          const box = [shape, ...holders].map((e) => e.getBoundingClientRect())
            .find((b) => text.left < b.left - 1 || text.top < b.top - 1 || text.right > b.right + 1 || text.bottom > b.bottom + 1);
          return box === undefined ? [] : [`"${(label.textContent ?? '').trim()}" (text ${size(text)}, node ${size(box)})`];
        }),
      })),
      // A ```mermaid block that reached the page as code, not as a diagram.
      asCode: document.querySelectorAll('div.language-mermaid, code.language-mermaid').length,
    }));
    return { status, errors, drawn, ...seen };
  } finally {
    await tab.close();
  }
}
