import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { check } from '../../src/check/run';
import { environmentSchema } from '../../src/model/environment';
import { checkSpec } from '../../src/model/spec-check';
import { emptyMeans, specFields } from '../../src/model/spec-walk';
import { modify, threeServers } from '../fixtures/environments';
import { expectReport } from '../fixtures/expect';
import { patterned, placed } from '../fixtures/spec-fields';

const fields = specFields(environmentSchema);

const strings = fields.filter((f) => f.kind === 'string');
const entries = fields.filter((f) => f.kind === 'entry');

describe('whitespace and empty strings, in every string field of the schema', () => {
  it('finds the string fields of every part of the spec', () => {
    expect(strings.length).toBeGreaterThan(100);
    for (const path of ['name', 'nodes[].vm.mac', 'flux.layers[].name', 'apps[].helm.repo', 'k3s.disable[]', 'infrastructure.endpoint', 'versions.charts.cilium.version', 'versions.images.kubeVip.tag', 'notifications.receivers[].smarthost', 'tls.issuer.dns01.tokenSecret', 'clusterApi.providers[].configSecret.keys[]']) {
      expect(strings.map((f) => f.path)).toContain(path);
    }
  });

  it.each(strings.map((f) => [f.path, f] as const))('%s: a leading space is spec.whitespace, with the trimmed value as fix', (_path, field) => {
    const { spec, path } = placed(field, ' x');
    if (patterned(field)) return expect(checkSpec(spec).filter((v) => v.path === path).map((v) => v.code)).toEqual(['spec.invalid-format']);
    expect(checkSpec(spec).filter((v) => v.path === path)).toEqual([
      { code: 'spec.whitespace', severity: 'error', path, value: '" x"', message: '" x" starts with a space', fix: 'write "x"', action: { set: path.slice(path.indexOf('.') + 1), to: 'x' } },
    ]);
  });

  it.each(strings.map((f) => [f.path, f] as const))('%s: an empty string is spec.empty, unless empty has a meaning there', (_path, field) => {
    const { spec, path } = placed(field, '');
    const found = checkSpec(spec).filter((v) => v.path === path);
    if (patterned(field)) expect(found.map((v) => v.code)).toEqual(['spec.invalid-format']);
    else if (emptyMeans.get(field.schema as z.ZodType)) expect(found).toEqual([]);
    else expect(found.map((v) => [v.code, v.value, v.message])).toEqual([['spec.empty', '(empty)', 'the value is empty']]);
  });

  it.each(entries.map((f) => [f.path, f] as const))("%s: an entry's name with a trailing tab is spec.whitespace", (_path, field) => {
    const { spec, path: at } = placed({ ...field, steps: field.steps.slice(0, -1) }, { 'x1\t': {} });
    expect(checkSpec(spec).filter((v) => v.code === 'spec.whitespace')).toEqual([
      { code: 'spec.whitespace', severity: 'error', path: `${at}.x1\t`, value: '"x1\\t"', message: '"x1\\t" ends with a tab (the name of an entry)', fix: 'write "x1"' },
    ]);
  });

  it('leaves only the patterned fields to their pattern', () => {
    expect(strings.filter(patterned).map((f) => f.path)).toEqual(['k3s.writeKubeconfigMode']);
  });

  it('lets only the fields whose empty value is documented be empty', () => {
    expect(strings.filter((f) => emptyMeans.get(f.schema as z.ZodType)).map((f) => f.path)).toEqual(['infrastructure.adopt.vms.<name>.machine']);
    // Padded, such a field is still refused.
    const machine = strings.find((f) => f.path.endsWith('.machine'))!;
    const { spec, path } = placed(machine, ' ');
    expect(checkSpec(spec).find((v) => v.path === path)).toMatchObject({ code: 'spec.whitespace', message: '" " is only whitespace (a space)', fix: 'write ""' });
  });
});

describe('what spec.whitespace and spec.empty say', () => {
  const one = (change: (e: any) => void) => expectReport(check(modify(threeServers, change)));

  it('names each kind of whitespace, at either end, and writes the value as JSON so it shows', () => {
    const violations = one((e) => {
      e.flux.url = 'https://git.fixture.test/ops/fleet.git\n';
      e.k3s.version = '\u00a0v1.36.4+k3s1';
      e.network.dns[1] = '\t9.9.9.9\r\n';
      e.nodes[2].name = ' fx-3 ';
      e.baseDomain = '\u2003fixture.test';
    });
    expect(violations.map((v) => [v.code, v.path, v.message, v.fix])).toEqual([
      ['spec.whitespace', 'fixture.baseDomain', '"\u2003fixture.test" starts with U+2003', 'write "fixture.test"'],
      ['spec.whitespace', 'fixture.network.dns[1]', '"\\t9.9.9.9\\r\\n" starts with a tab and ends with a carriage return and a newline', 'write "9.9.9.9"'],
      ['spec.whitespace', 'fixture.nodes[2].name', '" fx-3 " starts with a space and ends with a space', 'write "fx-3"'],
      ['spec.whitespace', 'fixture.k3s.version', '"\u00a0v1.36.4+k3s1" starts with a no-break space (U+00A0)', 'write "v1.36.4+k3s1"'],
      ['spec.whitespace', 'fixture.flux.url', '"https://git.fixture.test/ops/fleet.git\\n" ends with a newline', 'write "https://git.fixture.test/ops/fleet.git"'],
    ]);
  });

  it('proposes leaving an optional field without a default unset, never taking a default it does not have', () => {
    const [v] = one((e) => { e.controlPlane.vipInterface = ''; });
    expect(v!.fix).toMatch(/, or remove vipInterface to leave it unset$/);
  });

  it('proposes removing an optional field, or an empty entry, and describes a required one', () => {
    const violations = one((e) => {
      e.k3s.dataDir = '';
      e.flux.layers[0].namespaces = ['monitoring', ''];
      e.k3s.oidc.realm = '  ';
    });
    expect(violations.map((v) => [v.code, v.path, v.value, v.message, v.fix])).toEqual([
      ['spec.empty', 'fixture.k3s.dataDir', '(empty)', 'the value is empty', 'write its value, or remove dataDir to take its default'],
      ['spec.empty', 'fixture.k3s.oidc.realm', '"  "', '"  " is only whitespace (a space)', 'write its value (Keycloak realm; the issuer is `https://<issuerHost>.<baseDomain>/realms/<realm>`)'],
      ['spec.empty', 'fixture.flux.layers[0].namespaces[1]', '(empty)', 'the value is empty', 'remove the empty entry from the list, or write its value'],
    ]);
  });

  it('lists three kinds of whitespace with commas, and names a repeated one once', () => {
    const [v] = checkSpec(modify(threeServers, (e: any) => { e.flux.branch = ' \t\n main  '; }));
    expect(v).toMatchObject({ code: 'spec.whitespace', value: '" \\t\\n main  "', message: '" \\t\\n main  " starts with a space, a tab and a newline and ends with a space', fix: 'write "main"' });
  });

  it('proposes only the value for a required field without a description', () => {
    const violations = checkSpec(modify(threeServers, (e: any) => { e.versions = { tools: { helm: { version: 'v3.19.0', sha256: { amd64: '', arm64: 'ab' } } } }; }));
    expect(violations.map((v) => [v.code, v.path, v.fix])).toEqual([['spec.empty', 'fixture.versions.tools.helm.sha256.amd64', 'write its value']]);
  });

  it('leaves a list shorter than its minimum to spec.invalid', () => {
    const violations = checkSpec(modify(threeServers, (e: any) => { e.notifications = { receivers: [{ kind: 'email', name: 'mail', smarthost: 'smtp.example.com:587', from: 'a@example.com', to: [], alerts: 'warning' }] }; }));
    expect(violations.map((v) => [v.code, v.path])).toEqual([['spec.invalid', 'fixture.notifications.receivers[0].to']]);
  });

  it("names an empty record key, and leaves the keys and strings of free-form chart values alone", () => {
    const violations = checkSpec(modify(threeServers, (e: any) => {
      e.components = { '': {} };
      e.apps = [{ name: 'podinfo', layer: 'apps', helm: { chart: 'podinfo', version: '6.14.1', repo: 'https://stefanprodan.github.io/podinfo', values: { ' padded key': ' padded value ', empty: '' } } }];
    }));
    expect(violations.map((v) => [v.code, v.path, v.fix])).toEqual([['spec.empty', 'fixture.components.', 'give the entry its name, or remove it']]);
  });

  it('reports a string the schema refuses by its pattern once, by the pattern', () => {
    const violations = checkSpec(modify(threeServers, (e: any) => { e.k3s.writeKubeconfigMode = '0600 '; }));
    expect(violations.map((v) => v.code)).toEqual(['spec.invalid-format']);
  });

  it('never echoes key material: a pasted private key with its newline is left to vm.ssh-key-private', () => {
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n';
    const violations = check(modify(threeServers, (e: any) => { e.infrastructure.access.sshKeys = [key]; }));
    expect(violations.map((v) => v.code)).toEqual(['vm.ssh-key-private']);
    expect(JSON.stringify(violations)).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
    expect(checkSpec(modify(threeServers, (e: any) => { e.sops = { ageRecipients: ['AGE-SECRET-KEY-1QQQQ '] }; }))).toEqual([]);
  });

  it('reports a padded environment name under its name as written', () => {
    const [v] = checkSpec({ ...threeServers, name: 'fixture ' });
    expect(v).toMatchObject({ code: 'spec.whitespace', path: 'fixture .name', value: '"fixture "', fix: 'write "fixture"' });
  });
});
