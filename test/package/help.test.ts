import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_FRAME, packedToolReady, run } from './scaffold';

// The packed bin's command line, in the set-up's fleet (a file of its own: it runs beside
// fleet.test.ts, which takes the longest of the suite).
beforeAll(packedToolReady, 300_000);

describe('the packed bin', () => {
  it('answers --help for every command and exits 2 on an unknown flag, with the usage', () => {
    const { bin, fleet } = inject('packedTool');
    for (const command of ['synth', 'check', 'diff', 'validate', 'review', 'verify', 'secrets', 'deploy', 'init']) {
      const help = run(fleet, bin, [command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toMatch(/usage/);
      const bad = run(fleet, bin, [command, '--frobnicate']);
      expect(bad.code, command).toBe(2);
      expect(bad.stderr, command).toMatch(/usage/);
      expect(bad.stderr, command).not.toMatch(STACK_FRAME);
    }
    expect(run(fleet, bin, ['--version']).stdout).toBe(`${inject('packedTool').version}\n`);
    // A misspelt option is named with the nearest one the command takes; a misspelt subcommand of secrets too.
    expect(run(fleet, bin, ['synth', '--pruen']).stderr.split('\n')[0]).toBe('unknown option --pruen; did you mean --prune?');
    expect(run(fleet, bin, ['review', '--bsae', 'main']).stderr.split('\n')[0]).toBe('unknown option --bsae; did you mean --base?');
    expect(run(fleet, bin, ['verify', '--kubconfig', 'x']).stderr.split('\n')[0]).toBe('unknown option --kubconfig; did you mean --kubeconfig?');
    expect(run(fleet, bin, ['secrets', 'frob']).stderr.split('\n')[0]).toBe('unknown secrets command frob; one of set, show, check, init');
    expect(run(fleet, bin, ['synt']).stderr.split('\n')[0]).toBe('k3s-gitops-synth: unknown command synt; did you mean synth?');
  });
});
