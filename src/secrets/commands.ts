import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SECRETS_OPTIONS } from '../command-line/command-options';
import { commandHelp } from '../command-line/command-help';
import type { EnvironmentSpec } from '../model/environment';
import { checkSecretSources } from '../model/invariants/secrets';
import { ENVIRONMENT_NAME } from '../model/name-patterns';
import { FLUX_SYSTEM, SOPS_AGE_KEY, SOPS_AGE_SECRET_NAME } from '../model/workload-resolve';
import { resolve } from '../model/resolve';
import type { Environment } from '../model/resolve';
import { formatViolation, hasErrors } from '../model/violation';
import type { Violation } from '../model/violation';
import { holdsAgeIdentity } from '../model/public-keys';
import { serverTokenSource } from '../model/server-token';
import { applySecret } from '../bootstrap/step';
import type { CommandResult } from '../synth/commands';
import { treeDir } from '../tree/paths';
import { readTree } from '../synth/tree';
import { generateIdentity, parseIdentities } from './age-keys';
import { DEMO_AGE_KEY_FILE, DEMO_AGE_RECIPIENT } from './demo';
import { availableIdentities, identityFile, identityPlaces, keyOwner } from './identities';
import { NoMatchingIdentityError } from '../tree/sops-cipher';
import { RECIPIENTS_FILE, withRecipients } from './recipients-file';
import { SecretWriteError, setSecret } from './secret-writer';
import { decryptDocument, parseDocument } from './sops-document';

export const SECRETS_USAGE = commandHelp('secrets');

export class SecretsUsageError extends Error {}

export interface SecretsContext {
  readonly root: string;
  readonly environments: readonly EnvironmentSpec[];
  readonly vars: NodeJS.ProcessEnv;
  readonly now: () => Date;
  readonly readStdin: () => string;
}

const ok = (stdout: string, stderr = ''): CommandResult => ({ stdout, stderr, exitCode: 0 });
const fail = (stderr: string): CommandResult => ({ stdout: '', stderr: stderr.endsWith('\n') ? stderr : `${stderr}\n`, exitCode: 1 });
const KEY = /^[-._a-zA-Z0-9]+$/;

function environment(ctx: SecretsContext, name: string | undefined): Environment {
  const spec = ctx.environments.find((e) => e.name === name);
  if (!spec) throw new SecretsUsageError(`unknown environment ${name ?? '(none)'}; known: ${ctx.environments.map((e) => e.name).sort().join(', ')}`);
  // Its folder is secrets/<name>/: a name like ../x would reach outside secrets/.
  if (!ENVIRONMENT_NAME.test(spec.name)) throw new SecretsUsageError(`"${spec.name}" is not an environment name (lowercase letters, digits and hyphens), so secrets/${spec.name}/ is not read or written; fix the environment's name first (npm run synth names it)`);
  // No line in age-recipients.ts yet (specGate lets init write it, and warns elsewhere): none.
  const complete = spec.sops?.ageRecipients === undefined ? { ...spec, sops: { ...spec.sops, ageRecipients: [] } } : spec;
  return resolve(complete, ctx.environments);
}

function secretPath(env: Environment, ref: string | undefined): { namespace: string; name: string; file: string } {
  const match = /^([a-z0-9-]+)\/([a-z0-9.-]+)$/.exec(ref ?? '');
  if (!match) {
    const [namespace, name, ...rest] = (ref ?? '').split('/');
    // Say which half is wrong: a well-formed pair whose name is no Kubernetes name is the likelier slip.
    const why = rest.length === 0 && name !== undefined && /^[a-z0-9-]+$/.test(namespace ?? '') ? `: ${name} is no Kubernetes object name (lowercase letters, digits, '-' and '.')` : '';
    throw new SecretsUsageError(`"${ref ?? ''}" is not <namespace>/<name>${why}, e.g. capmox-system/capmox-variables`);
  }
  return { namespace: match[1]!, name: match[2]!, file: `secrets/${env.name}/${match[1]}.${match[2]}.sops.yaml` };
}

/** KEY=VALUE pairs from files and a dotenv file (or stdin); values never echoed. */
function collectValues(ctx: SecretsContext, files: readonly string[], envFile: string | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  const put = (key: string, value: string, from: string) => {
    if (!KEY.test(key)) throw new SecretsUsageError(`${from}: "${key}" is not a Secret key (letters, digits, '-', '_', '.')`);
    values[key] = value;
  };
  const split = (pair: string, from: string) => {
    const at = pair.indexOf('=');
    if (at <= 0) throw new SecretsUsageError(`${from}: expected KEY=VALUE, got a word without '=' (value not shown)`);
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  };
  if (envFile !== undefined) {
    const text = envFile === '-' ? ctx.readStdin() : fs.readFileSync(path.resolve(ctx.root, envFile), 'utf8');
    text
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'))
      .forEach((line, i) => put(...split(line, `${envFile === '-' ? 'stdin' : envFile} line ${i + 1}`), 'env file'));
  }
  for (const spec of files) {
    const [key, file] = split(spec, '--file');
    put(key, fs.readFileSync(path.resolve(ctx.root, file), 'utf8'), '--file');
  }
  return values;
}

/** set's options as given, for a command that repeats them. */
interface SetOptions {
  readonly file?: readonly string[];
  readonly 'env-file'?: string;
  readonly remove?: readonly string[];
  readonly 'allow-demo-key'?: boolean;
}

/**
 * A value in the arguments is already in the shell's history and npm's log when the tool sees it:
 * it is refused, never encrypted, and the fix is the same command reading it from stdin (or, when
 * --env-file is taken already, from a file per key). Only keys are repeated, never a value.
 */
function valuesInArguments(env: Environment, ref: string, extra: readonly string[], opts: SetOptions): CommandResult {
  const keys = extra.map((a) => a.slice(0, Math.max(a.indexOf('='), 0))).filter((k) => KEY.test(k));
  const shown = [...keys.map((k) => `${k}=…`), ...(keys.length < extra.length ? ['an argument (not shown)'] : [])];
  const kept = [...(opts.file ?? []).flatMap((f) => ['--file', f]), ...(opts.remove ?? []).flatMap((k) => ['--remove', k]), ...(opts['allow-demo-key'] ? ['--allow-demo-key'] : [])];
  const envFile = opts['env-file'];
  const from = envFile === undefined
    ? ['--env-file', '-']
    : ['--env-file', envFile, ...(keys.length > 0 ? keys : ['KEY']).flatMap((k) => ['--file', `${k}=<file holding it>`])];
  const how = envFile === undefined ? ` (then type ${keys.length > 0 ? keys.map((k) => `${k}=…`).join(', ') : 'KEY=…'}, one KEY=VALUE a line, and Ctrl-D; or < a file of such lines)` : '';
  return {
    stdout: '',
    stderr: `refusing ${shown.join(', ')} on the command line: a value there is kept in shell history and npm's log; nothing written\n    fix: npm run secrets -- ${['set', env.name, ref, ...kept, ...from].join(' ')}${how}\n    note: the value typed is in your shell history already (and in ~/.npm/_logs when it came through npm run): if it is a real secret, rotate it\n`,
    exitCode: 2,
  };
}

async function setCommand(ctx: SecretsContext, args: string[]): Promise<CommandResult> {
  const { values: opts, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: SECRETS_OPTIONS.set,
  });
  const env = environment(ctx, positionals[0]);
  const target = secretPath(env, positionals[1]);
  if (positionals.length > 2) return valuesInArguments(env, `${target.namespace}/${target.name}`, positionals.slice(2), opts);
  const values = collectValues(ctx, opts.file ?? [], opts['env-file']);
  // A workload cluster's own SOPS identity is encrypted to the environment whose Flux delivers it.
  const delivered = env.secrets.find((s) => s.source === target.file)?.deliveredBy;
  const owner = delivered ? { name: delivered.environment, ageRecipients: delivered.recipients } : env;
  if (owner.ageRecipients.length === 0) return fail(`${owner.name} has no age recipients; run npm run secrets -- init ${owner.name}`);
  // SOPS records each recipient in the file's metadata: an identity there would be committed.
  const identityAt = owner.ageRecipients.findIndex(holdsAgeIdentity);
  if (identityAt >= 0) return fail(`nothing written: ${owner.name}.sops.ageRecipients[${identityAt}] holds an age identity (the private key, not shown), not a recipient; put its recipient there (age-keygen -y <key file> prints it)`);
  const file = path.join(ctx.root, target.file);
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  let result;
  try {
    result = await setSecret({
      existing,
      identities: availableIdentities(ctx.vars, ctx.root, owner.name),
      recipients: owner.ageRecipients,
      namespace: target.namespace,
      name: target.name,
      values,
      remove: opts.remove ?? [],
      now: ctx.now(),
    });
  } catch (error) {
    if (error instanceof SecretWriteError) return fail(`refusing to modify ${target.file}: ${error.message}`);
    throw error;
  }
  if (result.unchanged) return ok(`${target.file}: unchanged\n`);
  if (owner.ageRecipients.includes(DEMO_AGE_RECIPIENT) && !opts['allow-demo-key']) {
    return fail(
      `refusing to encrypt ${target.file} to the public demo key (${owner.name} still uses it): anyone could decrypt it.\n` +
        `run npm run secrets -- init ${owner.name} for a real key, or pass --allow-demo-key for example data`,
    );
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, result.text);
  const ref = env.secrets.find((r) => r.source === target.file);
  const missing = ref ? ref.keys.filter((k) => !result.text.includes(`\n  ${k}: ENC[`)) : [];
  // The server token is kept for a restore: no component deploys it, synth never copies it.
  const notes = target.file === serverTokenSource(env.name) ? [`note: kept for the etcd restore of clusters/${env.name}/bootstrap/README.md (Day 2), never deployed: commit it`] : [
    ...(ref ? [] : [`note: no component of ${env.name} references ${target.namespace}/${target.name} yet; declare it in the environment`]),
    ...(missing.length > 0 ? [`note: still missing ${missing.join(', ')}`] : []),
    'run npm run synth to copy it into the tree',
  ];
  const what = [
    result.changed.length > 0 ? `${result.changed.length} value(s) set (${result.changed.join(', ')})` : '',
    result.removed.length > 0 ? `${result.removed.length} removed (${result.removed.join(', ')})` : '',
    result.freshDataKey ? 'new data key' : 'data key kept',
  ].filter(Boolean);
  return ok(`${target.file}: ${what.join(', ')}\n`, `${notes.join('\n')}\n`);
}

async function showCommand(ctx: SecretsContext, args: string[]): Promise<CommandResult> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: SECRETS_OPTIONS.show });
  const env = environment(ctx, positionals[0]);
  const target = secretPath(env, positionals[1]);
  const file = path.join(ctx.root, target.file);
  if (!fs.existsSync(file)) return fail(`${target.file} does not exist; create it with npm run secrets -- set ${env.name} ${target.namespace}/${target.name} --env-file - (KEY=… lines on stdin)`);
  const text = fs.readFileSync(file, 'utf8');
  try {
    const decrypted = await decryptDocument(text, availableIdentities(ctx.vars, ctx.root, keyOwner(env, target.file)));
    const doc = parseDocument(text);
    doc.delete('sops');
    for (const value of decrypted.values.filter((v) => v.encrypted)) doc.setIn(value.path, value.plaintext);
    return ok(doc.toString({ lineWidth: 0 }));
  } catch (error) {
    return fail(`cannot decrypt ${target.file}: ${(error as Error).message}${error instanceof NoMatchingIdentityError ? `; ${identityHint(ctx, env, target.file)}` : ''}`);
  }
}

/** Key-free checks of every source, plus MAC verification where an identity is available. */
async function checkCommand(ctx: SecretsContext, args: string[]): Promise<CommandResult> {
  const { values: opts } = parseArgs({ args, options: SECRETS_OPTIONS.check });
  const names = opts.env ?? ctx.environments.map((e) => e.name);
  const violations: Violation[] = [];
  const lines: string[] = [];
  for (const name of [...names].sort()) {
    const env = environment(ctx, name);
    const sources = new Map([...readTree(path.join(ctx.root, 'secrets', name))].map(([p, t]) => [`secrets/${name}/${p}`, t]));
    const found = checkSecretSources({ env, sources });
    let verified = 0;
    let keyless = 0;
    if (!hasErrors(found)) {
      for (const ref of env.secrets) {
        // A delivered secret is encrypted to the delivering environment: its key opens it.
        const owner = keyOwner(env, ref.source);
        const identities = availableIdentities(ctx.vars, ctx.root, owner);
        if (identities.length === 0) {
          keyless++;
          continue;
        }
        try {
          await decryptDocument(sources.get(ref.source)!, identities);
          verified++;
        } catch (error) {
          const missingKey = error instanceof NoMatchingIdentityError;
          found.push({
            code: 'secret.undecryptable',
            severity: 'error',
            path: ref.source,
            value: missingKey ? 'no matching identity' : 'MAC',
            message: (error as Error).message,
            fix: missingKey ? identityHint(ctx, env, ref.source) : `restore the file from Git, or re-create it with npm run secrets -- set ${env.name} ${ref.namespace}/${ref.name}`,
          });
        }
      }
    }
    violations.push(...found);
    const unchecked = hasErrors(found) ? '' : keyless === env.secrets.length && keyless > 0 ? ' (no identity: key-free checks only)' : keyless > 0 ? ` (${keyless} without an identity: key-free checks only)` : '';
    lines.push(`${name}: ${env.secrets.length} secret(s), ${verified} MAC-verified${unchecked}`);
  }
  const report = violations.map(formatViolation).join('\n');
  return { stdout: `${lines.join('\n')}\n`, stderr: report ? `${report}\n` : '', exitCode: hasErrors(violations) ? 1 : 0 };
}

/** Where the identity for a source was looked up, and whose it must be. */
function identityHint(ctx: SecretsContext, env: Environment, source: string): string {
  const owner = keyOwner(env, source);
  const whose = owner === env.name ? `${owner}'s` : `${owner}'s (whose Flux delivers it)`;
  return `it is encrypted to ${whose} recipients; looked in ${identityPlaces(ctx.vars, owner)}: put ${owner}'s identity at .age/${owner}.agekey or point SOPS_AGE_KEY_FILE at it`;
}

async function initCommand(ctx: SecretsContext, args: string[]): Promise<CommandResult> {
  const { values: opts, positionals } = parseArgs({ args, allowPositionals: true, options: SECRETS_OPTIONS.init });
  const env = environment(ctx, positionals[0]);
  const keyFile = identityFile(ctx.root, env.name);
  if (fs.existsSync(keyFile) && !opts.force) return fail(`${path.relative(ctx.root, keyFile)} exists already; pass --force to replace it (its secrets then need the old key to be re-encrypted)`);
  // Whoever can open the current files: the caller's keys, the old key, and the public demo key.
  const demo = path.join(ctx.root, DEMO_AGE_KEY_FILE);
  const openers = [
    ...availableIdentities(ctx.vars, ctx.root, env.name),
    ...(env.ageRecipients.includes(DEMO_AGE_RECIPIENT) && fs.existsSync(demo) ? parseIdentities(fs.readFileSync(demo, 'utf8')) : []),
  ];
  const { identity, recipient } = await generateIdentity();
  // Its own sources, and those it delivers to its workload clusters (encrypted to it); a
  // source of its own that another environment delivers stays that environment's.
  const own = [...readTree(path.join(ctx.root, 'secrets', env.name))]
    .map(([rel, text]) => [`secrets/${env.name}/${rel}`, text] as const)
    .filter(([source]) => source.endsWith('.sops.yaml') && keyOwner(env, source) === env.name);
  const delivered = env.managed
    .flatMap((w) => w.secrets.filter((s) => s.deliveredBy?.environment === env.name))
    .filter((s) => fs.existsSync(path.join(ctx.root, s.source)))
    .map((s) => [s.source, fs.readFileSync(path.join(ctx.root, s.source), 'utf8')] as const);
  const rewritten = new Map<string, string>();
  for (const [source, text] of [...own, ...delivered]) {
    const meta = (parseDocument(text).toJS() ?? {}).metadata ?? {};
    try {
      const result = await setSecret({ existing: text, identities: openers, recipients: [recipient], namespace: String(meta.namespace), name: String(meta.name), values: {}, now: ctx.now() });
      rewritten.set(source, result.text);
    } catch (error) {
      return fail(`nothing changed: ${source} cannot be re-encrypted (${(error as Error).message}); set SOPS_AGE_KEY_FILE to a key that opens it`);
    }
  }
  // Everything is computed; only now touch the disk.
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  fs.writeFileSync(keyFile, `# created by npm run secrets -- init ${env.name}\n# public key: ${recipient}\n${identity}\n`, { mode: 0o600 });
  const recipientsFile = path.join(ctx.root, RECIPIENTS_FILE);
  fs.writeFileSync(recipientsFile, withRecipients(fs.readFileSync(recipientsFile, 'utf8'), env.name, [recipient]));
  for (const [source, text] of rewritten) fs.writeFileSync(path.join(ctx.root, source), text);
  const keyPath = path.relative(ctx.root, keyFile);
  // A workload cluster's identity reaches it through its management environment's Flux, as a delivered secret.
  const identityRef = env.secrets.find((s) => s.deliveredBy && s.namespace === FLUX_SYSTEM && s.name === SOPS_AGE_SECRET_NAME);
  const handOver = identityRef
    ? `  npm run secrets -- set ${env.name} ${identityRef.namespace}/${identityRef.name} --file ${SOPS_AGE_KEY}=${keyPath}   (${identityRef.deliveredBy!.environment}'s Flux delivers it)`
    : // flux-system exists only once Flux is installed: the cold build's Flux step applies the key itself.
      [
        `  the cold build's Flux step applies it as ${FLUX_SYSTEM}/${SOPS_AGE_SECRET_NAME} (${treeDir(env.name)}/bootstrap/README.md); where ${env.name}'s Flux runs already, apply it now:`,
        `  kubectl -n ${FLUX_SYSTEM} create secret generic ${SOPS_AGE_SECRET_NAME} --from-file=${SOPS_AGE_KEY}=${keyPath} --dry-run=client -o yaml | ${applySecret(FLUX_SYSTEM, SOPS_AGE_SECRET_NAME)}`,
      ].join('\n');
  return ok(
    [
      `${env.name}: new age key ${recipient}`,
      `  private key: ${keyPath} (git-ignored; back it up, it is the only way to decrypt)`,
      `  ${RECIPIENTS_FILE}: ${env.name} now encrypts to it`,
      `  re-encrypted: ${rewritten.size} secret(s)${delivered.length > 0 ? ` (${delivered.length} it delivers to its workload clusters)` : ''}`,
      'next:',
      handOver,
      '  npm run synth && git add -A && git commit',
      '',
    ].join('\n'),
  );
}

const COMMANDS: Record<string, (ctx: SecretsContext, args: string[]) => Promise<CommandResult>> = {
  set: setCommand,
  show: showCommand,
  check: checkCommand,
  init: initCommand,
};

/** Runs `npm run secrets -- <argv>`; usage mistakes throw SecretsUsageError. */
export async function secretsCommand(argv: readonly string[], ctx: SecretsContext): Promise<CommandResult> {
  const [name, ...rest] = argv;
  const command = COMMANDS[name ?? ''];
  if (!command) throw new SecretsUsageError(name === undefined ? SECRETS_USAGE : `unknown secrets command ${name}; one of ${Object.keys(COMMANDS).join(', ')}\n${SECRETS_USAGE}`);
  return command(ctx, rest);
}
