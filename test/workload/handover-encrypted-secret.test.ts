import { describe, expect, it } from 'vitest';
import { setSecret } from '../../src/secrets/secret-writer';
import { generateIdentity } from '../../src/secrets/age-keys';
import { encryptedSecretProblems } from '../../src/workload/handover/encrypted-secret';

describe('encryptedSecretProblems', async () => {
  const mgmt = await generateIdentity();
  const other = await generateIdentity();
  const sopsAge = { namespace: 'flux-system', name: 'sops-age' };
  const encrypted = (await setSecret({ identities: [], recipients: [mgmt.recipient], ...sopsAge, values: { 'age.agekey': other.identity }, now: new Date(0) })).text;
  const expected = { management: 'mgmt', recipients: [mgmt.recipient], keySuffix: '.agekey' };
  const problems = (content: string, exp = expected) => encryptedSecretProblems({ ...sopsAge, content }, exp);

  it('finds none in a Secret encrypted to mgmt', () => {
    expect(problems(encrypted)).toEqual([]);
  });

  it('fails when it is encrypted to other recipients only, naming them and the fix', () => {
    expect(problems(encrypted, { ...expected, recipients: [other.recipient] })).toEqual([
      `flux-system/sops-age: encrypted to ${mgmt.recipient}, none of mgmt's (${other.recipient}): its Flux could not decrypt it; encrypt it to mgmt's recipients`,
    ]);
  });

  it('fails when the file holds another Secret', () => {
    expect(problems(encrypted.replace('name: sops-age', 'name: other'))).toEqual(['flux-system/sops-age: the file\'s Secret is flux-system/other']);
  });

  it('fails when a value is not encrypted', () => {
    const tampered = encrypted.replace(/age\.agekey: ENC\[[^\]]+\]/, 'age.agekey: QUdF');
    expect(problems(tampered)).toEqual(['flux-system/sops-age: data age.agekey not encrypted']);
  });

  it('fails when the data has no key of the expected suffix', () => {
    expect(problems(encrypted.replace('age.agekey:', 'identity:'))).toEqual(['flux-system/sops-age: no data key ending in .agekey']);
  });

  it('fails on stringData, a ConfigMap, several documents and what is not YAML', () => {
    expect(problems(encrypted.replace('\ndata:', '\nstringData:'))).toContain('flux-system/sops-age: the file has stringData; write data (npm run secrets -- set)');
    expect(problems(encrypted.replace('kind: Secret', 'kind: ConfigMap'))).toContain('flux-system/sops-age: the file holds v1/ConfigMap, not a v1 Secret');
    expect(problems(`${encrypted}---\n${encrypted}`)).toEqual(['flux-system/sops-age: the file must hold exactly one Secret']);
    expect(problems('a: [')).toEqual(['flux-system/sops-age: the file is not YAML']);
  });

  it('fails on a file without a sops block', () => {
    expect(problems(encrypted.replace(/\nsops:[\s\S]*$/, '\n'))).toEqual(['flux-system/sops-age: the file is not SOPS-encrypted']);
  });
});
