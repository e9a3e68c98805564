import YAML from 'yaml';
import { rememberText } from '../../tree/documents';
import { DEMO_AGE_RECIPIENT } from '../placeholders';
import { holdsAgeIdentity, isBech32, redacted } from '../public-keys';
import type { Environment, SecretRef } from '../resolve';
import { runRules, shown } from '../violation';
import { serverTokenSource } from '../server-token';
import type { Finding, Rule, Violation } from '../violation';

/** Only these keys' values are encrypted: everything Flux and reviewers need stays readable. */
export const REQUIRED_ENCRYPTED_REGEX = '^(data|stringData)$';
const ENC = /^ENC\[AES256_GCM,data:[A-Za-z0-9+/=]*,iv:[A-Za-z0-9+/=]+,tag:[A-Za-z0-9+/=]+,type:[a-z]+\]$/;
const AGE_RECIPIENT = /^age1[02-9ac-hj-np-z]{58}$/;
const isRecipient = (r: string) => AGE_RECIPIENT.test(r) && isBech32(r, 'age');

/** The encrypted sources of one environment: repository-relative path → text. */
export interface SecretSources {
  readonly env: Environment;
  readonly sources: ReadonlyMap<string, string>;
}

interface Parsed {
  readonly ref: SecretRef;
  readonly text: string;
  readonly doc?: Record<string, any>;
  readonly error?: string;
}

/** Every rule of the table reads the same input: its sources are parsed for the first. */
const parsedInputs = new WeakMap<SecretSources, Parsed[]>();

/** The referenced sources that exist, parsed once (a broken one carries its parse error). */
function parsed(input: SecretSources): Parsed[] {
  let known = parsedInputs.get(input);
  if (!known) parsedInputs.set(input, (known = parseSources(input)));
  return known;
}

function parseSources(input: SecretSources): Parsed[] {
  return input.env.secrets
    .filter((ref) => input.sources.has(ref.source))
    .map((ref): Parsed => {
      const text = input.sources.get(ref.source)!;
      // yaml's default (uniqueKeys) makes a duplicated key an error: sops would keep only one.
      const doc = YAML.parseDocument(text);
      if (doc.errors.length > 0) return { ref, text, error: doc.errors[0]!.message.split('\n')[0] };
      const js = doc.toJS();
      const mapping = js !== null && typeof js === 'object' && !Array.isArray(js);
      if (!mapping) return { ref, text, error: 'not a YAML mapping' };
      // The tree holds a copy of the same text: its rules read this document instead of parsing it again.
      rememberText(text, [js]);
      return { ref, text, doc: js };
    });
}

/** Parsed sources that are encrypted SOPS Secrets: the subject of the finer rules. */
const sopsFiles = (input: SecretSources) => parsed(input).filter((p) => p.doc && typeof p.doc.sops === 'object' && p.doc.sops !== null);

/** A key whose value is an age identity: a file (the one `secrets init` writes), never typed in. */
const isFileKey = (key: string) => key.endsWith('.agekey');

/**
 * The `secrets set` command that writes `keys` of the Secret: a file-valued key by `--file`, the
 * others on stdin (npm logs a script's command line, ~/.npm/_logs, values included). With no
 * keys, the command alone: `set` without values keeps the file's and encrypts them to the
 * recipients (src/secrets/secret-writer.ts, a changed recipient set re-encrypts every value).
 */
const setCommand = (env: Environment, ref: SecretRef, keys: readonly string[]) => {
  const command = `npm run secrets -- set ${env.name} ${ref.namespace}/${ref.name}`;
  if (keys.length === 0) return `${command} (no values: it keeps the file's and encrypts them to the recipients)`;
  const files = keys.filter(isFileKey).map((k) => `--file ${k}=.age/${env.name}.agekey`);
  const typed = keys.filter((k) => !isFileKey(k));
  return [
    command,
    ...files,
    ...(typed.length > 0 ? [`--env-file - (then ${typed.map((k) => `${k}=…`).join(', ')}, one per line, and Ctrl-D)`] : []),
    ...(files.length > 0 ? [`(the identity npm run secrets -- init ${env.name} wrote)`] : []),
  ].join(' ');
};

const finding = (p: Parsed, value: string, message: string, fix: string): Finding => ({ path: p.ref.source, value, message, fix });

export const secretSourceRules: readonly Rule<SecretSources>[] = [
  {
    code: 'secret.missing',
    severity: 'error',
    summary: 'every referenced secret has its encrypted source',
    check: ({ env, sources }) =>
      env.secrets
        .filter((ref) => !sources.has(ref.source))
        .map((ref) => ({
          path: ref.source,
          value: `${ref.namespace}/${ref.name}`,
          message: `${ref.declaredAt} needs Secret ${ref.namespace}/${ref.name} with ${ref.keys.join(', ')}, but ${ref.source} does not exist`,
          fix: setCommand(env, ref, ref.keys),
        })),
  },
  {
    code: 'secret.unparseable',
    severity: 'error',
    summary: 'a secret source parses as YAML',
    check: (input) => parsed(input).filter((p) => p.error).map((p) => finding(p, 'unparseable', `the file does not parse: ${p.error}`, `re-create it: ${setCommand(input.env, p.ref, p.ref.keys)}`)),
  },
  {
    code: 'secret.not-encrypted',
    severity: 'error',
    summary: 'a secret source is SOPS-encrypted (has sops metadata)',
    check: (input) =>
      parsed(input)
        .filter((p) => p.doc && (typeof p.doc.sops !== 'object' || p.doc.sops === null))
        .map((p) => finding(p, 'no sops block', 'the file is not encrypted: its values would be committed in plaintext', `delete it from Git history and write it with: ${setCommand(input.env, p.ref, p.ref.keys)}`)),
  },
  {
    code: 'secret.wrong-object',
    severity: 'error',
    summary: 'a secret source is a v1 Secret with the referenced name and namespace',
    check: (input) =>
      sopsFiles(input)
        .map((p) => ({ p, meta: (p.doc!.metadata ?? {}) as { name?: string; namespace?: string } }))
        .filter(({ p, meta }) => p.doc!.apiVersion !== 'v1' || p.doc!.kind !== 'Secret' || meta.name !== p.ref.name || meta.namespace !== p.ref.namespace)
        .map(({ p, meta }) =>
          finding(
            p,
            `${shown(p.doc!.apiVersion)}/${shown(p.doc!.kind)} ${shown(meta.namespace)}/${shown(meta.name)}`,
            `the file holds ${shown(p.doc!.kind)} ${shown(meta.namespace)}/${shown(meta.name)}, not v1/Secret ${p.ref.namespace}/${p.ref.name}`,
            `re-create it: ${setCommand(input.env, p.ref, p.ref.keys)}`,
          ),
        ),
  },
  {
    code: 'secret.encrypted-metadata',
    severity: 'error',
    summary: 'apiVersion, kind and metadata stay plaintext (Flux and reviewers read them)',
    check: (input) =>
      sopsFiles(input).flatMap((p) => {
        const plain = JSON.stringify([p.doc!.apiVersion, p.doc!.kind, p.doc!.metadata ?? {}]);
        return plain.includes('ENC[') ? [finding(p, 'ENC[…]', 'apiVersion, kind or metadata is encrypted', `encrypt with encrypted_regex ${REQUIRED_ENCRYPTED_REGEX}: ${setCommand(input.env, p.ref, p.ref.keys)}`)] : [];
      }),
  },
  {
    code: 'secret.string-data',
    severity: 'error',
    summary: 'Secrets use data, never stringData (every re-apply would report a change)',
    check: (input) =>
      sopsFiles(input)
        .filter((p) => p.doc!.stringData !== undefined)
        .map((p) => finding(p, 'stringData', 'the Secret uses stringData; the API server folds it into data, so every re-apply reports "configured"', `rewrite it with data: ${setCommand(input.env, p.ref, p.ref.keys)}`)),
  },
  {
    code: 'secret.plaintext-value',
    severity: 'error',
    summary: 'every value under data is ENC[AES256_GCM,…]',
    check: (input) =>
      sopsFiles(input).flatMap((p) =>
        Object.entries((p.doc!.data ?? {}) as Record<string, unknown>)
          .filter(([, value]) => typeof value !== 'string' || !ENC.test(value))
          // The value itself is never echoed: it may be a plaintext secret.
          .map(([key]) => finding(p, `data.${key}`, `data.${key} is not encrypted`, `re-encrypt it: ${setCommand(input.env, p.ref, [key])}`)),
      ),
  },
  {
    code: 'secret.missing-keys',
    severity: 'error',
    summary: 'every required key is present',
    check: (input) =>
      sopsFiles(input).flatMap((p) => {
        const present = Object.keys((p.doc!.data ?? {}) as Record<string, unknown>);
        const missing = p.ref.keys.filter((key) => !present.includes(key));
        return missing.length > 0 ? [finding(p, missing.join(', '), `${p.ref.declaredAt} needs ${missing.join(', ')}, which the Secret lacks`, setCommand(input.env, p.ref, missing))] : [];
      }),
  },
  {
    code: 'secret.recipients',
    severity: 'error',
    summary: "a secret is encrypted to exactly the environment's age recipients",
    check: (input) =>
      sopsFiles(input).flatMap((p) => {
        // Delivered by a management environment the fleet lacks: its recipients are unknown (workload.management-unknown says so).
        if (p.ref.deliveredBy && p.ref.deliveredBy.recipients.length === 0) return [];
        // Recipients that are refused themselves (none, an identity, a mistyped key) are the sops.*
        // rules' to report: re-encrypting to them is what would fail, so no second error here.
        const recipients = p.ref.deliveredBy?.recipients ?? input.env.ageRecipients;
        if (recipients.length === 0 || !recipients.every(isRecipient)) return [];
        const actual = ((p.doc!.sops.age ?? []) as { recipient?: string }[]).map((a) => shown(a.recipient)).sort();
        // An identity among them is sops.recipient-private's to report, and never repeated.
        const expected = (p.ref.deliveredBy?.recipients ?? input.env.ageRecipients).map((r) => (holdsAgeIdentity(r) ? redacted(r.trim()) : r)).sort();
        return JSON.stringify(actual) === JSON.stringify(expected)
          ? []
          : [finding(p, actual.join(', ') || '(none)', `encrypted to ${actual.join(', ') || 'no age recipient'}, ${p.ref.deliveredBy ? `the recipients of ${p.ref.deliveredBy.environment}, whose Flux delivers it,` : "the environment's recipients"} are ${expected.join(', ') || 'none'}`, `re-encrypt with an identity that opens it: SOPS_AGE_KEY_FILE=<key> ${setCommand(input.env, p.ref, [])}`)];
      }),
  },
  {
    code: 'secret.encrypted-regex',
    severity: 'error',
    summary: `secrets are encrypted with encrypted_regex ${REQUIRED_ENCRYPTED_REGEX}`,
    check: (input) =>
      sopsFiles(input)
        .filter((p) => p.doc!.sops.encrypted_regex !== REQUIRED_ENCRYPTED_REGEX)
        .map((p) => finding(p, shown(p.doc!.sops.encrypted_regex), `encrypted_regex is ${shown(p.doc!.sops.encrypted_regex)}, not ${REQUIRED_ENCRYPTED_REGEX}`, `re-create it: ${setCommand(input.env, p.ref, p.ref.keys)}`)),
  },
  {
    code: 'secret.unreferenced',
    severity: 'warning',
    summary: 'every source in secrets/<env>/ is used by a component',
    check: ({ env, sources }) =>
      [...sources.keys()]
        // Only its own folder: a management environment also reads what it delivers from its workload clusters'.
        .filter((path) => path.startsWith(`secrets/${env.name}/`) && path.endsWith('.sops.yaml') && !env.secrets.some((ref) => ref.source === path))
        // The server token is kept for a restore, never deployed (src/model/server-token.ts).
        .filter((path) => path !== serverTokenSource(env.name))
        .map((path) => ({ path, value: path, message: 'no component references this secret, so it is not deployed', fix: 'declare it in the environment (secrets: […]) or delete the file' })),
  },
];

/** Environment-level SOPS settings (no file needed). */
export const sopsRules: readonly Rule[] = [
  {
    code: 'sops.no-recipients',
    severity: 'error',
    summary: 'an environment with secrets names its age recipients',
    check: (env) =>
      env.secrets.length > 0 && env.ageRecipients.length === 0
        ? [{ path: 'sops.ageRecipients', value: '[]', message: `${env.secrets.length} secret(s) but no age recipient to encrypt them to`, fix: `run npm run secrets -- init ${env.name}`, action: { run: ['secrets', 'init', env.name] } }]
        : [],
  },
  {
    code: 'sops.recipients-unset',
    severity: 'warning',
    summary: 'an environment that declares sops names its age recipients before it needs them (init leaves them to you)',
    check: (env) =>
      env.spec.sops !== undefined && env.secrets.length === 0 && env.ageRecipients.length === 0
        ? [{ path: 'sops.ageRecipients', value: '[]', message: 'no age recipient yet: no secret can be encrypted for this environment', fix: `run npm run secrets -- init ${env.name}`, action: { run: ['secrets', 'init', env.name] } }]
        : [],
  },
  {
    code: 'sops.invalid-recipient',
    severity: 'error',
    summary: 'age recipients are X25519 age public keys',
    check: (env) =>
      env.ageRecipients
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => !holdsAgeIdentity(r) && !isRecipient(r))
        .map(({ r, i }) => ({
          path: `sops.ageRecipients[${i}]`,
          value: shown(r),
          message: AGE_RECIPIENT.test(r)
            ? `"${r}" fails its bech32 checksum: a character is mistyped or missing`
            : `"${r}" is not an age X25519 recipient (age1 followed by 58 characters)`,
          fix: 'paste the "public key:" line of your age key file (age-keygen -y <key file> prints it)',
        })),
  },
  {
    code: 'sops.recipient-private',
    severity: 'error',
    summary: 'an age recipient is the public key (age1…), never the identity (AGE-SECRET-KEY-1…) that decrypts',
    check: (env) =>
      env.ageRecipients
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => holdsAgeIdentity(r))
        .map(({ r, i }) => ({
          path: `sops.ageRecipients[${i}]`,
          // Its start only: the rest is the private key.
          value: redacted(r.trim()),
          message: 'this holds an age identity, the private key that decrypts the secrets encrypted to it: synth would write it into the committed .sops.yaml',
          fix: `put the recipient there (age-keygen -y <key file> prints it: age1…); if this identity was ever committed, treat it as exposed: npm run secrets -- init ${env.name} --force makes a new key and re-encrypts the environment's secrets to it (keep the old key file and point SOPS_AGE_KEY_FILE at it, so the old secrets open)`,
        })),
  },
  {
    code: 'sops.demo-recipient',
    severity: 'warning',
    summary: 'an environment still encrypts to the published demo key',
    check: (env) =>
      env.ageRecipients.includes(DEMO_AGE_RECIPIENT)
        ? [{ path: 'sops.ageRecipients', value: DEMO_AGE_RECIPIENT, message: 'the environment encrypts to the public demo key: anyone can read its secrets', fix: `run npm run secrets -- init ${env.name}`, action: { run: ['secrets', 'init', env.name] } }]
        : [],
  },
];

export function checkSecretSources(input: SecretSources): Violation[] {
  return runRules(secretSourceRules, input);
}
