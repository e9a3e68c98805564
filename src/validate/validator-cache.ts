import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ajvPackage from 'ajv/package.json' with { type: 'json' };
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import uri from 'ajv/dist/runtime/uri.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { goRegExp } from '../tree/go-regexp';
import { TOOL_NAME } from '../tree/tool-name';

// Compiling a large upstream schema costs a second or more (most of a validate run); loading the
// code ajv generated for it (its standalone code) costs a fifth of that. The code is kept on disk,
// per user, keyed by everything that shapes it, so a second run of validate compiles nothing.

/**
 * ajv's runtime helper as an import gives it: the helper itself, or (Node importing CommonJS) its
 * module's exports. The helper is the one carrying the `code` that names it in generated code.
 */
function helper(imported: unknown): { default: unknown } {
  const named = (value: unknown) => typeof (value as { code?: unknown } | undefined)?.code === 'string';
  return { default: named(imported) ? imported : (imported as { default: unknown }).default };
}

/**
 * What generated code may require: ajv's runtime helpers, as `require("ajv/dist/runtime/<name>").default`.
 * (validation_error serves async schemas only; none is compiled here.)
 */
const RUNTIME: Readonly<Record<string, { default: unknown }>> = {
  'ajv/dist/runtime/equal': helper(equal),
  'ajv/dist/runtime/ucs2length': helper(ucs2length),
  'ajv/dist/runtime/uri': helper(uri),
};

/** Files unused for this long are removed when a run writes a new one (a run that only loads removes nothing). */
const UNUSED_DAYS = 30;

/**
 * `$XDG_CACHE_HOME/k3s-gitops-synth/validators`, or `~/.cache/…` without it, as the XDG base
 * directory specification says; an empty XDG_CACHE_HOME counts as unset (the specification's rule).
 */
export function validatorCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, TOOL_NAME, 'validators');
}

/**
 * The cache key: the schema as the caller identifies it (its text, and how it was read) and what ajv was told (its version, options and each format's
 * definition: `true` and regexp formats are written into the code). The functions the code calls
 * (goRegExp, the function formats) are passed in when it loads, so they are the running tool's.
 */
export function validatorKey(ajv: Ajv, identity: string): string {
  // The options' plain values (objects among them, like the URI resolver, are the running tool's).
  const plain = (record: object) => Object.entries(record).filter(([, value]) => value === null || (typeof value !== 'object' && typeof value !== 'function'));
  const formats = Object.entries(ajv.formats).map(([name, format]) => `${name}=${String(format)}`);
  const shape = JSON.stringify({ ajv: ajvPackage.version, options: plain(ajv.opts), code: plain(ajv.opts.code), formats });
  return createHash('sha256').update(shape).update('\n').update(identity).digest('hex');
}

const digest = (body: string) => createHash('sha256').update(body).digest('hex');

/** Runs generated code as the CommonJS module standalone code is, with the running tool's helpers. */
function load(body: string, ajv: Ajv): ValidateFunction {
  const module = { exports: {} as { default?: ValidateFunction } };
  const require = (id: string) => {
    if (!(id in RUNTIME)) throw new Error(`generated code requires ${id}`);
    return RUNTIME[id];
  };
  new Function('require', 'module', 'exports', 'goRegExp', 'formats', body)(require, module, module.exports, goRegExp, ajv.formats);
  if (typeof module.exports.default !== 'function') throw new Error('generated code exports no validator');
  return module.exports.default;
}

/** The first line is the digest of the rest: a file cut short or altered is compiled anew. */
function read(file: string, ajv: Ajv): ValidateFunction | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  const body = text.slice(newline + 1);
  if (newline < 0 || text.slice(0, newline) !== `// ${digest(body)}`) return undefined;
  try {
    const validate = load(body, ajv);
    const now = new Date();
    fs.utimesSync(file, now, now);
    return validate;
  } catch {
    return undefined;
  }
}

/** Written beside and renamed into place, so a reader never sees half a file; old files pruned. */
function write(dir: string, file: string, body: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, `// ${digest(body)}\n${body}`);
    fs.renameSync(partial, file);
    const cutoff = Date.now() - UNUSED_DAYS * 86_400_000;
    // Only files of the cache's own shape: anything else someone put there is theirs.
    for (const name of fs.readdirSync(dir).filter((n) => /^[0-9a-f]{64}\.cjs(\.\d+\.partial)?$/.test(n))) {
      const other = path.join(dir, name);
      if (other !== file && fs.statSync(other).mtimeMs < cutoff) fs.rmSync(other, { force: true });
    }
  } catch {
    // A cache that cannot be written (a read-only home, a full disk) only costs the next run time.
  }
}

/**
 * The validator of `schema` from the cache in `dir`, compiled by `ajv` and stored there when it is
 * not: the same validator either way. `identity` is all that makes the schema what it is (its text,
 * and anything the caller changed as it parsed it; the draft, if ajv's class differs by it). `ajv`
 * must generate source (`code.source`) and name its formats as the code loads them (`code.formats: _\`formats\``).
 */
export function cachedValidator(ajv: Ajv, identity: string, schema: object, dir: string = validatorCacheDir()): ValidateFunction {
  const file = path.join(dir, `${validatorKey(ajv, identity)}.cjs`);
  const cached = read(file, ajv);
  if (cached) return cached;
  const validate = ajv.compile(schema);
  const body = standaloneCode(ajv, validate);
  // Only code that loads here is kept: a helper this file does not provide would fail every run.
  const required = [...body.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!);
  if (required.every((id) => id in RUNTIME)) write(dir, file, body);
  return validate;
}
