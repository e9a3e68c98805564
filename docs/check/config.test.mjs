// The site's settings that are code: the search's terms, the sidebar, the Markdown rendering.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { mermaidFence } from '../.vitepress/mermaid-fence.mjs';
import { plainHtml } from '../.vitepress/plain-html.mjs';
import { indexTerms, queryTerms } from '../.vitepress/search-terms.mjs';
import { folderItems, nav, pageTitle, sidebar } from '../.vitepress/sidebar.mjs';
import { siteSearch } from './search-index.mjs';
import { SETTING } from './probes.mjs';

/** A folder of pages: path → text. */
function site(pages) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-config-'));
  for (const [file, text] of Object.entries(pages)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the search terms', () => {
  it('index a rule code and a setting path whole, and their parts', () => {
    const terms = indexTerms('| `flux.layer-missing` | set `controlPlane.vip` |');
    for (const t of ['flux.layer-missing', 'layer-missing', 'flux', 'layer', 'missing', 'controlPlane.vip', 'controlPlane', 'vip']) assert.ok(terms.includes(t), t);
  });

  it('keep what is typed whole: an identifier is one term', () => {
    assert.deepEqual(queryTerms('flux.layer-missing controlPlane.vip'), ['flux.layer-missing', 'controlPlane.vip']);
    assert.deepEqual(queryTerms('layer missing'), ['layer', 'missing']);
  });

  it('are self-contained, as VitePress ships them to the browser as source text', () => {
    for (const fn of [indexTerms, queryTerms]) assert.deepEqual(new Function(`return (${fn.toString()})`)()('a.b c'), fn('a.b c'));
  });
});

describe("the search's ranking, with the site's own index and options, over docs/", () => {
  const docs = fileURLToPath(new URL('..', import.meta.url));

  it('ranks a section of the settings page first for a setting path, and the family page first for a rule code', async () => {
    const search = await siteSearch(docs);
    assert.equal(search(SETTING)[0], '/reference/settings#controlplane', search(SETTING).slice(0, 5).join('\n'));
    assert.equal(search('flux.layer-missing')[0], '/reference/rules/components#flux-layer-missing');
  });
});

describe('the sidebar', () => {
  it('titles a page by its first `# ` heading outside a code fence, inline code as <code>', () => {
    const dir = site({ 'p.md': '```\n# not this\n```\n# The `check` <command>\n# nor this\n' });
    assert.equal(pageTitle(path.join(dir, 'p.md')), 'The <code>check</code> &lt;command&gt;');
  });

  it('fails when a page has no `# ` heading, naming the file and the fix', () => {
    const dir = site({ 'p.md': 'text\n## not a title\n' });
    assert.throws(() => pageTitle(path.join(dir, 'p.md')), /p\.md has no `# ` heading: .* add `# <title>` as its first line/);
  });

  it("orders a section as its index links to it, then the rest by name; a sub-folder where its index is linked", () => {
    const dir = site({
      'reference/index.md': '# Reference\n[b](b.md) [rules](rules/index.md) [a](./a.md#x) [b again](b.md)\n',
      'reference/a.md': '# A', 'reference/b.md': '# B', 'reference/c.md': '# C', 'reference/0.md': '# Zero',
      'reference/rules/index.md': '# Rules\n[y](y.md)\n', 'reference/rules/x.md': '# X', 'reference/rules/y.md': '# Y',
    });
    assert.deepEqual(folderItems(dir, 'reference', 'links'), [
      { text: 'Reference', link: '/reference/' },
      { text: 'B', link: '/reference/b' },
      { text: 'Rules', collapsed: true, items: [{ text: 'Rules', link: '/reference/rules/' }, { text: 'Y', link: '/reference/rules/y' }, { text: 'X', link: '/reference/rules/x' }] },
      { text: 'A', link: '/reference/a' },
      { text: 'Zero', link: '/reference/0' },
      { text: 'C', link: '/reference/c' },
    ]);
  });

  it('orders a section without an index as the home page links to it; decisions by number', () => {
    const dir = site({
      'index.md': '# Home\n[new](getting-started/new-fleet.md) [fork](getting-started/from-a-fork.md)\n',
      'getting-started/from-a-fork.md': '# Fork', 'getting-started/new-fleet.md': '# New', 'getting-started/a.md': '# Unlinked',
      'decisions/index.md': '# Decisions\n[2](0002-b.md) [1](0001-a.md)\n', 'decisions/0002-b.md': '# Two', 'decisions/0001-a.md': '# One',
    });
    const groups = sidebar(dir);
    assert.deepEqual(groups.map((g) => [g.text, g.items.map((i) => i.link)]), [
      ['Getting started', ['/getting-started/new-fleet', '/getting-started/from-a-fork', '/getting-started/a']],
      ['Decisions', ['/decisions/', '/decisions/0001-a', '/decisions/0002-b']],
    ]);
    assert.deepEqual(nav(groups), [
      { text: 'Getting started', link: '/getting-started/new-fleet', activeMatch: '^/getting-started/' },
      { text: 'Decisions', link: '/decisions/', activeMatch: '^/decisions/' },
    ]);
  });
});

describe('the Markdown rendering', () => {
  const md = new MarkdownIt({ html: true });
  plainHtml(md);
  mermaidFence(md);

  it('writes a placeholder as text and keeps real HTML', () => {
    const html = md.render('clusters/<env>/ and </name> keep a<br>break\n\n<cluster>\n');
    assert.match(html, /clusters\/&lt;env&gt;\/ and &lt;\/name&gt; keep a<br>break/);
    assert.match(html, /<p>&lt;cluster&gt;\n<\/p>/);
  });

  it('wraps the page in v-pre, so Vue reads no {{ }} in it', () => {
    assert.match(md.render('run ${{ github.base_ref }}\n'), /^<div v-pre><p>run \$\{\{ github\.base_ref \}\}<\/p>\n<\/div>$/);
  });

  it('turns a mermaid fence into a diagram holding its escaped source, and leaves other fences', () => {
    const html = md.render('```mermaid\nflowchart LR\n  a --> b<br>\n```\n\n```yaml\na: 1\n```\n');
    assert.match(html, /<div class="mermaid-diagram" v-pre><pre class="mermaid-source">flowchart LR\n {2}a --&gt; b&lt;br&gt;\n<\/pre><\/div>/);
    assert.match(html, /<pre><code class="language-yaml">a: 1\n<\/code><\/pre>/);
  });
});
