import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';

// `npm test`'s typecheck (scripts/typecheck.mjs, what `npm run typecheck` runs): the suite's global
// set-up runs it beside the tests (test/package/packed-tool.ts), and this file, which the sequencer
// runs after the longest of the others, reports what it found. NO_PACK=1 leaves it out, with the
// packing.
const packed = inject('packedTool');

async function typecheckResult(file: string): Promise<{ status: number | null; output: string }> {
  for (const start = Date.now(); Date.now() - start < 280_000; await new Promise((r) => setTimeout(r, 250))) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as { status: number | null; output: string };
  }
  throw new Error('the typecheck took more than 280 s');
}

describe('the typecheck', () => {
  it.skipIf(packed === undefined)('finds nothing in the sources, the tests and the scripts, and writes the API types', async () => {
    const { status, output } = await typecheckResult(packed.typecheck);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 300_000);
});
