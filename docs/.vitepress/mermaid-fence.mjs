// ```mermaid blocks become a container the theme draws into (theme/mermaid.ts): the source is
// kept in the page as escaped text, so a page without JavaScript still shows it, and v-pre keeps
// Vue from reading `{{` in a diagram as an interpolation.
import { escape } from './plain-html.mjs';

/**
 * Wraps markdown-it's fence renderer: a `mermaid` fence becomes a diagram, every other one is left
 * to VitePress.
 * @param {import('markdown-it').default} md
 */
export function mermaidFence(md) {
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    if (token.info.trim() !== 'mermaid') return fence ? fence(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    return `<div class="mermaid-diagram" v-pre><pre class="mermaid-source">${escape(token.content)}</pre></div>\n`;
  };
}
