// What the search must find, taken from the generated reference pages: the first rule code the
// rule pages list and a setting path, each with the page that defines it.
import fs from 'node:fs';
import path from 'node:path';
import { linkOrder } from '../.vitepress/sidebar.mjs';

/** A setting every environment has (docs/reference/settings.md lists it). */
export const SETTING = 'controlPlane.vip';

/** A rule code in the first cell of a table row: `| \`flux.layer-missing\` |`. */
const RULE_ROW = /^\|\s*`([a-z0-9-]+(?:\.[a-z0-9-]+)+)`\s*\|/m;

/**
 * @param {string} srcDir docs/
 * @returns {{ probes: import('./check-site.mjs').Probe[], failures: string[] }}
 */
export function sourceProbes(srcDir) {
  const failures = [];
  const probes = [];
  const rulesDir = path.join(srcDir, 'reference/rules');
  const families = fs.existsSync(rulesDir) ? fs.readdirSync(rulesDir).filter((f) => f.endsWith('.md') && f !== 'index.md') : [];
  // The families in the order the rules index lists them, as the sidebar shows them.
  const order = linkOrder(srcDir, path.join(rulesDir, 'index.md'));
  const rank = (f) => (order.indexOf(`reference/rules/${f}`) + order.length + 1) % (order.length + 1);
  families.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en'));
  const family = families.find((f) => RULE_ROW.test(fs.readFileSync(path.join(rulesDir, f), 'utf8')));
  if (family === undefined) {
    failures.push(`docs/reference/rules/: no family page lists a rule code in a table's first cell (${families.length} page(s)); \`npm run synth\` in the tool's repository writes them`);
  } else {
    const code = /** @type {RegExpExecArray} */ (RULE_ROW.exec(fs.readFileSync(path.join(rulesDir, family), 'utf8')))[1];
    probes.push({ what: 'a rule code', query: code, page: `reference/rules/${family}` });
  }
  const settings = path.join(srcDir, 'reference/settings.md');
  if (!fs.existsSync(settings) || !fs.readFileSync(settings, 'utf8').includes(`\`${SETTING}\``)) {
    failures.push(`docs/reference/settings.md: does not list \`${SETTING}\`; \`npm run synth\` in the tool's repository writes it`);
  } else {
    probes.push({ what: 'a setting', query: SETTING, page: 'reference/settings.md' });
  }
  return { probes, failures };
}
