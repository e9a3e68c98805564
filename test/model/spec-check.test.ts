import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/check/run';
import { checkSpec, didYouMean, formatPath } from '../../src/model/spec-check';
import { environmentJsonSchema } from '../../src/synth/environment-schema';
import { synthCommand } from '../../src/synth/commands';
import { expectReport } from '../fixtures/expect';
import { fiveServersTwoPlanned, modify, modifyWorkload, singleServer, threeServers } from '../fixtures/environments';
import { lab1 } from '../fixtures/workload';
import { mgmt } from '../fixtures/fleet/mgmt';

// With apps and a component switch, so their fields are mistyped and misspelt too.
const withApps = modify(threeServers, (e: any) => {
  e.apps = [
    { name: 'podinfo', layer: 'apps', namespace: 'web', dependsOn: ['legacy'], helm: { chart: 'podinfo', version: '6.14.1', repo: 'https://stefanprodan.github.io/podinfo', values: { replicaCount: 2 } } },
    { name: 'legacy', layer: 'platform', manifests: 'manifests/legacy' },
  ];
  e.components = { 'some-component': { layer: 'platform', values: { replicas: 2 } } };
});
const specs = { threeServers, singleServer, fiveServersTwoPlanned, mgmt, withApps };

/** Every leaf of a spec with its path: ['nodes', 0, 'ip'] → '10.20.0.11'. */
function leaves(value: unknown, at: (string | number)[] = []): [(string | number)[], unknown][] {
  if (Array.isArray(value)) return value.length === 0 ? [[at, value]] : value.flatMap((v, i) => leaves(v, [...at, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [[at, value]];
}

/** Every object of a spec with its path (the places a misspelt key can go). */
function objects(value: unknown, at: (string | number)[] = []): [(string | number)[], Record<string, unknown>][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objects(v, [...at, i]));
  if (value === null || typeof value !== 'object') return [];
  return [[at, value as Record<string, unknown>], ...Object.entries(value).flatMap(([k, v]) => objects(v, [...at, k]))];
}

function set(spec: unknown, at: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(spec) as Record<string | number, any>;
  const parent = at.slice(0, -1).reduce((o, k) => o[k], copy);
  parent[at.at(-1)!] = value;
  return copy;
}

/** Inside chart values (any shape) or a record's keys (any name): nothing to mistype there. */
const freeForm = (at: readonly (string | number)[]) => at.some((k) => k === 'values' || k === 'operatorValues') || ['components', 'vms', 'domains'].includes(String(at.at(-1)));

const wrongType = (value: unknown): unknown => (typeof value === 'string' ? 42 : typeof value === 'number' ? String(value) : typeof value === 'boolean' ? 'yes' : 'not-a-list');

describe('the spec is checked at the boundary', () => {
  it('names each typo of the issue with a did-you-mean, all at once', () => {
    const broken = modify(threeServers, (e: any) => {
      e.flux.layers[1].suspnd = true;
      e.nodes[1].state = 'plannned';
      e.helmInstaller = 'fluxx';
      e.infrastructure.vm.memoryMiB = '6144';
    });
    const violations = expectReport(check(broken));
    expect(violations.map((v) => [v.code, v.path, v.fix]).sort()).toEqual([
      ['spec.invalid-choice', 'fixture.helmInstaller', 'use flux'],
      ['spec.invalid-choice', 'fixture.nodes[1].state', 'use planned'],
      ['spec.unknown-field', 'fixture.flux.layers[1].suspnd', 'rename suspnd to suspend'],
      ['spec.wrong-type', 'fixture.infrastructure.vm.memoryMiB', "write 6144 (no quotes), not '6144'"],
    ]);
  });

  it("names an app's construct that is no function, and a misspelt key of a component switch", () => {
    const broken = modify(withApps, (e: any) => {
      e.apps[1] = { name: 'hello', layer: 'apps', construct: 'hello' };
      e.components['some-component'].layr = 'apps';
    });
    expect(checkSpec(broken).map((v) => [v.code, v.path, v.message])).toEqual([
      ['spec.unknown-field', 'fixture.components.some-component.layr', 'layr is not a field here; did you mean layer?'],
      ['spec.wrong-type', 'fixture.apps[1].construct', 'expected a function (scope, app) => void, got a string'],
    ]);
  });

  it('names an unknown infrastructure kind instead of dropping the VM layer', () => {
    const [v] = checkSpec(modify(threeServers, (e: any) => { e.infrastructure.kind = 'libvrit'; }));
    expect(v).toMatchObject({ code: 'spec.invalid-choice', path: 'fixture.infrastructure.kind', value: 'libvrit', fix: 'use libvirt' });
  });

  it.each(Object.entries(specs))('reports a wrong type in every field of %s at that field, and synth writes nothing', (_name, spec) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fields-'));
    for (const [at, value] of leaves(spec).filter(([at]) => !freeForm(at))) {
      const broken = set(spec, at, wrongType(value));
      expect(synthCommand({ root, environments: [broken] }).exitCode).toBe(1);
      expect(fs.readdirSync(root), formatPath(at)).toEqual([]);
      const violations = checkSpec(broken);
      // A name that is no string cannot prefix the paths: the spec is then '(environment)'.
      const where = `${at[0] === 'name' ? '(environment)' : spec.name}.${formatPath(at)}`.replace('.[', '[');
      expect(violations.map((v) => v.path), where).toContain(where);
      expect(violations.every((v) => v.code.startsWith('spec.')), where).toBe(true);
    }
    fs.rmSync(root, { recursive: true });
  });

  it.each(Object.entries(specs))('reports a misspelt key in every object of %s, with the key it resembles', (_name, spec) => {
    for (const [at, object] of objects(spec)) {
      const key = Object.keys(object)[0];
      if (key === undefined || freeForm(at)) continue;
      const misspelt = `${key.slice(0, -1)}${key.at(-1) === 'x' ? 'y' : 'x'}`;
      const { [key]: value, ...rest } = object;
      const violations = checkSpec(at.length === 0 ? { [misspelt]: value, ...rest } : set(spec, at, { [misspelt]: value, ...rest }));
      expect(violations.find((v) => v.code === 'spec.unknown-field'), `${formatPath(at)}.${misspelt}`).toMatchObject({ message: expect.stringContaining(`did you mean ${key}?`) });
    }
  });

  it.each([
    ['a number', 42],
    ['null', null],
    ['a list', [threeServers]],
    ['nodes as a string', { ...threeServers, nodes: 'fx-1' }],
    ['a node as null', { ...threeServers, nodes: [null] }],
    ['infrastructure without a kind', { ...threeServers, infrastructure: {} }],
    ['flux layers of numbers', { ...threeServers, flux: { ...threeServers.flux, layers: [1, 2] } }],
    ['every string a number', JSON.parse(JSON.stringify(threeServers, (_k, v) => (typeof v === 'string' ? 7 : v)))],
  ])('reports %s as violations, never a stack trace, and synth writes nothing', (_what, input) => {
    const violations = expectReport(check(input));
    expect(violations.length).toBeGreaterThan(0);
    expect(violations.every((v) => v.code.startsWith('spec.'))).toBe(true);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spec-'));
    const result = synthCommand({ root, environments: [threeServers, input] });
    expect(result.exitCode).toBe(1);
    expect(fs.readdirSync(root)).toEqual([]);
    fs.rmSync(root, { recursive: true });
  });

  it('suggests only near misses', () => {
    expect(didYouMean('suspnd', ['suspend', 'prune', 'wait'])).toBe('suspend');
    expect(didYouMean('flavour', ['suspend', 'prune', 'wait'])).toBeUndefined();
    expect(didYouMean('VIP', ['vip', 'apiPort'])).toBe('vip');
  });
});

describe('the exported JSON Schema', () => {
  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(JSON.parse(environmentJsonSchema()));

  it('accepts every valid fixture and rejects a misspelt key, as the runtime check does', () => {
    for (const spec of Object.values(specs)) expect(validate(spec), spec.name).toBe(true);
    expect(validate(modify(threeServers, (e: any) => { e.flux.layers[0].suspnd = true; }))).toBe(false);
  });

  it('is the committed schemas/environment.schema.json', () => {
    expect(fs.readFileSync(path.resolve(import.meta.dirname, '../../schemas/environment.schema.json'), 'utf8')).toBe(environmentJsonSchema());
  });
});

describe('what the spec check says', () => {
  const one = (change: (e: any) => void) => checkSpec(modify(threeServers, change));

  it('suggests nothing without candidates, and allows more edits in a longer word', () => {
    expect(didYouMean('suspnd', [])).toBeUndefined();
    expect(didYouMean('vipInterfaceName', ['vipInterface', 'vip', 'apiPort'])).toBe('vipInterface');
  });

  it('lists the fields when a misspelt one resembles none of them', () => {
    const [v] = one((e) => { e.controlPlane.flavour = 'x'; });
    expect(v).toMatchObject({ code: 'spec.unknown-field', message: 'flavour is not a field here', fix: 'remove flavour; the fields here are vip, apiPort, vipInterface' });
  });

  it('names an unknown choice without a guess when none is close', () => {
    const [v] = one((e) => { e.nodes[0].state = 'retired'; });
    expect(v).toMatchObject({ message: 'retired is not one of live, planned', fix: 'use one of live, planned' });
  });

  it('gives the quoting hint only for a number written as digits in quotes, with the number written', () => {
    expect(one((e) => { e.infrastructure.vm.memoryMiB = '6144'; })[0]!.fix).toBe("write 6144 (no quotes), not '6144'");
    expect(one((e) => { e.infrastructure.vm.memoryMiB = 'lots'; })[0]!.fix).toBe('write a number (no quotes)');
    expect(one((e) => { e.infrastructure.vm.memoryMiB = '6 GiB'; })[0]!.fix).toBe('write a number (no quotes)');
    expect(one((e) => { e.name = 42; })[0]).toMatchObject({ message: 'expected string, got a number', fix: "write a string in quotes, e.g. '…'" });
  });

  it("writes the user's own number in the quoting hint, and the field's range otherwise, for every number field", () => {
    const fixes = (edit: (e: any) => void) => checkSpec(modifyWorkload(lab1, edit)).map((v) => [v.path, v.fix]);
    expect(fixes((e) => { e.infrastructure.controlPlane.replicas = '3'; })).toEqual([['lab1.infrastructure.controlPlane.replicas', "write 3 (no quotes), not '3'"]]);
    expect(fixes((e) => { e.infrastructure.workers[0].replicas = ' 2 '; })).toEqual([['lab1.infrastructure.workers[0].replicas', "write 2 (no quotes), not ' 2 '"]]);
    expect(fixes((e) => { e.infrastructure.controlPlane.machine.memoryMiB = 'lots'; })).toEqual([['lab1.infrastructure.controlPlane.machine.memoryMiB', 'write a whole number from 1024 to 262144 (no quotes)']]);
    // A fraction where a whole number belongs: the range, not a number the schema would refuse next.
    expect(fixes((e) => { e.infrastructure.proxmox.vlan = '4.5'; })).toEqual([['lab1.infrastructure.proxmox.vlan', 'write a whole number from 1 to 4094 (no quotes)']]);
    expect(fixes((e) => { delete e.infrastructure.controlPlane.replicas; })).toEqual([['lab1.infrastructure.controlPlane.replicas', 'set it to a number (no quotes)']]);
  });

  it("shows a record's keys and values: the example its schema gives, else its values' shape", () => {
    const fixes = (edit: (e: any) => void) => checkSpec(modifyWorkload(lab1, edit)).map((v) => [v.path, v.fix]);
    for (const templates of [['v1.35.9'], 9035, 'v1.35.9: 9035']) {
      expect(fixes((e) => { e.infrastructure.proxmox.templates = templates; })).toEqual([['lab1.infrastructure.proxmox.templates', "write an object such as { 'v1.35.9': 9035 }"]]);
    }
    expect(fixes((e) => { delete e.infrastructure.proxmox.templates; })).toEqual([['lab1.infrastructure.proxmox.templates', "set it to an object such as { 'v1.35.9': 9035 }"]]);
    expect(one((e) => { e.components = 3; })[0]!.fix).toBe('write an object keyed by name: { <name>: { … } }');
  });

  it('names the type it got: null, a list, an object, a boolean', () => {
    expect(one((e) => { e.nodes[0] = null; })[0]!.message).toBe('expected object, got null');
    expect(one((e) => { e.network = []; })[0]!.message).toBe('expected object, got a list');
    expect(one((e) => { e.flux.url = {}; })[0]!.message).toBe('expected string, got an object');
    expect(one((e) => { e.flux.url = true; })[0]!.message).toBe('expected string, got a boolean');
  });

  it('names a misspelt key beside an unknown infrastructure kind, from the fields of every kind', () => {
    const violations = one((e) => { e.infrastructure.kind = 'kvm'; e.infrastructure.endpont = 'x'; });
    expect(violations.map((v) => [v.code, v.path, v.fix])).toEqual([
      ['spec.invalid-choice', 'fixture.infrastructure.kind', 'use one of bare-metal, libvirt, proxmox, cluster-api'],
      ['spec.unknown-field', 'fixture.infrastructure.endpont', 'rename endpont to endpoint'],
    ]);
  });

  it('prefixes paths with (environment) when the name is empty or no string', () => {
    expect(checkSpec({ ...threeServers, name: '', suspnd: 1 }).map((v) => v.path)).toEqual(['(environment).suspnd', '(environment).name']);
    expect(checkSpec(null).map((v) => v.path)).toEqual(['(environment)']);
    expect(checkSpec('dev').map((v) => v.path)).toEqual(['(environment)']);
  });
});

describe('checkSpec: the fix as an action a program applies', () => {
  const one = (change: (e: any) => void) => checkSpec(modify(threeServers, change));
  const workload = (change: (e: any) => void) => checkSpec(modifyWorkload(lab1, change));

  it("sets the user's own number, unquoted, where it is one the field takes", () => {
    expect(one((e) => { e.infrastructure.vm.memoryMiB = '6144'; })[0]!.action).toEqual({ set: 'infrastructure.vm.memoryMiB', to: 6144 });
    expect(workload((e) => { e.infrastructure.workers[0].replicas = ' 2 '; })[0]!.action).toEqual({ set: 'infrastructure.workers[0].replicas', to: 2 });
    expect(one((e) => { e.nodes[0].vm = { memoryMiB: '-12.25' }; })[0]).toMatchObject({ fix: "write -12.25 (no quotes), not '-12.25'", action: { set: 'nodes[0].vm.memoryMiB', to: -12.25 } });
    expect(one((e) => { e.nodes[0].vm = { memoryMiB: '+7' }; })[0]!.action).toEqual({ set: 'nodes[0].vm.memoryMiB', to: 7 });
  });

  it('sets no number where the text is none, or a fraction where a whole number belongs', () => {
    for (const text of ['lots', '6 GiB', 'x6144', '6144x', '61.', '.5', '']) {
      const [v] = one((e) => { e.infrastructure.vm.memoryMiB = text; });
      expect(v!.fix).toBe('write a number (no quotes)');
      expect(v).not.toHaveProperty('action');
    }
    const [vlan] = workload((e) => { e.infrastructure.proxmox.vlan = '4.5'; });
    expect(vlan!.fix).toBe('write a whole number from 1 to 4094 (no quotes)');
    expect(vlan).not.toHaveProperty('action');
    expect(workload((e) => { e.infrastructure.proxmox.vlan = '45'; })[0]!.action).toEqual({ set: 'infrastructure.proxmox.vlan', to: 45 });
  });

  it('sets no value for a wrong type other than a quoted number, not even digits in quotes where a boolean belongs', () => {
    expect(one((e) => { e.name = 42; })[0]).not.toHaveProperty('action');
    const [wait] = one((e) => { e.flux.layers[0].wait = '1'; });
    expect(wait).toMatchObject({ message: 'expected boolean, got a string', fix: 'write true or false' });
    expect(wait).not.toHaveProperty('action');
  });

  it('names recipients of the wrong type as such, not as missing', () => {
    const [v] = one((e) => { e.sops = { ageRecipients: 'age1x' }; });
    expect(v).toMatchObject({ code: 'spec.wrong-type', path: 'fixture.sops.ageRecipients', message: 'expected array, got a string', fix: 'write a list: [ … ]' });
    expect(v).not.toHaveProperty('action');
  });

  it('sets the choice it guesses, and none where it guesses none', () => {
    expect(one((e) => { e.nodes[0].state = 'plannd'; })[0]).toMatchObject({ fix: 'use planned', action: { set: 'nodes[0].state', to: 'planned' } });
    expect(one((e) => { e.nodes[0].state = 'retired'; })[0]).not.toHaveProperty('action');
    expect(one((e) => { e.infrastructure.kind = 'libvrit'; })[0]).toMatchObject({ fix: 'use libvirt', action: { set: 'infrastructure.kind', to: 'libvirt' } });
    expect(one((e) => { e.infrastructure.kind = 'kvm'; })[0]).not.toHaveProperty('action');
  });

  it('runs secrets init where an environment has no line in age-recipients.ts yet', () => {
    const found = workload((e) => { e.sops = { ageRecipients: undefined }; });
    expect(found).toEqual([{
      code: 'spec.missing-field',
      severity: 'error',
      path: 'lab1.sops.ageRecipients',
      value: '(not set)',
      message: 'lab1 has no age recipients yet',
      fix: 'run npm run secrets -- init lab1 (it makes the key pair and writes its recipient)',
      action: { run: ['secrets', 'init', 'lab1'] },
    }]);
    // Any other field left unset keeps the generic wording, with no command.
    const [other] = workload((e) => { delete e.infrastructure.controlPlane.replicas; });
    expect(other).toMatchObject({ message: 'replicas is required but not set' });
    expect(other).not.toHaveProperty('action');
  });

  it('names an element of a list of numbers by its index when it is NaN', () => {
    const [v] = workload((e) => { e.infrastructure.controlPlane.retainedGenerations = [1, NaN]; });
    expect(v).toMatchObject({ code: 'spec.not-a-number', path: 'lab1.infrastructure.controlPlane.retainedGenerations[1]', message: 'NaN is not a number: retainedGenerations[1] takes a finite number' });
    expect(v).not.toHaveProperty('action');
  });

  it('takes a NaN for no wrong type and a finite number for no NaN', () => {
    expect(one((e) => { e.infrastructure.vm.vcpus = -Infinity; })[0]).toMatchObject({ code: 'spec.not-a-number', message: '-Infinity is not a finite number: vcpus takes a finite number' });
    expect(one((e) => { e.infrastructure.memoryBudgetMiB = 2048.5; })[0]).toMatchObject({ code: 'spec.out-of-range' });
  });
});
