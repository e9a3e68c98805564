import fs from 'node:fs';
import path from 'node:path';

export const repo = path.resolve(import.meta.dirname, '../..');

/** Every .md file under docs/ (the site workspace's packages and build output aside) and CONTRIBUTING.md, relative to the repository. */
export function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(repo, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : walk(rel);
      return e.name.endsWith('.md') ? [rel] : [];
    });
  return [...walk('docs'), 'CONTRIBUTING.md'];
}

/** Markdown without its fenced code blocks: what a reader sees as prose and tables. */
export const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');

/** The body of every ```mermaid block of a Markdown text. */
export const mermaidBlocks = (text: string) => [...text.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
