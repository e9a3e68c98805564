import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The suite Stryker runs per mutant: everything that exercises src/model/ in-process. Tests that
// only drive child processes or external tools (CLI spawns, SIGKILL crash runs, kubectl, cdktf
// app) cannot see a mutant and would only slow each run down.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        'test/cli.test.ts',
        'test/cli-options.test.ts',
        'test/user-edits.test.ts',
        'test/new-component.test.ts',
        'test/values-types.test.ts',
        'test/synth/in-memory.test.ts',
        'test/scripts/**',
        'test/package/**',
        'test/synth/crash-safety.test.ts',
        'test/infra/cdktf-app.test.ts',
        'test/validate/**',
        'test/secrets/interop.test.ts',
        'test/secrets/commands.test.ts',
        'node_modules/**',
      ],
    },
  }),
);
