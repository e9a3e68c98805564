import { describe, expect, it } from 'vitest';
import { refusedLine } from '../../src/command-line/command-options';

describe('refusedLine: the bin parser, in-process', () => {
  it.each([
    [['synth', '--prune']],
    [['secrets', 'init', 'lab1']],
    [['secrets', 'init', 'mgmt', '--force']],
    [['secrets', 'set', 'dev', 'apps/db', '--env-file', '-']],
    [['secrets', 'check', '--env', 'dev', '--root', '/tmp/fleet']],
    [['deploy', 'dev', '--inspect', '--', '-target=x']],
    [['init', 'fleet', '--dns', '10.0.0.1']],
    [['review', '--base', 'main']],
    [['verify', '--env', 'dev', '--kubeconfig', 'k']],
  ])('accepts %j', (argv) => {
    expect(refusedLine(argv)).toBeUndefined();
  });

  it.each([
    [['synht'], /synht is no command/],
    [['synth', '--pruen'], /Unknown option '--pruen'/],
    [['secrets', 'set'], /secrets set takes 2 word/],
    [['secrets', 'set', 'dev', 'apps/db', 'PASSWORD=x'], /secrets set takes 2 word/],
    [['secrets', 'init'], /secrets init takes 1 word/],
    [['secrets', 'rotate', 'dev'], /secrets takes one of set, show, check, init, not rotate/],
    [['secrets', 'init', 'dev', '--env-file', '-'], /Unknown option '--env-file'/],
    [['deploy'], /deploy takes 1 word/],
    [['check', 'dev'], /check takes 0 word/],
  ])('fails when the line is %j', (argv, why) => {
    expect(refusedLine(argv)).toMatch(why);
  });
});
