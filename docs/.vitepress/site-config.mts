// The site's settings for any folder of pages: docs/ (config.mts) and the checker's fixture site.
import { defineConfig } from 'vitepress';
import { mermaidFence } from './mermaid-fence.mjs';
import { indexTerms, queryTerms } from './search-terms.mjs';
import { plainHtml } from './plain-html.mjs';
import { nav, sidebar } from './sidebar.mjs';

/** The site for the pages under `srcDir`: docs/ here, a fixture site in the checker's test. */
export function siteConfig(srcDir: string) {
  const groups = sidebar(srcDir);
  return defineConfig({
    title: 'k3s-gitops-synth',
    description: 'Typed environments for small HA k3s fleets, synthesized into committed Flux, bootstrap and Terraform trees',
    lang: 'en',
    cleanUrls: true,
    // The forge publishes the site under /<repository>/ (Pages); locally it is served at /.
    base: process.env.DOCS_BASE ?? '/',
    // Not pages: the workspace's own files and the decisions still to be recorded.
    srcExclude: ['node_modules/**', 'check/**', 'decision-drafts/**'],
    // A dead link fails the build (VitePress's default, kept: ignoreDeadLinks unset).
    // No icon yet: an empty one keeps browsers from asking for /favicon.ico, a 404 on every first visit.
    head: [['link', { rel: 'icon', href: 'data:,' }]],
    // Mermaid's chunks and the search index are each over vite's 500 kB warning; both load only
    // when needed (a page with a diagram, the search box opened).
    vite: { build: { chunkSizeWarningLimit: 1500 } },
    markdown: {
      config: (md) => {
        plainHtml(md);
        mermaidFence(md);
      },
    },
    themeConfig: {
      nav: nav(groups),
      sidebar: groups,
      outline: { level: [2, 3] },
      search: {
        provider: 'local',
        options: {
          miniSearch: {
            options: { tokenize: indexTerms },
            searchOptions: { tokenize: queryTerms },
          },
        },
      },
    },
  });
}
