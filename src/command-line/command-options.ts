/**
 * Each command's options as node:util's parseArgs takes them, with what each does beside it:
 * the one definition the command parses its line with, its `--help` and docs/reference/commands.md
 * render (src/command-line/command-help.ts), and a fix text's command is checked against
 * (test/fix-closure.test.ts), so a fix never proposes a line the bin refuses.
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { MINIMUM_TERRAFORM } from '../model/minimum-terraform';
import * as versions from '../versions';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** One option: parseArgs' own fields, then the words the help and the reference print. */
export interface OptionHelp {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  /** A string option's value as the usage writes it: `<name>`. */
  readonly value?: string;
  /** What the option does. */
  readonly help: string;
  /** What holds when it is left out (never parseArgs' `default`: the command derives it). @default none */
  readonly defaults?: string;
  /** The command refuses a line without it. @default false */
  readonly required?: boolean;
}

export type OptionsHelp = Readonly<Record<string, OptionHelp>>;

const HELP = { help: { type: 'boolean', short: 'h', help: 'print this usage and exit 0' } } as const;
const ROOT = { root: { type: 'string', value: '<dir>', help: 'the fleet repository: the folder that holds environments/, secrets/ and clusters/', defaults: 'the current folder' } } as const;
const FLEET = {
  ...ROOT,
  environments: { type: 'string', value: '<module>', help: 'the module exporting the environments list', defaults: 'environments/index.ts' },
} as const;
const ENVS = { env: { type: 'string', multiple: true, value: '<name>', help: 'only this environment; repeat for several', defaults: 'every environment' } } as const;

/** The answers `init` takes, each `--<answer> <value>`: asked on a terminal when not given. */
export const INIT_ANSWERS = ['name', 'domain', 'subnet', 'gateway', 'dns', 'nodes', 'vip', 'interface', 'infrastructure', 'ssh-key', 'flux-url', 'branch', 'tool'] as const;
const INIT_ANSWER_OPTIONS = {
  name: { type: 'string', value: '<env>', help: 'the first environment', defaults: 'dev' },
  domain: { type: 'string', value: '<domain>', help: 'its DNS domain', defaults: '<env>.home.arpa' },
  subnet: { type: 'string', value: '<cidr>', help: "the nodes' subnet", defaults: '192.168.10.0/24' },
  gateway: { type: 'string', value: '<ip>', help: 'the default gateway', defaults: "the subnet's first address" },
  dns: { type: 'string', value: '<ip,…>', help: 'the DNS servers', defaults: 'the gateway' },
  nodes: { type: 'string', value: '<name=ip,…>', help: 'the servers; the first is the founder', defaults: '<env>-1..3 at .11-.13' },
  vip: { type: 'string', value: '<ip>', help: 'the control-plane VIP, served by kube-vip', defaults: '.10' },
  interface: { type: 'string', value: '<name>', help: "the nodes' network interface for the VIP", defaults: 'eth0' },
  infrastructure: { type: 'string', value: '<kind>', help: 'bare-metal or libvirt', defaults: 'bare-metal' },
  'ssh-key': { type: 'string', value: '<key|file>', help: 'the public key the VMs trust (libvirt)', defaults: 'none; check flags it' },
  'flux-url': { type: 'string', value: '<url>', help: 'the fleet repository Flux pulls', defaults: 'a placeholder check flags' },
  branch: { type: 'string', value: '<name>', help: 'the branch Flux pulls', defaults: 'main' },
  tool: {
    type: 'string',
    value: '<npm spec>',
    help: 'how the fleet depends on the tool: a version (0.3.0), a git URL and its tag (github:<owner>/<repo>#v0.3.0, git+https://<forge>/<owner>/<repo>.git#v0.3.0) or a tarball',
    defaults: 'the running tool: its registry version, its git URL, or --vendor when it was installed from a tarball',
  },
} as const satisfies Record<(typeof INIT_ANSWERS)[number], OptionHelp>;

export const SYNTH_OPTIONS = { ...ENVS, ...FLEET, prune: { type: 'boolean', help: 'synth only: also remove files under clusters/<env>/ that synth did not write' }, ...HELP } as const satisfies OptionsHelp;
/** check and diff: synth's without --prune. */
const { prune: _prune, ...CHECK_OPTIONS } = SYNTH_OPTIONS;
export const VALIDATE_OPTIONS = {
  schemas: { type: 'string', value: '<dir>', help: 'kubeconform-style JSON schemas', defaults: "the tool's vendored schemas/json" },
  values: { type: 'string', value: '<dir>', help: 'Helm values schemas', defaults: "the schemas folder's sibling values/" },
  ...ENVS,
  ...FLEET,
  'no-kustomize': { type: 'boolean', help: 'skip the kubectl kustomize builds (without it, a missing kubectl is a finding)' },
  online: { type: 'boolean', help: "ask each pinned chart's and image's registry for its release (OCI tag lists, Helm index.yaml)" },
  ...HELP,
} as const satisfies OptionsHelp;
export const REVIEW_OPTIONS = {
  base: { type: 'string', value: '<git ref>', help: 'the commit to compare the working tree with', defaults: 'the merge base with main' },
  format: { type: 'string', value: 'markdown|json', help: 'the report as Markdown (the pull request comment) or JSON', defaults: 'markdown' },
  'fail-on': { type: 'string', value: 'danger', help: 'exit 1 when any danger is found' },
  ...ENVS,
  ...FLEET,
  'post-comment': { type: 'string', value: '<file>', help: "post a review written before as the pull request's comment (created once, then updated), from CI" },
  ...HELP,
} as const satisfies OptionsHelp;
export const VERIFY_OPTIONS = {
  env: { type: 'string', value: '<name>', help: 'the environment whose cluster to read', required: true },
  kubeconfig: { type: 'string', value: '<file>', help: "the kubeconfig to read the cluster with; use the inspector's", defaults: '$KUBECONFIG, then ~/.kube/config' },
  context: { type: 'string', value: '<name>', help: 'the kubeconfig context', defaults: "the kubeconfig's current context" },
  revision: { type: 'string', value: '<sha>', help: 'the commit Flux should be at', defaults: 'the last commit that changed clusters/<env>/kubernetes/' },
  format: { type: 'string', value: 'text|json', help: 'the report as text or JSON', defaults: 'text' },
  ...FLEET,
  ...HELP,
} as const satisfies OptionsHelp;
export const DEPLOY_OPTIONS = {
  inspect: { type: 'boolean', help: 'only check .terraform-state/<env>.tfstate against the stack; runs no terraform' },
  plan: { type: 'boolean', help: 'init and plan; applies nothing' },
  expect: { type: 'string', value: '<counts>', help: 'plan, compare with import=N,add=N,change=N,destroy=N (a kind left out is not checked), then apply that very plan when they match, nothing when not' },
  binary: { type: 'string', value: 'tofu|terraform', help: 'the program to run', defaults: '$TERRAFORM_BINARY_NAME, else tofu, else terraform' },
  ...HELP,
} as const satisfies OptionsHelp;
export const INIT_OPTIONS = {
  'into-existing': { type: 'boolean', help: 'write into a folder that holds other files (never overwriting one)' },
  ...INIT_ANSWER_OPTIONS,
  vendor: {
    type: 'boolean',
    help: "copy the running tool's tarball into vendor/k3s-gitops-synth-<version>.tgz and depend on it there (file:vendor/…), which npm ci installs on any clone",
    defaults: 'on when the tool was installed from a tarball',
  },
  ...HELP,
} as const satisfies OptionsHelp;
/** The secrets subcommands' own options; --root, --environments and --help are taken out before (secrets/main.ts). */
export const SECRETS_OPTIONS = {
  set: {
    file: { type: 'string', multiple: true, value: 'KEY=PATH', help: "a key's value from a file; repeat for several" },
    'env-file': { type: 'string', value: 'PATH|-', help: 'KEY=VALUE lines from a file, or from stdin with -' },
    remove: { type: 'string', multiple: true, value: 'KEY', help: 'remove a key; repeat for several' },
    'allow-demo-key': { type: 'boolean', help: "encrypt to the example fleet's demo key, whose private half is public" },
  },
  show: {},
  check: { ...ENVS },
  init: { force: { type: 'boolean', help: 'replace a key pair the environment already has' } },
} as const satisfies Record<string, OptionsHelp>;
/** What `secrets` takes before its subcommand's options, for every subcommand. */
export const SECRETS_SHARED = { ...FLEET, ...HELP } as const satisfies OptionsHelp;

/** One exit code and what it means; `other` stands for the codes of a program the command runs. */
export type Exit = readonly [code: number | 'other', meaning: string];

const USAGE_EXIT: Exit = [2, 'a mistake on the command line (the usage follows the line that names it)'];
const ENVIRONMENTS_EXIT = 'the environments module does not load';

/** A command of the bin, as its help and the reference show it. */
export interface CommandDefinition {
  /** `synth`, `secrets set`: the words after `k3s-gitops-synth`. */
  readonly name: string;
  /** One line, for the bin's own usage. */
  readonly summary: string;
  /** The words besides the options, as the usage writes them (`<env>`); each one is required. */
  readonly words: readonly string[];
  /** What follows a `--`, passed on untouched. @default nothing */
  readonly rest?: string;
  readonly options: OptionsHelp;
  /** What the command does, beyond the summary. */
  readonly about: string;
  readonly exits: readonly Exit[];
  /** Run as the bin itself (`k3s-gitops-synth init`): no fleet, so no npm script, exists yet. @default false */
  readonly bin?: boolean;
  /** Not for people: what another program runs (the bin's usage leaves it out). @default false */
  readonly internal?: boolean;
}

/** A secrets subcommand: `failed` says when it exits 1 besides the environments'. */
const secrets = (sub: keyof typeof SECRETS_OPTIONS, words: readonly string[], summary: string, about: string, done: string, failed: string, usage = USAGE_EXIT[1]): CommandDefinition => ({
  name: `secrets ${sub}`,
  summary,
  words,
  options: { ...SECRETS_OPTIONS[sub], ...SECRETS_SHARED },
  about,
  exits: [[0, done], [1, `${failed}, an environment is broken, or ${ENVIRONMENTS_EXIT}`], [2, usage]],
});

/** Every command the bin takes, in the order its usage lists them. */
export const COMMANDS: readonly CommandDefinition[] = [
  {
    name: 'init',
    bin: true,
    summary: 'write a new fleet repository (environments, apps, CI, Renovate)',
    words: ['<dir>'],
    options: INIT_OPTIONS,
    about: 'writes a new fleet repository into <dir> (new or empty): package.json, environments/, apps/, manifests/, secrets/, CI for GitHub, Gitea and Forgejo, renovate.json and its README; asks for each answer not given when it runs on a terminal, else takes the default',
    exits: [[0, 'the fleet was written'], [1, 'nothing was written: the folder is not empty, an answer is refused, or the tool could not be copied'], USAGE_EXIT],
  },
  {
    name: 'synth',
    summary: 'check every environment, then write clusters/<env>/ (nothing while an error stands)',
    words: [],
    options: SYNTH_OPTIONS,
    about: "checks every environment, then writes clusters/<env>/ and the files beside it that synth keeps (.sops.yaml, the README's version table); writes nothing while an error stands",
    exits: [[0, 'the trees were written'], [1, `an error stands (nothing was written), or ${ENVIRONMENTS_EXIT}`], USAGE_EXIT],
  },
  {
    name: 'check',
    summary: 'exit 1 on a broken invariant or when clusters/ differs from what the code synthesizes',
    words: [],
    options: CHECK_OPTIONS,
    about: 'checks every environment and compares the committed trees with what the code synthesizes; writes nothing (CI runs it)',
    exits: [[0, 'no error, and every tree is what the code synthesizes'], [1, `an error stands, a tree or generated file differs, a file lacks its execute bit, a folder under clusters/ has no environment, or ${ENVIRONMENTS_EXIT}`], USAGE_EXIT],
  },
  {
    name: 'diff',
    summary: 'show what synth would change (writes nothing)',
    words: [],
    options: CHECK_OPTIONS,
    about: 'prints what synth would change as a unified diff; writes nothing',
    exits: [[0, 'the diff was printed (empty when nothing would change)'], [1, `an error stands, or ${ENVIRONMENTS_EXIT}`], USAGE_EXIT],
  },
  {
    name: 'validate',
    summary: 'conformance of the committed trees against the vendored schemas and kustomize',
    words: [],
    options: VALIDATE_OPTIONS,
    about: 're-reads the committed trees as Flux and the API server would: every object against the vendored schemas, every kustomization by a kustomize build, the Flux graph',
    exits: [[0, 'all checks passed'], [1, `a finding, or ${ENVIRONMENTS_EXIT}`], USAGE_EXIT],
  },
  {
    name: 'review',
    summary: 'what a change does to VMs, servers and the Flux tree, dangers first',
    words: [],
    options: REVIEW_OPTIONS,
    about: 'compares clusters/ at the base with the working tree, which must be freshly synthesized; prints what the change does to VMs, servers and the Flux tree, dangers first',
    exits: [[0, 'the review was printed (or posted)'], [1, `a danger with --fail-on danger, clusters/ is not freshly synthesized, git could not read the base, the comment could not be posted, or ${ENVIRONMENTS_EXIT}`], [2, 'a mistake on the command line, or --post-comment outside a pull request'], ],
  },
  {
    name: 'verify',
    summary: 'compare the live cluster (read-only) with the committed tree and the model',
    words: [],
    options: VERIFY_OPTIONS,
    about: 'reads the live cluster (gets and lists only, after asking the server that the credentials can neither write nor read Secrets) and compares it with the committed clusters/<env>/ and the model: one line per comparison, pass, drift or not-checkable, with what was expected, what is live and the fix',
    exits: [[0, 'every comparison passes'], [1, 'a drift'], [2, `a mistake on the command line, credentials that may write or read Secrets, or ${ENVIRONMENTS_EXIT}`], [3, 'the cluster could not be read']],
  },
  secrets('set', ['<env>', '<namespace>/<name>'], 'encrypt values into secrets/<env>/<namespace>.<name>.sops.yaml', "encrypts values into secrets/<env>/<namespace>.<name>.sops.yaml, read from KEY=VALUE lines on stdin (--env-file -) or in a file, never from the command line (shell history, npm's log); unchanged values leave the file byte-identical", 'the file was written (or left byte-identical)', 'nothing was written (no recipients, a file that is not the tool\'s to modify)', 'a mistake on the command line, a value among the words'),
  secrets('show', ['<env>', '<namespace>/<name>'], 'decrypt a secret to stdout', "decrypts the secret to stdout with .age/<env>.agekey, SOPS_AGE_KEY_FILE or SOPS_AGE_KEY; a workload cluster's delivered secrets with its management environment's key", 'the values were printed', 'the file does not exist or no key opens it'),
  secrets('check', [], 'check every secret source', 'checks every source without a key (exists, every value encrypted, the required keys, the right recipients); with a key, verifies the MACs too', 'every source passes', 'a source is broken'),
  secrets('init', ['<env>'], "create an environment's age key pair", 'creates an age key pair (the private key in .age/<env>.agekey, never committed), switches the environment to it and re-encrypts its secrets', 'the key pair was created', 'the key file exists already (--force replaces it), or a secret could not be re-encrypted'),
  {
    name: 'deploy',
    summary: "plan and apply an environment's committed VM layer with tofu or terraform",
    words: ['<env>'],
    rest: '<plan/apply args>',
    options: DEPLOY_OPTIONS,
    about: `from the fleet's root: init, then apply of clusters/<env>/terraform/cdk.tf.json as committed, with OpenTofu or Terraform ${MINIMUM_TERRAFORM}+ from the PATH (it shows the plan and asks); offline, no synth. --inspect, --plan and --expect exclude each other. What follows a -- goes to plan and apply, e.g. -- -target='libvirt_domain.node[\"<node>\"]' (Proxmox: proxmox_virtual_environment_vm.node[\"<node>\"]), <node> one of the environment's nodes. init writes clusters/<env>/terraform/.terraform.lock.hcl: commit it. With a CDK CLI instead: npx cdktf-cli@${versions.tools.cdktfCli.version} deploy <env> (the fleet's cdktf.json, the same state)`,
    exits: [[0, 'applied (or inspected, or planned)'], [1, 'the state needs fixing first, the plan is not the one --expect names, or the stack is not JSON'], [2, 'a mistake on the command line, no VM layer for the environment, or no usable tofu or terraform'], ['other', "terraform's own, when its plan or apply fails"]],
  },
  {
    name: 'cdktf-app',
    internal: true,
    summary: "what cdktf synth and cdktf deploy run as their app (the fleet's cdktf.json)",
    words: [],
    options: {},
    about: "writes every environment's VM stack where cdktf asks, the same stacks synth writes to clusters/<env>/terraform/cdk.tf.json; cdktf passes no arguments, so SYNTH_ENVIRONMENTS names another environments module",
    exits: [[0, 'the stacks were written'], [1, 'an environment is broken (nothing was written)']],
  },
];

/** The definition of `name` (`synth`, `secrets set`). */
export const commandNamed = (name: string) => COMMANDS.find((c) => c.name === name);

/** `secrets`: the subcommands, `set`, `show`, …, in their order. */
export const subcommandsOf = (name: string) => COMMANDS.filter((c) => c.name.startsWith(`${name} `)).map((c) => c.name.slice(name.length + 1));

/**
 * Why the bin would refuse `argv` (the words after `k3s-gitops-synth`), or undefined when its
 * parser takes it. Only the line is checked: whether an environment or a file exists is the
 * command's to find when it runs.
 */
export function refusedLine(argv: readonly string[]): string | undefined {
  const [command = '', ...rest] = argv;
  const subs = subcommandsOf(command);
  // `secrets <sub> …`: the subcommand is the first word that is no option's (--root <dir> may come first).
  const at = rest.findIndex((a, i) => !a.startsWith('-') && !['--root', '--environments'].includes(rest[i - 1] ?? ''));
  const sub = subs.length > 0 ? rest[at] : undefined;
  if (subs.length > 0 && (sub === undefined || !subs.includes(sub))) return `${command} takes one of ${subs.join(', ')}, not ${sub ?? '(nothing)'}`;
  const line = commandNamed(sub === undefined ? command : `${command} ${sub}`);
  if (!line) return `${command || '(nothing)'} is no command of the bin`;
  const words = sub === undefined ? rest : rest.filter((_, i) => i !== at);
  const args = line.rest !== undefined && words.includes('--') ? words.slice(0, words.indexOf('--')) : words;
  try {
    const { positionals } = parseArgs({ args: [...args], options: line.options, allowPositionals: true, strict: true });
    if (positionals.length !== line.words.length) return `${line.name} takes ${line.words.length} word(s) besides its options, not ${positionals.length}`;
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}
