import fs from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** Killed mid-write at measured moments: it needs the machine to itself (its own run, one worker). */
const ALONE = 'test/synth/crash-safety.test.ts';
/**
 * Tests of process-wide state, each in a process of its own: cdktf's token stack traces (off once
 * rendering ran), and Mermaid's DOM (a global window that would make later files' libraries think
 * they run in a browser).
 */
const OWN_PROCESS = ['test/infra/token-stack-traces.test.ts', 'test/review/mermaid.test.ts', 'test/docs/mermaid.test.ts'];
/**
 * The tool installed as a release is: from a git tag (npm clones it, installs its dev dependencies
 * and builds it) and published to a registry on loopback. Minutes of npm and the compiler each:
 * not in `npm test`; `npm run test:release`, which .ci/run runs after it.
 */
const RELEASE = ['test/package/git-install.test.ts', 'test/package/release.test.ts'];

/**
 * The slowest files, slowest first (seconds on two busy cores, measured on 2026-12-02: 50 to 7),
 * then the rest. A fresh clone has no record of earlier runs for vitest to order by, so the order
 * is written here: the long files first and the many short ones last even out the end of the run
 * across the workers (a long file last kept one core idle). The files that wait for what the
 * global set-up runs beside the others (the typecheck, then the packed tool: test/package/) come
 * after the longest of the rest, by when it is done.
 */
const SLOWEST = [
  'validate/validate', 'cli', 'new-component', 'cli-options', 'scripts/compiled', 'review/command',
  'package/fleet', 'package/conformance', 'package/verify', 'package/upgrade', 'package/help', 'package/workload', 'typecheck',
].map((f) => `test/${f}.test.ts`);
// A renamed file would drop out of the order without a word.
for (const file of SLOWEST) if (!fs.existsSync(path.join(import.meta.dirname, file))) throw new Error(`vitest.config.ts: SLOWEST names ${file}, which does not exist`);

class SlowestFirst extends BaseSequencer {
  public override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // moduleId: an absolute path with forward slashes.
    const rank = (f: TestSpecification) => SLOWEST.findIndex((s) => f.moduleId.endsWith(`/${s}`));
    const suite = sorted.filter((f) => f.project.name === 'suite');
    // The other projects' files first: a file in a fresh process between two of the suite's made
    // vitest stop the suite's shared workers and start them cold, importing src/ again.
    return [
      ...sorted.filter((f) => f.project.name !== 'suite'),
      ...suite.filter((f) => rank(f) >= 0).sort((a, b) => rank(a) - rank(b)),
      ...suite.filter((f) => rank(f) < 0),
    ];
  }
}

export default defineConfig({
  test: {
    // A project's own sequencer is ignored: the run's orders the files of every project.
    sequence: { sequencer: SlowestFirst },
    // Snapshots live in one top-level store, not beside each test file.
    resolveSnapshotPath: (testPath, ext) =>
      path.join(import.meta.dirname, 'snapshots', path.relative(path.join(import.meta.dirname, 'test'), testPath) + ext),
    // Two minutes for a test or hook: on a runner loaded to twice its cores, a test that spawns
    // npm, the bin or kubectl takes twice its quiet time (test/suite/timeouts.test.ts keeps every
    // timeout a file sets at a minute or more).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Every project (they extend this): the validator cache in a folder of the run's own.
    globalSetup: ['test/validator-cache-setup.ts'],
    // GitHub's workflow parser imports its JSON schema without an import attribute (it is built
    // for bundlers): vite transforms it instead of Node loading it.
    server: { deps: { inline: ['@actions/workflow-parser'] } },
    // `npm test` runs the suite and the tests of process-wide state with two workers (it spends
    // much of its time waiting on child processes: npm, tsx, kubectl), the typecheck beside them
    // (test/typecheck.test.ts), then the crash test on its own.
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ALONE, ...OWN_PROCESS, ...RELEASE],
          // dist/ up to date; beside the tests, the typecheck, then the packed tool installed once per
          // run for the tests that run it as users do (test/package/; NO_PACK=1 skips both).
          globalSetup: ['test/package/packed-tool.ts'],
          // Each worker keeps the modules it imported from one test file to the next: importing
          // src/ (cdk8s, cdktf, zod) again for every file was most of the suite's time. The tests
          // share no mutable state; those of process-wide state run in the second project.
          isolate: false,
        },
      },
      // A fresh process per file (isolate, the default), beside the suite's workers.
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
      { extends: true, test: { name: 'alone', include: [ALONE] } },
      // One file at a time: each runs npm and the compiler for minutes.
      { extends: true, test: { name: 'release', include: RELEASE, fileParallelism: false, testTimeout: 600_000, hookTimeout: 900_000 } },
    ],
  },
});
