import { describe, expect, it } from 'vitest';
import { expectReport } from '../../fixtures/expect';
import { mgmt } from '../../fixtures/fleet/mgmt';
import { checkSecretSources } from '../../../src/model/invariants/secrets';
import { resolve } from '../../../src/model/resolve';
import { OTHER_AGE_RECIPIENT } from '../../fixtures/environments';
import { lab1 } from '../../fixtures/workload';

const SOURCE = 'secrets/mgmt/capmox-system.capmox-variables.sops.yaml';
const HEAD = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: capmox-variables\n  namespace: capmox-system\n';
const ENC = 'ENC[AES256_GCM,data:AA==,iv:AA==,tag:AA==,type:str]';
const SOPS = `sops:\n  age:\n    - recipient: ${resolve(mgmt).ageRecipients[0]}\n      enc: x\n  encrypted_regex: ^(data|stringData)$\n`;
const DATA = `data:\n  PROXMOX_URL: ${ENC}\n  PROXMOX_TOKEN: ${ENC}\n  PROXMOX_SECRET: ${ENC}\n`;

const codesFor = (text: string) => {
  const violations = checkSecretSources({ env: resolve(mgmt), sources: new Map([[SOURCE, text]]) });
  expectReport(violations);
  return { codes: [...new Set(violations.map((v) => v.code))].sort(), violations };
};

describe('secret source rules on odd files', () => {
  it('accepts a minimal well-formed file (the baseline of the cases below)', () => {
    expect(codesFor(HEAD + DATA + SOPS).codes).toEqual([]);
  });

  it.each([['a list', '- a\n- b\n'], ['a scalar', 'just text\n'], ['empty', '']])('reports a file that is %s', (_what, text) => {
    expect(codesFor(text).codes).toEqual(['secret.unparseable']);
  });

  it('reports a null sops block as not encrypted', () => {
    expect(codesFor(`${HEAD}${DATA}sops: null\n`).codes).toEqual(['secret.not-encrypted']);
  });

  it('reports a Secret without metadata as another object', () => {
    const { violations } = codesFor(`apiVersion: v1\nkind: Secret\n${DATA}${SOPS}`);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['secret.wrong-object', 'v1/Secret (not set)/(not set)']]);
  });

  it('reports a ConfigMap where the Secret belongs', () => {
    expect(codesFor(HEAD.replace('kind: Secret', 'kind: ConfigMap') + DATA + SOPS).codes).toEqual(['secret.wrong-object']);
  });

  it('reports a numeric value as not encrypted', () => {
    const { violations } = codesFor(HEAD + DATA.replace(`PROXMOX_URL: ${ENC}`, 'PROXMOX_URL: 42') + SOPS);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['secret.plaintext-value', 'data.PROXMOX_URL']]);
  });

  it('reports a file without any data as missing every key', () => {
    const { violations } = codesFor(HEAD + SOPS);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['secret.missing-keys', 'PROXMOX_URL, PROXMOX_TOKEN, PROXMOX_SECRET']]);
  });

  it('reports a sops block without age recipients or encrypted_regex', () => {
    const { violations } = codesFor(`${HEAD}${DATA}sops:\n  mac: x\n`);
    expect(violations.map((v) => v.code).sort()).toEqual(['secret.encrypted-regex', 'secret.recipients']);
    expect(violations.find((v) => v.code === 'secret.recipients')!.message).toContain('encrypted to no age recipient');
  });

  // sops.no-recipients and sops.invalid-recipient report the list; re-encrypting to it is what fails.
  it.each([
    ['lists no recipient', []],
    ['lists a mistyped recipient', ['age1notarecipient']],
  ])('leaves a source alone when the environment %s (its sops rule says so, once)', (_what, ageRecipients) => {
    const env = { ...resolve(mgmt), ageRecipients };
    expect(checkSecretSources({ env, sources: new Map([[SOURCE, HEAD + DATA + SOPS]]) })).toEqual([]);
  });

  it('leaves a source alone when one of two recipients is mistyped, or fails its checksum (sops.invalid-recipient says so, once)', () => {
    const typo = 'age1hqs3awgg42ryhts33xjr8m9vnefe9fwuh49anlydnkq3vlj0xglst4rkaa';
    for (const wrong of ['age1notarecipient', typo]) {
      const env = { ...resolve(mgmt), ageRecipients: [resolve(mgmt).ageRecipients[0]!, wrong] };
      expect(checkSecretSources({ env, sources: new Map([[SOURCE, HEAD + DATA + SOPS]]) })).toEqual([]);
    }
  });

  // A Secret the management cluster's Flux delivers is judged by the management recipients, not the environment's own.
  const delivered = (recipients: string[]) => {
    const env = resolve(mgmt);
    return { ...env, secrets: env.secrets.map((s) => ({ ...s, deliveredBy: { environment: 'hub', recipients } })) };
  };

  it("judges a delivered Secret by the recipients of the environment that delivers it", () => {
    const [v] = checkSecretSources({ env: delivered([OTHER_AGE_RECIPIENT]), sources: new Map([[SOURCE, HEAD + DATA + SOPS]]) });
    expect(v).toMatchObject({ code: 'secret.recipients', message: `encrypted to ${resolve(mgmt).ageRecipients[0]}, the recipients of hub, whose Flux delivers it, are ${OTHER_AGE_RECIPIENT}` });
  });

  it("leaves a delivered Secret alone when the delivering environment's recipients are refused themselves", () => {
    expect(checkSecretSources({ env: delivered([OTHER_AGE_RECIPIENT, 'age1notarecipient']), sources: new Map([[SOURCE, HEAD + DATA + SOPS]]) })).toEqual([]);
  });

  it('reports a Secret of another API version', () => {
    expect(codesFor(HEAD.replace('apiVersion: v1', 'apiVersion: v2') + DATA + SOPS).codes).toEqual(['secret.wrong-object']);
  });

  it('reports a list value as not encrypted, even when it holds an ENC[] string', () => {
    const { violations } = codesFor(HEAD + DATA.replace(`PROXMOX_URL: ${ENC}`, `PROXMOX_URL:\n    - ${ENC}`) + SOPS);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['secret.plaintext-value', 'data.PROXMOX_URL']]);
  });

  it('reports a duplicated key (sops would keep only one)', () => {
    expect(codesFor(HEAD + DATA + `  PROXMOX_URL: ${ENC}\n` + SOPS).codes).toEqual(['secret.unparseable']);
  });

  it('compares recipients as a set: the order in the file and in the environment does not matter', () => {
    const [a, b] = [OTHER_AGE_RECIPIENT, resolve(mgmt).ageRecipients[0]!].sort();
    const twoRecipients = `sops:\n  age:\n    - recipient: ${b}\n      enc: x\n    - recipient: ${a}\n      enc: x\n  encrypted_regex: ^(data|stringData)$\n`;
    const env = { ...resolve(mgmt), ageRecipients: [b!, a!] };
    const check = (ageRecipients: string[]) => {
      const violations = checkSecretSources({ env: { ...env, ageRecipients }, sources: new Map([[SOURCE, HEAD + DATA + twoRecipients]]) });
      expectReport(violations);
      return violations;
    };
    expect(check([b!, a!])).toEqual([]);
    expect(check([a!, b!])).toEqual([]);
    const [v] = check([a!]);
    expect(v).toMatchObject({ code: 'secret.recipients', value: `${a}, ${b}` });
  });

  it('warns only about SOPS files nobody references, not about other files beside them', () => {
    const violations = checkSecretSources({
      env: resolve(mgmt),
      sources: new Map([[SOURCE, HEAD + DATA + SOPS], ['secrets/mgmt/README.md', 'notes\n'], ['secrets/mgmt/apps.stray.sops.yaml', HEAD + DATA + SOPS]]),
    });
    expectReport(violations);
    expect(violations.map((v) => [v.code, v.value])).toEqual([['secret.unreferenced', 'secrets/mgmt/apps.stray.sops.yaml']]);
  });

  it("warns about a workload cluster's per-cluster Proxmox credentials: CAPMOX reads only its controller-wide ones, so nothing deploys them", () => {
    const stray = 'secrets/mgmt/default.lab1-proxmox-credentials.sops.yaml';
    const env = resolve(mgmt, [mgmt, lab1]);
    expect(env.workloads.map((w) => w.name)).toEqual(['lab1']);
    const violations = checkSecretSources({ env, sources: new Map([[SOURCE, HEAD + DATA + SOPS], [stray, HEAD + DATA + SOPS]]) });
    expect(violations.map((v) => [v.code, v.value])).toEqual([['secret.unreferenced', stray]]);
  });
});
