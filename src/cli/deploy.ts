import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEPLOY_OPTIONS } from '../command-line/command-options';
import { providerTmpDir, statePath } from '../infra/state';
import { MINIMUM_TERRAFORM } from '../model/minimum-terraform';
import { inspectState } from '../infra/state-inspection';
import type { StateFinding } from '../infra/state-inspection';
import * as versions from '../versions';
import { argsErrorLine } from '../command-line/args-error';
import { commandHelp } from '../command-line/command-help';
import { machineUpdateNotes } from './machine-updates';
import type { PlannedChange } from './machine-updates';
import { UsageError } from '../command-line/usage-error';

// `k3s-gitops-synth deploy <env>`: the committed clusters/<env>/terraform/cdk.tf.json applied as it
// is, with the operator's own tofu or terraform; it never synthesizes and fetches no npm package.
const USAGE = commandHelp('deploy');

const OPTIONS = Object.keys(DEPLOY_OPTIONS);
const KINDS = ['import', 'add', 'change', 'destroy'] as const;
type Kind = (typeof KINDS)[number];
type Counts = Record<Kind, number>;
/** Runs `<bin> -chdir=clusters/<env>/terraform <args>`; `capture` keeps its output instead of showing it. */
type Terraform = (args: readonly string[], capture?: boolean) => { status: number; stdout: string; stderr: string };

/** A mistake of the user's or of the setup: one line, no stack trace; exit 2 when nothing could start. */
class DeployError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** Parsed JSON; undefined when the text is not JSON. */
function json(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** How each kind of `--expect` reads a plan's resource change, as Terraform's "Plan: …" line counts. */
const IS_KIND: Record<Kind, (actions: readonly string[], importing: boolean) => boolean> = {
  import: (_, importing) => importing,
  add: (actions) => actions.includes('create'),
  change: (actions) => actions.length === 1 && actions[0] === 'update',
  destroy: (actions) => actions.includes('delete'),
};

function parseExpect(text: string): Partial<Counts> {
  const counts: Partial<Counts> = {};
  const seen = new Set<string>();
  for (const entry of text.split(',')) {
    const [, kind = '', n] = /^([^=]*)=(\d+)$/.exec(entry.trim()) ?? [];
    const wrong = entry.trim() === '' ? 'an entry is empty' : n === undefined ? `${entry} is not <kind>=<count>` : !(KINDS as readonly string[]).includes(kind) ? `${kind} is not a kind` : seen.has(kind) ? `${kind} is given twice` : undefined;
    if (wrong) throw new UsageError(`--expect ${text}: ${wrong}; kinds are ${KINDS.join(', ')}, each at most once (one left out is not checked), e.g. --expect import=3,add=2,change=0,destroy=0`);
    seen.add(kind);
    counts[kind as Kind] = Number(n);
  }
  return counts;
}

function parse(argv: readonly string[]) {
  // What follows a `--` is terraform's, untouched (npm itself takes the first `--`).
  const cut = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const single = argv.slice(0, cut).find((a) => /^-[^-]/.test(a) && a !== '-h');
  if (single) throw new UsageError(`${single} is not an option of deploy; terraform's own go after a --: deploy <env> -- ${single}`);
  const { values, positionals } = parseArgs({
    args: argv.slice(0, cut),
    allowPositionals: true,
    options: DEPLOY_OPTIONS,
  });
  if (values.help) return { help: true } as const;
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'deploy needs the environment first: deploy <env>' : `deploy takes one environment, not ${positionals.join(' ')}; terraform's own arguments go after a --`);
  if ([values.inspect, values.plan, values.expect].filter((v) => v !== undefined).length > 1) throw new UsageError('--inspect, --plan and --expect exclude each other: pick one');
  const expected = values.expect === undefined ? undefined : parseExpect(values.expect);
  return { help: false, envName: positionals[0]!, inspect: values.inspect ?? false, plan: values.plan ?? false, expected, binary: values.binary, extra: argv.slice(cut + 1) } as const;
}

/** The environments with a VM layer: the folders under clusters/ holding a terraform/cdk.tf.json. */
function vmEnvironments(root: string): string[] {
  const clusters = path.join(root, 'clusters');
  const names = fs.existsSync(clusters) ? fs.readdirSync(clusters) : [];
  return names.filter((name) => fs.existsSync(path.join(clusters, name, 'terraform/cdk.tf.json'))).sort();
}

/** `--binary`, else $TERRAFORM_BINARY_NAME, else the first of tofu and terraform on the PATH. */
function findBinary(flag: string | undefined): { name: string; file: string } {
  const asked = flag ?? process.env.TERRAFORM_BINARY_NAME;
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of asked ? [asked] : ['tofu', 'terraform']) {
    const file = (name.includes('/') ? [path.resolve(name)] : dirs.map((d) => path.join(d, name))).find(isExecutable);
    if (file) return { name, file };
  }
  throw new DeployError(
    asked
      ? `${asked} (${flag ? '--binary' : 'TERRAFORM_BINARY_NAME'}) is not on the PATH: install it, or name another with --binary tofu|terraform`
      : `neither tofu nor terraform is on the PATH: install OpenTofu (https://opentofu.org/docs/intro/install/) or Terraform (https://developer.hashicorp.com/terraform/install), ${MINIMUM_TERRAFORM} or later`,
    2,
  );
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether `major.minor.patch` is older than `minimum` (a pre-release counts as its release). */
const older = (version: string, minimum: string) => {
  const [a, b] = [version, minimum].map((v) => v.split('.').map(Number)) as [number[], number[]];
  const i = a.findIndex((n, k) => n !== b[k]);
  return i >= 0 && a[i]! < b[i]!;
};

/** The state's findings, undefined without a state file. */
function stateFindings(stateFile: string, shown: string, stack: unknown, envName: string): StateFinding[] | undefined {
  if (!fs.existsSync(stateFile)) return undefined;
  const state = json(fs.readFileSync(stateFile, 'utf8'));
  if (state === undefined) return [{ code: 'state.unreadable', message: `${shown} is not JSON`, fix: `restore it from ${shown}.backup, or move it away if nothing it holds exists any more` }];
  return inspectState(state, stack, envName);
}

const formatFinding = (f: StateFinding, shown: string) => `error ${f.address ?? shown} [${f.code}]: ${f.message}\n    fix: ${f.fix}\n`;
const formatCounts = (c: Partial<Counts>) => KINDS.filter((k) => c[k] !== undefined).map((k) => `${k}=${c[k]}`).join(', ');

function main(argv: readonly string[]): number {
  const options = parse(argv);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { envName, extra } = options;
  const root = process.cwd();
  const known = vmEnvironments(root);
  const chdir = `clusters/${envName}/terraform`;
  if (!known.includes(envName)) {
    const have = known.length > 0 ? `the environments with one here: ${known.join(', ')}` : 'no environment here has one';
    throw new DeployError(`${envName} has no ${chdir}/cdk.tf.json (${have}): an unknown environment, a bare-metal one (no VM layer to deploy), or run npm run synth first; deploy runs from the fleet's root`, 2);
  }
  const workDir = path.join(root, chdir);
  const stack = json(fs.readFileSync(path.join(workDir, 'cdk.tf.json'), 'utf8'));
  if (stack === undefined) throw new DeployError(`${chdir}/cdk.tf.json is not JSON: run npm run synth (it is generated, never edited)`);
  const stateFile = path.resolve(workDir, statePath(envName));
  const shown = path.relative(root, stateFile);

  const findings = stateFindings(stateFile, shown, stack, envName);
  if (findings && findings.length > 0) {
    process.stderr.write(findings.map((f) => formatFinding(f, shown)).join(''));
    process.stderr.write(`deploy ${envName}: nothing was run; fix the state first (npm run deploy -- ${envName} --inspect checks it again)\n`);
    return 1;
  }
  if (options.inspect) {
    process.stdout.write(findings ? `state ${shown} can be planned as it is\n` : `no state at ${shown}: the first plan creates everything (and imports what infrastructure.adopt lists)\n`);
    return 0;
  }

  // What is applied is the file as it is here; say so when it is not what the branch holds.
  const status = spawnSync('git', ['status', '--porcelain', '--', `${chdir}/cdk.tf.json`], { cwd: root, encoding: 'utf8' });
  if (status.status === 0 && status.stdout.trim() !== '') process.stderr.write(`deploy ${envName}: ${chdir}/cdk.tf.json has changes not committed; applying the file as it is in the working tree\n`);
  const binary = findBinary(options.binary);
  const tmpDir = path.resolve(workDir, providerTmpDir(envName));
  fs.mkdirSync(tmpDir, { recursive: true });
  const env = { ...process.env, TMPDIR: providerTmpDir(envName), PLUGIN_UNIX_SOCKET_DIR: os.tmpdir(), CHECKPOINT_DISABLE: '1' };
  const terraform: Terraform = (args, capture = false) => {
    const result = spawnSync(binary.file, [`-chdir=${chdir}`, ...args], { env, stdio: capture ? 'pipe' : 'inherit', encoding: 'utf8', maxBuffer: 1 << 30 });
    if (result.error) throw new DeployError(`could not run ${binary.file}: ${result.error.message}`);
    return { status: result.status ?? 1, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  };
  // Ctrl-C reaches terraform too, which stops cleanly and saves the state: wait for it.
  process.on('SIGINT', () => undefined);

  const version = terraform(['version', '-json'], true);
  const reported = (json(version.stdout) as { terraform_version?: unknown } | undefined)?.terraform_version;
  const found = version.status === 0 ? /^\d+\.\d+\.\d+/.exec(String(reported))?.[0] : undefined;
  if (!found) throw new DeployError(`could not read ${binary.name}'s version (${binary.file} version -json): ${version.stderr.trim() || version.stdout.trim()}`, 2);
  if (older(found, MINIMUM_TERRAFORM)) throw new DeployError(`${binary.name} ${found} is older than ${MINIMUM_TERRAFORM}, the oldest that reads the generated JSON (its required_version): install OpenTofu or Terraform ${MINIMUM_TERRAFORM} or later`, 2);

  const lockFile = path.join(chdir, '.terraform.lock.hcl');
  const hadLock = fs.existsSync(lockFile);
  const init = terraform(['init', '-input=false']);
  if (init.status !== 0) return init.status;
  if (!hadLock && fs.existsSync(lockFile)) process.stdout.write(`deploy ${envName}: init wrote ${lockFile} (the providers' checksums): commit it\n`);

  if (!options.expected) return terraform([options.plan ? 'plan' : 'apply', ...extra]).status;
  return applyExpected(options.expected, envName, extra, workDir, terraform);
}

/** plan -out, then its counts against the expectation: the very plan applied when they match, nothing when not. */
function applyExpected(expected: Partial<Counts>, envName: string, extra: readonly string[], workDir: string, terraform: Terraform): number {
  // Beside the state (git-ignored): a plan file holds the state's values.
  const planFile = `${path.posix.dirname(providerTmpDir(envName))}/deploy.tfplan`;
  try {
    const plan = terraform(['plan', `-out=${planFile}`, ...extra]);
    if (plan.status !== 0) return plan.status;
    const show = terraform(['show', '-json', planFile], true);
    const shownPlan = json(show.stdout) as { resource_changes?: PlannedChange[] } | undefined;
    if (show.status !== 0 || !shownPlan) throw new DeployError(`could not read the plan (show -json ${planFile} exited ${show.status}); nothing was applied`);
    const changes = shownPlan.resource_changes ?? [];
    const planned = Object.fromEntries(KINDS.map((k) => [k, changes.filter((c) => IS_KIND[k](c.change?.actions ?? [], Boolean(c.change?.importing))).map((c) => c.address ?? '?')])) as Record<Kind, string[]>;
    const counts = Object.fromEntries(KINDS.map((k) => [k, planned[k].length])) as Counts;
    const differ = KINDS.filter((k) => expected[k] !== undefined && counts[k] !== expected[k]);
    if (differ.length > 0) {
      const addresses = differ.flatMap((k) => planned[k].map((a) => `  ${k}: ${a}\n`)).join('');
      const notes = differ.includes('change') ? machineUpdateNotes(changes, envName).join('') : '';
      process.stderr.write(`deploy ${envName}: the plan is not the one expected; nothing was applied\n  expected ${formatCounts(expected)}\n  planned  ${formatCounts(counts)}\n${addresses}${notes}`);
      return 1;
    }
    process.stdout.write(`deploy ${envName}: the plan is the one expected (${formatCounts(counts)}); applying it\n`);
    return terraform(['apply', planFile]).status;
  } finally {
    fs.rmSync(path.resolve(workDir, planFile), { force: true });
  }
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (error instanceof DeployError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error.exitCode;
  } else if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${error instanceof UsageError ? error.message : argsErrorLine(error, OPTIONS)}\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    throw error;
  }
}
