// The checker against a fixture site built with the real settings and theme: each thing it must
// catch is broken on a page of its own, beside pages that are sound.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launch } from './browser.mjs';
import { checkSite } from './check-site.mjs';

const docs = fileURLToPath(new URL('..', import.meta.url));
const fence = '```';
const PAGES = {
  'index.md': '# Fixture home\n\n[sound](good.md), [its heading](good.md#a-heading), [a missing page](missing.md), [a missing anchor](good.md#no-such-heading)\n',
  'good.md': `# Good\n\n## A heading\n\n${fence}mermaid\nflowchart LR\n  a --> b\n${fence}\n\n| code | what |\n| --- | --- |\n| \`fixture.rule-code\` | a rule |\n`,
  'broken-diagram.md': `# Broken diagram\n\n${fence}mermaid\nflowchart LR\n  a --> ((( b\n${fence}\n`,
  // Drawn, then set larger by a style of the page (the fixture theme's CSS): its text overflows its node.
  'clipped-label.md': `# Clipped label\n\n${fence}mermaid\nflowchart LR\n  a["one line<br/>a second line<br/>a third line"]\n${fence}\n`,
  'deleted.md': '# Deleted after the build\n',
  'no-heading.md': 'A page without a heading.\n',
};
const PROBES = [
  { what: 'a rule code', query: 'fixture.rule-code', page: 'good.md' },
  { what: 'a setting', query: 'nowhere.defined', page: 'good.md' },
];

let dir = '';
/** @type {import('puppeteer-core').Browser} */
let browser;
/** @type {import('./check-site.mjs').Report} */
let report;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-fixture-'));
  for (const [file, text] of Object.entries(PAGES)) fs.writeFileSync(path.join(dir, file), text);
  fs.mkdirSync(path.join(dir, '.vitepress/theme'), { recursive: true });
  // The docs workspace's settings and theme; dead links let through, so the checker meets one.
  fs.writeFileSync(path.join(dir, '.vitepress/config.mts'), `import { siteConfig } from ${JSON.stringify(path.join(docs, '.vitepress/site-config.mts'))};\nexport default { ...siteConfig(${JSON.stringify(dir)}), ignoreDeadLinks: true };\n`);
  // The docs workspace's theme, and a style that enlarges the label text on the clipped-label page only
  // (VitePress classes its content by the route: `_clipped-label`).
  fs.writeFileSync(path.join(dir, '.vitepress/theme/index.ts'), `import './clip.css';\nexport { default } from ${JSON.stringify(path.join(docs, '.vitepress/theme/index.ts'))};\n`);
  fs.writeFileSync(path.join(dir, '.vitepress/theme/clip.css'), '._clipped-label .mermaid-diagram g.node .label :is(text, tspan, span, p) { font-size: 40px !important; }\n');
  fs.symlinkSync(path.join(docs, 'node_modules'), path.join(dir, 'node_modules'));
  const build = spawnSync(path.join(docs, 'node_modules/.bin/vitepress'), ['build', dir], { encoding: 'utf8' });
  assert.equal(build.status, 0, build.stdout + build.stderr);
  // A page the build lists whose file is gone.
  fs.rmSync(path.join(dir, '.vitepress/dist/deleted.html'));
  browser = await launch();
  report = await checkSite({ dist: path.join(dir, '.vitepress/dist'), base: '/', probes: PROBES, browser });
}, { timeout: 600_000 });

after(async () => {
  await browser?.close();
  if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
});

const failuresOf = (prefix) => report.failures.filter((f) => f.startsWith(prefix));

describe('the site check', () => {
  it('fails when a link goes to a page that does not exist', () => {
    assert.ok(failuresOf('index.md (/)').includes('index.md (/): link to /missing goes to no page'), report.failures.join('\n'));
  });

  it('fails when a link names an anchor its page does not have', () => {
    assert.ok(failuresOf('index.md (/)').includes('index.md (/): link to /good#no-such-heading: no #no-such-heading on that page'), report.failures.join('\n'));
  });

  it('fails when a Mermaid diagram cannot be drawn, with Mermaid\'s message', () => {
    const [failure, ...more] = failuresOf('broken-diagram.md');
    assert.match(failure ?? '', /^broken-diagram\.md \(\/broken-diagram\): Mermaid diagram 1 not drawn: Mermaid could not draw this diagram: .+/);
    assert.deepEqual(more, []);
  });

  it("fails when a diagram's node label does not fit its node, naming the label", () => {
    const [failure, ...more] = failuresOf('clipped-label.md');
    assert.match(failure ?? '', /^clipped-label\.md \(\/clipped-label\): Mermaid diagram 1: label "one linea second linea third line" \(text \d+×\d+ px, node \d+×\d+ px\) does not fit its node$/, report.failures.join('\n'));
    assert.deepEqual(more, []);
  });

  it('fails when a listed page is missing', () => {
    assert.ok(failuresOf('deleted.md').includes('deleted.md (/deleted): HTTP 404'), report.failures.join('\n'));
  });

  it('fails when a page has no h1', () => {
    assert.deepEqual(failuresOf('no-heading.md'), ['no-heading.md (/no-heading): no h1']);
  });

  it('fails when the search finds no result on the page that defines what was searched', () => {
    assert.deepEqual(report.failures.filter((f) => f.startsWith('search')), ['search for a setting "nowhere.defined": no result links to /good (results: none)']);
  });

  it('passes what is sound: the page with a diagram and a rule code, the links to it, the rule code searched', () => {
    assert.deepEqual(failuresOf('good.md'), []);
    assert.deepEqual(failuresOf('index.md').filter((f) => !f.includes('/missing') && !f.includes('#no-such-heading')), []);
    assert.equal(report.pages, 6);
    assert.equal(report.diagrams, 3);
  });
});
