import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { mermaidParser } from '../fixtures/mermaid-parse';
import { markdownFiles, mermaidBlocks, repo } from './markdown-files';

// Every diagram of the documentation is parsed by Mermaid's own parser, as the review's are
// (test/review/mermaid.test.ts): a page whose diagram does not parse shows its source instead of
// the picture.

let parse: (text: string) => Promise<unknown>;

beforeAll(async () => {
  parse = await mermaidParser();
}, 60_000);

const diagrams = markdownFiles().flatMap((file) => mermaidBlocks(fs.readFileSync(path.join(repo, file), 'utf8')).map((block, i) => [`${file} #${i + 1}`, block] as const));

describe('Mermaid diagrams of the documentation', () => {
  it('include the architecture page\'s data flow', () => {
    expect(diagrams.map(([where]) => where)).toContain('docs/design/architecture.md #1');
  });

  it.each(diagrams)('%s parses', async (_where, block) => {
    await expect(parse(block)).resolves.toBeTruthy();
  });

  it('fails when a diagram does not parse', async () => {
    const [block] = mermaidBlocks('# A page\n\n```mermaid\nflowchart TD\n  a[one --> b\n```\n');
    await expect(parse(block!)).rejects.toThrow();
  });
});
