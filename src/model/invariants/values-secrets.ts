import { holdsAgeIdentity, isPrivateKey } from '../public-keys';
import type { Environment } from '../resolve';
import type { Finding, Rule } from '../violation';

// Chart values are written verbatim into the committed tree (a HelmRelease's spec.values, a k3s
// HelmChart's valuesContent): a secret typed into them is committed in plain text. Secrets belong
// in SOPS sources, declared under `secrets`, and reach a chart through the Secret it reads.

/** A key that by its name holds a credential itself (not the name of a Secret holding one). */
const CREDENTIAL_KEY = /(password|passwd|passphrase|secret|token|api[-_]?key|access[-_]?key|private[-_]?key|client[-_]?secret|credentials?)$/i;
/** Keys that name a Secret or a file, or switch one on, rather than hold the value: `existingSecret`, `secretName`, `tokenFile`, `createSecret`. */
const REFERENCE_KEY = /^(existing|create|use|enable)|(name|ref|file|path|from|enabled)$/i;

interface Leaf { readonly path: string; readonly key: string; readonly value: string }

/** Every string leaf of a values tree, with its path and the key it sits under. */
function leaves(value: unknown, path: string, key = ''): Leaf[] {
  if (typeof value === 'string') return [{ path, key, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`, key));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // A container's env entry `{ name: DB_PASSWORD, value: … }`: the value sits under the name it gives.
    const { name } = value as { name?: unknown };
    return entries.flatMap(([k, v]) => leaves(v, /^[A-Za-z_][\w-]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`, k === 'value' && typeof name === 'string' ? name : k));
  }
  return [];
}

/** Every values tree the environment writes, with its path in the spec and whose it is. */
function valueTrees(env: Environment): { path: string; owner: string; values: unknown }[] {
  const s = env.spec;
  return [
    ...(s.apps ?? []).map((app, i) => ({ path: `apps[${i}].helm.values`, owner: `app ${app.name}`, values: app.helm?.values })),
    ...Object.entries(s.components ?? {}).map(([name, c]) => ({ path: `components.${name}.values`, owner: `component ${name}`, values: (c as { values?: unknown }).values })),
    ...(s.clusterApi ? [{ path: 'clusterApi.operatorValues', owner: 'cluster-api-operator', values: s.clusterApi.operatorValues }] : []),
  ].filter((t) => t.values !== undefined);
}

const isKeyMaterial = (text: string) => isPrivateKey(text) || holdsAgeIdentity(text);

/** Where the value goes instead: a declared, SOPS-encrypted Secret the chart reads. */
const fixFor = (env: Environment) => `keep it in a Secret: declare it under secrets, encrypt it with npm run secrets -- set ${env.name} <namespace>/<name> --env-file - (<key>=… lines on stdin), and point the chart at it (most charts take an existingSecret); treat the value as exposed if it was ever committed`;

export const valuesSecretRules: readonly Rule[] = [
  {
    code: 'values.private-key',
    severity: 'error',
    summary: 'no chart values hold a private key or an age identity (values are committed in plain text)',
    check: (env) =>
      valueTrees(env).flatMap(({ path, owner, values }) =>
        leaves(values, path)
          .filter((l) => isKeyMaterial(l.value))
          .map((l): Finding => ({ path: l.path, value: '(a private key, not shown)', message: `the values of ${owner} hold private key material, which synth would write into the committed tree`, fix: fixFor(env) }))),
  },
  {
    code: 'values.plaintext-secret',
    severity: 'warning',
    summary: 'chart values hold no credential in plain text (a password or token under a key named for one)',
    // A warning: a key's name is a strong hint, not proof (a chart may call a public setting `token`).
    check: (env) =>
      valueTrees(env).flatMap(({ path, owner, values }) =>
        leaves(values, path)
          .filter((l) => l.value.trim() !== '' && !isKeyMaterial(l.value) && CREDENTIAL_KEY.test(l.key) && !REFERENCE_KEY.test(l.key))
          .map((l): Finding => ({ path: l.path, value: `(${l.value.length} characters, not shown)`, message: `the values of ${owner} set ${l.key} in plain text, and synth writes values into the committed tree`, fix: fixFor(env) }))),
  },
];
