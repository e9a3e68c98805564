import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectReport } from '../../fixtures/expect';
import { mgmt } from '../../fixtures/fleet/mgmt';
import type { EnvironmentSpec } from '../../../src/model/environment';
import { checkSecretSources } from '../../../src/model/invariants/secrets';
import { resolve } from '../../../src/model/resolve';
import { check } from '../../../src/check/run';
import { DEMO_AGE_RECIPIENT } from '../../../src/secrets/demo';
import { OTHER_AGE_RECIPIENT, modify, modifyWorkload, threeServers } from '../../fixtures/environments';
import { dev } from '../../fixtures/fleet/dev';
import { lab1 } from '../../fixtures/workload';
import { codes, expectOnly } from '../../fixtures/expect';

const SOURCE = 'secrets/mgmt/capmox-system.capmox-variables.sops.yaml';
const shipped = fs.readFileSync(path.resolve(import.meta.dirname, '../../..', SOURCE), 'utf8');
const base = mgmt as EnvironmentSpec;

/** The secret-source codes for `spec` with the given sources (default: the shipped file). */
function sourceCodes(edit: (text: string) => string | undefined = (t) => t, spec = base, extra: Record<string, string> = {}) {
  const text = edit(shipped);
  const sources = new Map<string, string>(Object.entries(extra));
  if (text !== undefined) sources.set(SOURCE, text);
  const violations = checkSecretSources({ env: resolve(spec), sources });
  expectReport(violations);
  return { codes: [...new Set(violations.map((v) => v.code))].sort(), violations };
}

const replace = (from: string | RegExp, to: string) => (text: string) => {
  expect(text).toMatch(from);
  return text.replace(from, to);
};

describe('secret source invariants (no key needed)', () => {
  it('passes the shipped secret clean', () => {
    expect(sourceCodes().codes).toEqual([]);
  });

  it('fails when the referenced file is missing, naming the keys and the command that fixes it', () => {
    const { codes, violations } = sourceCodes(() => undefined);
    expect(codes).toEqual(['secret.missing']);
    expect(violations[0]!.message).toContain('PROXMOX_URL, PROXMOX_TOKEN, PROXMOX_SECRET');
    expect(violations[0]!.fix).toBe('npm run secrets -- set mgmt capmox-system/capmox-variables --env-file - (then PROXMOX_URL=…, PROXMOX_TOKEN=…, PROXMOX_SECRET=…, one per line, and Ctrl-D)');
  });

  it('fails when the file does not parse', () => {
    expect(sourceCodes(() => 'data: [unclosed\n').codes).toEqual(['secret.unparseable']);
  });

  it('fails when the file is a plaintext Secret', () => {
    const plain = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: capmox-variables\n  namespace: capmox-system\ndata:\n  PROXMOX_URL: aHR0cHM6Ly94\n';
    const { codes, violations } = sourceCodes(() => plain);
    expect(codes).toEqual(['secret.not-encrypted']);
    expect(JSON.stringify(violations)).not.toContain('aHR0cHM6Ly94');
  });

  it('fails when the file holds another Secret than the reference', () => {
    expect(sourceCodes(replace('  namespace: capmox-system', '  namespace: default')).codes).toEqual(['secret.wrong-object']);
  });

  it('fails when metadata is encrypted', () => {
    const enc = 'ENC[AES256_GCM,data:AAAA,iv:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=,tag:AAAAAAAAAAAAAAAAAAAAAA==,type:str]';
    expect(sourceCodes(replace('  namespace: capmox-system\n', `  namespace: capmox-system\n  labels:\n    owner: ${enc}\n`)).codes).toEqual(['secret.encrypted-metadata']);
  });

  it('fails when the Secret uses stringData', () => {
    expect(sourceCodes(replace('type: Opaque\n', 'type: Opaque\nstringData:\n  EXTRA: ENC[AES256_GCM,data:AA==,iv:AA==,tag:AA==,type:str]\n')).codes).toEqual(['secret.string-data']);
  });

  it('fails when a value under data is not encrypted, without echoing it', () => {
    const { codes, violations } = sourceCodes(replace(/ {2}PROXMOX_URL: ENC\[[^\n]*/, '  PROXMOX_URL: aHR0cHM6Ly9wbGFpbg=='));
    expect(codes).toEqual(['secret.plaintext-value']);
    expect(violations[0]!.value).toBe('data.PROXMOX_URL');
    expect(JSON.stringify(violations)).not.toContain('aHR0cHM6Ly9wbGFpbg==');
  });

  it('fails when a required key is missing', () => {
    const { codes, violations } = sourceCodes(replace(/ {2}PROXMOX_SECRET: ENC\[[^\n]*\n/, ''));
    expect(codes).toEqual(['secret.missing-keys']);
    expect(violations[0]!.fix).toBe('npm run secrets -- set mgmt capmox-system/capmox-variables --env-file - (then PROXMOX_SECRET=…, one per line, and Ctrl-D)');
  });

  it("fails when the secret is encrypted to other recipients than the environment's", () => {
    const spec = modify(base, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; });
    expect(sourceCodes(undefined, spec).codes).toEqual(['secret.recipients']);
  });

  it('fails when encrypted_regex is not ^(data|stringData)$', () => {
    expect(sourceCodes(replace('encrypted_regex: ^(data|stringData)$', 'encrypted_regex: ^data$')).codes).toEqual(['secret.encrypted-regex']);
  });

  it('warns about a source no component references', () => {
    const { codes, violations } = sourceCodes(undefined, base, { 'secrets/mgmt/apps.stray.sops.yaml': shipped });
    expect(codes).toEqual(['secret.unreferenced']);
    expect(violations[0]!.severity).toBe('warning');
  });

  it('takes the kept server token for no stray source: the runbook writes it for a restore, nothing deploys it', () => {
    expect(sourceCodes(undefined, base, { 'secrets/mgmt/kube-system.k3s-server-token.sops.yaml': shipped }).codes).toEqual([]);
  });
});

describe('SOPS settings of an environment', () => {
  it('warns while an environment encrypts to the demo key', () => {
    expect(resolve(base).ageRecipients).toEqual([DEMO_AGE_RECIPIENT]);
    expect(codes(base)).toEqual(['sops.demo-recipient']);
    expect(check(base).find((v) => v.code === 'sops.demo-recipient')!.action).toEqual({ run: ['secrets', 'init', 'mgmt'] });
    expect(codes(modify(base, (e) => { e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] }; }))).toEqual([]);
  });

  it('warns while an environment declares sops with no recipient yet, as init writes it, and not without sops', () => {
    const [v] = expectOnly(modify(threeServers, (e) => { e.sops = { ageRecipients: [] }; }), 'sops.recipients-unset');
    expect(v).toMatchObject({ severity: 'warning', path: 'fixture.sops.ageRecipients', fix: 'run npm run secrets -- init fixture', action: { run: ['secrets', 'init', 'fixture'] } });
    expect(codes(threeServers)).toEqual([]);
  });

  it('fails when an environment with secrets has no recipients', () => {
    const spec = modify(base, (e) => { e.sops = { ageRecipients: [] }; });
    expect(codes(spec)).toEqual(['sops.no-recipients']);
    expect(check(spec)[0]).toMatchObject({ fix: 'run npm run secrets -- init mgmt', action: { run: ['secrets', 'init', 'mgmt'] } });
  });

  it('fails on a malformed recipient', () => {
    expect(codes(modify(base, (e) => { e.sops = { ageRecipients: ['age1tooshort'] }; }))).toEqual(['sops.invalid-recipient']);
  });

  it('fails on a recipient of the right shape whose bech32 checksum does not hold (one character mistyped)', () => {
    const typo = 'age1hqs3awgg42ryhts33xjr8m9vnefe9fwuh49anlydnkq3vlj0xglst4rkaa';
    const [v] = expectOnly(modify(threeServers, (e) => { e.sops = { ageRecipients: ['age1hqs3awgg42ryhts33xjr8m9vnefe9fwuh49anlydnkq3vlj0xglst4rkaq', typo] }; }), 'sops.invalid-recipient');
    expect(v).toMatchObject({
      path: 'fixture.sops.ageRecipients[1]',
      value: typo,
      message: `"${typo}" fails its bech32 checksum: a character is mistyped or missing`,
      fix: 'paste the "public key:" line of your age key file (age-keygen -y <key file> prints it)',
    });
  });

  it('fails on an age identity pasted as a recipient, and shows only its first 12 characters', () => {
    const identity = 'AGE-SECRET-KEY-1GFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPYYSJZGFPQ';
    const violations = check(modify(threeServers, (e) => { e.sops = { ageRecipients: [`# created by age-keygen\n${identity}`, identity.toLowerCase()] }; }));
    expect(violations.map((v) => [v.code, v.path, v.value])).toEqual([
      ['sops.recipient-private', 'fixture.sops.ageRecipients[0]', '# created by…'],
      ['sops.recipient-private', 'fixture.sops.ageRecipients[1]', 'age-secret-k…'],
    ]);
    expect(violations[0]).toMatchObject({
      severity: 'error',
      message: 'this holds an age identity, the private key that decrypts the secrets encrypted to it: synth would write it into the committed .sops.yaml',
      fix: "put the recipient there (age-keygen -y <key file> prints it: age1…); if this identity was ever committed, treat it as exposed: npm run secrets -- init fixture --force makes a new key and re-encrypts the environment's secrets to it (keep the old key file and point SOPS_AGE_KEY_FILE at it, so the old secrets open)",
    });
    expect(JSON.stringify(violations)).not.toMatch(/GFPYYSJZ/i);
  });
});

describe('the layer of a declared secret', () => {
  const app = { name: 'hello', layer: 'apps', helm: { oci: 'oci://ghcr.io/stefanprodan/charts/podinfo', chart: 'podinfo', version: '6.14.1' } };
  const withSecret = (layer?: string) => modify(threeServers, (e) => {
    e.apps = [app];
    e.secrets = [{ namespace: 'hello', name: 'db', keys: ['PASSWORD'], ...(layer === undefined ? {} : { layer }) }];
    e.sops = { ageRecipients: [OTHER_AGE_RECIPIENT] };
  });

  it('defaults to the layer that creates its namespace: an app of the apps layer, a layer listing it', () => {
    expect(resolve(withSecret()).secrets[0]!.layer).toBe('apps');
    expect(resolve(modify(withSecret(), (e) => { e.secrets![0]!.namespace = 'monitoring'; })).secrets[0]!.layer).toBe('platform');
    expect(resolve(modify(withSecret(), (e) => { e.secrets![0]!.namespace = 'nowhere'; })).secrets[0]!.layer).toBe('platform');
  });

  it('fails when its layer runs before the one creating its namespace, and names that layer in the fix', () => {
    const found = check(withSecret('platform')).filter((v) => v.code === 'secret.namespace-unordered');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: 'fixture.secrets[0].layer', value: 'platform', fix: "set layer: 'apps' on secrets[0]" });
  });

  it('fails when no layer, app or component creates its namespace; the cluster\'s own are fine', () => {
    const found = check(modify(withSecret(), (e) => { e.secrets![0]!.namespace = 'orphan'; })).filter((v) => v.code.startsWith('secret.namespace'));
    expect(found.map((v) => [v.code, v.path, v.value])).toEqual([['secret.namespace-unknown', 'fixture.secrets[0].namespace', 'orphan']]);
    expect(check(modify(withSecret(), (e) => { e.secrets![0]!.namespace = 'kube-system'; })).filter((v) => v.code.startsWith('secret.namespace'))).toEqual([]);
  });

  it("takes an app's namespace as created by the app's layer even when flux.layers does not declare it (app.layer-unknown's to report)", () => {
    const spec = modify(withSecret('apps'), (e) => { e.apps![0]!.layer = 'later'; });
    const found = check(spec).filter((v) => v.code.startsWith('secret.namespace'));
    expect(found.map((v) => [v.code, v.path, v.fix])).toEqual([['secret.namespace-unordered', 'fixture.secrets[0].layer', "set layer: 'later' on secrets[0]"]]);
  });

  it('fails when its layer is none of flux.layers, proposing the nearest, and proposes none when nothing is near', () => {
    const found = (layer: string) => check(withSecret(layer)).filter((v) => v.code === 'secret.layer-unknown');
    expect(found('platfrom')).toEqual([expect.objectContaining({
      severity: 'error',
      path: 'fixture.secrets[0].layer',
      value: 'platfrom',
      message: 'flux.layers declares no layer platfrom, so no Flux Kustomization would apply Secret hello/db',
      fix: 'write platform, one of platform, apps, gateway-api, network, or leave it unset (the layer that creates the namespace)',
    })]);
    expect(found('zzzzzzzzzzzz')[0]!.fix).toBe('use one of platform, apps, gateway-api, network, or leave it unset (the layer that creates the namespace)');
    expect(found('apps')).toEqual([]);
  });

});

describe("the fix's secrets set command", () => {
  const sopsAge = fs.readFileSync(path.resolve(import.meta.dirname, '../../fixtures/workload-secrets/lab1/flux-system.sops-age.sops.yaml'), 'utf8');
  const SOPS_AGE = 'secrets/lab1/flux-system.sops-age.sops.yaml';
  /** lab1 managed by an environment of other recipients, with the given sources. */
  const lab1Under = (sources: Record<string, string>) => {
    const other = modify(dev as EnvironmentSpec, (e) => { e.sops!.ageRecipients = [OTHER_AGE_RECIPIENT]; });
    const workload = modifyWorkload(lab1, (e) => { e.infrastructure.management = 'dev'; });
    const violations = checkSecretSources({ env: resolve(workload, [other, workload]), sources: new Map(Object.entries(sources)) });
    expectReport(violations);
    return violations;
  };

  it('re-encrypts to the recipients with set alone, not an empty --env-file list', () => {
    expect(lab1Under({ [SOPS_AGE]: sopsAge }).map((v) => [v.code, v.fix])).toEqual([[
      'secret.recipients',
      "re-encrypt with an identity that opens it: SOPS_AGE_KEY_FILE=<key> npm run secrets -- set lab1 flux-system/sops-age (no values: it keeps the file's and encrypts them to the recipients)",
    ]]);
  });

  it('writes an age identity with --file, never on stdin', () => {
    expect(lab1Under({}).map((v) => [v.code, v.fix])).toEqual([[
      'secret.missing',
      'npm run secrets -- set lab1 flux-system/sops-age --file age.agekey=.age/lab1.agekey (the identity npm run secrets -- init lab1 wrote)',
    ]]);
  });

  it('takes the file-valued keys by --file and the others on stdin', () => {
    const spec = modify(threeServers, (e) => { e.secrets = [{ namespace: 'flux-system', name: 'mixed', keys: ['age.agekey', 'token'] }]; });
    const found = checkSecretSources({ env: resolve(spec), sources: new Map() });
    expect(found.map((v) => v.fix)).toEqual(['npm run secrets -- set fixture flux-system/mixed --file age.agekey=.age/fixture.agekey --env-file - (then token=…, one per line, and Ctrl-D) (the identity npm run secrets -- init fixture wrote)']);
  });
});
