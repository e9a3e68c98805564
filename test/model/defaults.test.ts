import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { environmentSchema } from '../../src/model/environment';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { SETTINGS_DOC, settingsDoc } from '../../src/synth/settings-doc';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { workloadBase } from '../fixtures/workload-rules';

type Step = string | '[]' | '<name>' | { kind: string };
interface Documented {
  readonly field: string;
  readonly steps: readonly Step[];
  readonly value: unknown;
}

interface JsonSchema {
  readonly default?: unknown;
  readonly properties?: Record<string, JsonSchema>;
  readonly items?: JsonSchema;
  readonly additionalProperties?: JsonSchema | boolean;
  readonly oneOf?: JsonSchema[];
  readonly anyOf?: JsonSchema[];
  readonly const?: unknown;
}

/** `nodes[].ssh.port`, `infrastructure(libvirt).uri`, `components.<name>.values`: as docs/reference/settings.md writes a field. */
const fieldName = (steps: readonly Step[]) =>
  steps.map((s, i) => (s === '[]' ? '[]' : typeof s === 'object' ? `(${s.kind})` : `${i === 0 ? '' : '.'}${s}`)).join('');

/** Every default the JSON Schema (and so docs/reference/settings.md) shows, with the path to its field. */
function documentedDefaults(schema: JsonSchema, steps: Step[] = []): Documented[] {
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.flatMap((v) => documentedDefaults(v, [...steps, { kind: String(v.properties?.kind?.const) }]));
  if (schema.items) return documentedDefaults(schema.items, [...steps, '[]']);
  if (typeof schema.additionalProperties === 'object') return documentedDefaults(schema.additionalProperties, [...steps, '<name>']);
  return Object.entries(schema.properties ?? {}).flatMap(([name, field]) => [
    ...(field.default === undefined ? [] : [{ field: fieldName([...steps, name]), steps: [...steps, name], value: field.default }]),
    ...documentedDefaults(field, [...steps, name]),
  ]);
}

/** Applies `edit` to the field at `steps` in every place it can be (each item, each entry, the matching kind); counts the places. */
function edit(value: unknown, steps: readonly Step[], change: (parent: Record<string, unknown>, key: string) => void): number {
  if (value === null || typeof value !== 'object') return 0;
  const [step, ...rest] = steps;
  const object = value as Record<string, unknown>;
  if (step === '[]') return Array.isArray(value) ? value.reduce((n: number, item) => n + edit(item, rest, change), 0) : 0;
  if (step === '<name>') return Object.values(object).reduce((n: number, item) => n + edit(item, rest, change), 0);
  if (typeof step === 'object') return object.kind === step.kind ? edit(value, rest, change) : 0;
  if (rest.length === 0) {
    change(object, step!);
    return 1;
  }
  return edit(object[step!], rest, change);
}

/** The fixtures with every section that has defaults present somewhere (a second node SSH target, an OIDC issuer, apps, switches). */
const bases: EnvironmentSpec[] = [
  {
    ...dev,
    nodes: dev.nodes.map((n, i) => (i === 0 ? { ...n, ssh: { host: '192.168.1.50' } } : n)),
    components: { 'some-component': {} },
    apps: [{ name: 'podinfo', layer: 'apps', helm: { chart: 'podinfo', version: '6.9.2', oci: 'oci://ghcr.io/stefanprodan/charts/podinfo' } }],
    secrets: [{ namespace: 'apps', name: 'token', keys: ['token'] }],
  },
  { ...mgmt, clusterApi: { ...mgmt.clusterApi, layers: {} } },
  {
    ...dev,
    name: 'metal',
    cilium: { layers: {} },
    infrastructure: { kind: 'bare-metal' },
    notifications: {
      receivers: [
        { kind: 'webhook', name: 'hook', alerts: 'warning' },
        { kind: 'email', name: 'mail', smarthost: 'smtp.example.com:587', from: 'a@example.com', to: ['b@example.com'], alerts: 'warning' },
        ...(['slack', 'msteams', 'discord', 'googlechat'] as const).map((kind) => ({ kind, name: kind, alerts: 'warning' as const })),
      ],
      webhook: {},
    },
  },
  { ...dev, name: 'metal', cilium: { layers: {} }, infrastructure: { kind: 'bare-metal' }, tls: {} },
  { ...dev, name: 'public', baseDomain: 'lab.example.net', tls: { issuer: { kind: 'acme', email: 'ops@lab.example.net', dns01: { provider: 'cloudflare' } } } },
  // A workload cluster: the defaults of a cluster-api infrastructure.
  workloadBase,
];

const withoutSpec = ({ spec: _, ...env }: ReturnType<typeof resolve>) => env;

describe('the defaults of the spec', () => {
  const documented = documentedDefaults(z.toJSONSchema(environmentSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

  it('are shown in docs/reference/settings.md as generated (run npm run synth when this fails)', () => {
    expect(fs.readFileSync(path.resolve(import.meta.dirname, '../..', SETTINGS_DOC), 'utf8')).toBe(settingsDoc());
    const rows = settingsDoc().split('\n');
    for (const d of documented) {
      // A field's row, anchored by its path unless it heads its section.
      const row = rows.find((r) => r.replace(/^\| <a id="[^"]*"><\/a>/, '| ').startsWith(`| \`${d.field}\` |`));
      expect(row, d.field).toBeDefined();
      // | field | type | default | what it is |: the default is the third cell (a description may hold an escaped pipe).
      const cells = row!.split(/(?<!\\)\|/).map((c) => c.trim());
      expect(cells[3], `${d.field}: ${row}`).toBe(`\`${JSON.stringify(d.value)}\``);
    }
  });

  it('are the values resolve() applies: leaving a field out resolves like writing its documented default', () => {
    expect(documented.map((d) => d.field)).toEqual(expect.arrayContaining(['longhorn.replicas', 'cilium.layers.network', 'clusterApi.layers.providers', 'k3s.dataDir', 'nodes[].ssh.port']));
    for (const d of documented) {
      let places = 0;
      for (const base of bases) {
        const absent = structuredClone(base) as unknown;
        const written = structuredClone(base) as unknown;
        const found = edit(absent, d.steps, (parent, key) => delete parent[key]);
        edit(written, d.steps, (parent, key) => (parent[key] = structuredClone(d.value)));
        if (found === 0) continue;
        places += found;
        expect(withoutSpec(resolve(absent as EnvironmentSpec)), d.field).toEqual(withoutSpec(resolve(written as EnvironmentSpec)));
      }
      // Every documented default is tried on at least one fixture, so a new one cannot go untested.
      expect(places, `${d.field}: no fixture has its section`).toBeGreaterThan(0);
    }
  });

  it('fails when resolve() applies another value than the documented one', () => {
    const absent = structuredClone(bases[0]!) as { longhorn: Record<string, unknown> };
    delete absent.longhorn.replicas;
    expect(resolve(absent as unknown as EnvironmentSpec).longhorn?.replicas).toBe(3);
    expect(resolve({ ...absent, longhorn: { replicas: 2 } } as unknown as EnvironmentSpec).longhorn?.replicas).toBe(2);
  });
});
