import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Snapshots live in one top-level store, not beside each test file.
    resolveSnapshotPath: (testPath, ext) =>
      path.join(import.meta.dirname, 'snapshots', path.relative(path.join(import.meta.dirname, 'test'), testPath) + ext),
    testTimeout: 60_000,
    // Vitest's default (cores - 1) is one worker on a two-core machine; the suite spends much of
    // its time waiting on child processes (tsx, kubectl), so two workers halve the wall time there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
