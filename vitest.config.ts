import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Snapshots live in one top-level store, not beside each test file.
    resolveSnapshotPath: (testPath, ext) =>
      path.join(import.meta.dirname, 'snapshots', path.relative(path.join(import.meta.dirname, 'test'), testPath) + ext),
    testTimeout: 60_000,
    // dist/ up to date, and the packed tool installed once per run for the tests that run it as
    // users do (test/package/; NO_PACK=1 skips the packing).
    globalSetup: ['test/package/packed-tool.ts'],
    // GitHub's workflow parser imports its JSON schema without an import attribute (it is built
    // for bundlers): vite transforms it instead of Node loading it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
  },
});
