import { beforeAll, describe, expect, inject, it } from 'vitest';
import { STACK_FRAME, packedToolReady, runAsync } from './scaffold';

// The packed bin's command line, in the set-up's fleet (a file of its own: it runs beside
// fleet.test.ts, which takes the longest of the suite).
beforeAll(packedToolReady, 300_000);

describe('the packed bin', () => {
  it('answers --help for every command and exits 2 on an unknown flag, with the usage', async () => {
    const { bin, fleet } = inject('packedTool');
    // Every invocation at once (each is one process start): the answers are the same in any order.
    const run = (...args: string[]) => runAsync(fleet, bin, args);
    const commands = ['synth', 'check', 'diff', 'validate', 'review', 'verify', 'secrets', 'deploy', 'init'];
    const [helps, bads, [version, prune, base, kubeconfig, secrets, synt]] = await Promise.all([
      Promise.all(commands.map((command) => run(command, '--help'))),
      Promise.all(commands.map((command) => run(command, '--frobnicate'))),
      Promise.all([run('--version'), run('synth', '--pruen'), run('review', '--bsae', 'main'), run('verify', '--kubconfig', 'x'), run('secrets', 'frob'), run('synt')]),
    ]);
    commands.forEach((command, i) => {
      expect(helps[i]!.code, command).toBe(0);
      expect(helps[i]!.stdout, command).toMatch(/usage/);
      expect(bads[i]!.code, command).toBe(2);
      expect(bads[i]!.stderr, command).toMatch(/usage/);
      expect(bads[i]!.stderr, command).not.toMatch(STACK_FRAME);
    });
    expect(version!.stdout).toBe(`${inject('packedTool').version}\n`);
    // A misspelt option is named with the nearest one the command takes; a misspelt subcommand of secrets too.
    expect(prune!.stderr.split('\n')[0]).toBe('unknown option --pruen; did you mean --prune?');
    expect(base!.stderr.split('\n')[0]).toBe('unknown option --bsae; did you mean --base?');
    expect(kubeconfig!.stderr.split('\n')[0]).toBe('unknown option --kubconfig; did you mean --kubeconfig?');
    expect(secrets!.stderr.split('\n')[0]).toBe('unknown secrets command frob; one of set, show, check, init');
    expect(synt!.stderr.split('\n')[0]).toBe('k3s-gitops-synth: unknown command synt; did you mean synth?');
  });
});
