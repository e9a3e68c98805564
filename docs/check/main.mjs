// `npm run check` in docs/ (after the build): the built site in headless Chromium. Prints every
// failure with its page, exits 1 on any.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';
import { checkSite } from './check-site.mjs';
import { sourceProbes } from './probes.mjs';

const srcDir = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const dist = path.join(srcDir, '.vitepress/dist');
const base = process.env.DOCS_BASE ?? '/';

const { probes, failures } = sourceProbes(srcDir);
const browser = await launch();
try {
  const report = await checkSite({ dist, base, probes, browser });
  failures.push(...report.failures);
  console.log(`checked ${report.pages} pages, ${report.links} internal links, ${report.diagrams} Mermaid diagrams, ${report.searches} searches in headless Chromium`);
} finally {
  await browser.close();
}
if (failures.length > 0) {
  console.error(`${failures.length} failure(s):\n${failures.map((f) => `  ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('no failure');
