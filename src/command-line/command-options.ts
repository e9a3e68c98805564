/**
 * Each command's options as node:util's parseArgs takes them, and how many words it takes besides:
 * the one definition the command parses its line with and a fix text's command is checked against
 * (test/fix-closure.test.ts), so a fix never proposes a line the bin refuses.
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

const HELP = { help: { type: 'boolean', short: 'h' } } as const;
const FLEET = { root: { type: 'string' }, environments: { type: 'string' } } as const;

/** The answers `init` takes, each `--<answer> <value>`. */
export const INIT_ANSWERS = ['name', 'domain', 'subnet', 'gateway', 'dns', 'nodes', 'vip', 'interface', 'infrastructure', 'ssh-key', 'flux-url', 'branch', 'tool'] as const;

export const SYNTH_OPTIONS = { env: { type: 'string', multiple: true }, ...FLEET, prune: { type: 'boolean' }, ...HELP } as const satisfies ParseArgsOptionsConfig;
export const VALIDATE_OPTIONS = { schemas: { type: 'string' }, values: { type: 'string' }, env: { type: 'string', multiple: true }, ...FLEET, 'no-kustomize': { type: 'boolean' }, online: { type: 'boolean' }, ...HELP } as const satisfies ParseArgsOptionsConfig;
export const REVIEW_OPTIONS = { base: { type: 'string' }, format: { type: 'string' }, 'fail-on': { type: 'string' }, env: { type: 'string', multiple: true }, ...FLEET, 'post-comment': { type: 'string' }, ...HELP } as const satisfies ParseArgsOptionsConfig;
export const VERIFY_OPTIONS = { env: { type: 'string' }, kubeconfig: { type: 'string' }, context: { type: 'string' }, revision: { type: 'string' }, format: { type: 'string' }, ...FLEET, ...HELP } as const satisfies ParseArgsOptionsConfig;
export const DEPLOY_OPTIONS = { inspect: { type: 'boolean' }, plan: { type: 'boolean' }, expect: { type: 'string' }, binary: { type: 'string' }, ...HELP } as const satisfies ParseArgsOptionsConfig;
export const INIT_OPTIONS = { ...Object.fromEntries(INIT_ANSWERS.map((o) => [o, { type: 'string' as const }])), 'into-existing': { type: 'boolean' }, vendor: { type: 'boolean' }, ...HELP } as ParseArgsOptionsConfig;
/** The secrets subcommands' own options; --root and --environments are taken out before (secrets/main.ts). */
export const SECRETS_OPTIONS = {
  set: { file: { type: 'string', multiple: true }, 'env-file': { type: 'string' }, remove: { type: 'string', multiple: true }, 'allow-demo-key': { type: 'boolean' } },
  show: {},
  check: { env: { type: 'string', multiple: true } },
  init: { force: { type: 'boolean' } },
} as const satisfies Record<string, ParseArgsOptionsConfig>;

interface Line {
  readonly options: ParseArgsOptionsConfig;
  /** How many words besides the options, at least and at most. */
  readonly words: readonly [number, number];
}

/** synth, check and diff are one module (src/cli/synth.ts): the command is its first word. */
const LINES: Record<string, Line> = {
  synth: { options: SYNTH_OPTIONS, words: [0, 0] },
  check: { options: SYNTH_OPTIONS, words: [0, 0] },
  diff: { options: SYNTH_OPTIONS, words: [0, 0] },
  validate: { options: VALIDATE_OPTIONS, words: [0, 0] },
  review: { options: REVIEW_OPTIONS, words: [0, 0] },
  verify: { options: VERIFY_OPTIONS, words: [0, 0] },
  deploy: { options: DEPLOY_OPTIONS, words: [1, 1] },
  init: { options: INIT_OPTIONS, words: [1, 1] },
};
/**
 * `secrets <sub> …`: set and show take <env> <namespace>/<name> (set refuses values among its
 * words: they come on stdin, by --env-file or --file), init one.
 */
const SECRETS_WORDS: Record<keyof typeof SECRETS_OPTIONS, readonly [number, number]> = { set: [2, 2], show: [2, 2], check: [0, 0], init: [1, 1] };

/**
 * Why the bin would refuse `argv` (the words after `k3s-gitops-synth`), or undefined when its
 * parser takes it. Only the line is checked: whether an environment or a file exists is the
 * command's to find when it runs.
 */
export function refusedLine(argv: readonly string[]): string | undefined {
  const [command, ...rest] = argv;
  const cut = rest.includes('--') && command === 'deploy' ? rest.indexOf('--') : rest.length;
  let line: Line | undefined = LINES[command ?? ''];
  let args = rest.slice(0, cut);
  let label = command;
  if (command === 'secrets') {
    args = args.filter((a, i) => !['--root', '--environments'].includes(a) && !['--root', '--environments'].includes(args[i - 1] ?? ''));
    const sub = args[0] as keyof typeof SECRETS_OPTIONS | undefined;
    if (sub === undefined || !(sub in SECRETS_OPTIONS)) return `secrets takes one of ${Object.keys(SECRETS_OPTIONS).join(', ')}, not ${sub ?? '(nothing)'}`;
    line = { options: SECRETS_OPTIONS[sub], words: SECRETS_WORDS[sub] };
    label = `secrets ${sub}`;
    args = args.slice(1);
  }
  if (!line) return `${command ?? '(nothing)'} is no command of the bin`;
  try {
    const { positionals } = parseArgs({ args: [...args], options: line.options, allowPositionals: true, strict: true });
    const [least, most] = line.words;
    if (positionals.length < least || positionals.length > most) return `${label} takes ${least === most ? least : `${least} or more`} word(s) besides its options, not ${positionals.length}`;
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}
