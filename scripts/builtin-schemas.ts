/**
 * Kubeconform-style JSON schemas of built-in kinds, generated from client-go at a Kubernetes tag:
 *
 *   node --import tsx -- scripts/builtin-schemas.ts <client-go checkout> <tag> <TypeName>=<apiVersion>=<file>…
 *
 * The field set and types come from the structured-merge-diff schema client-go compiles in
 * (applyconfigurations/internal/internal.go, exact for the tag); descriptions, `required`,
 * `enum` and integer formats from client-go's OpenAPI test data at the same tag where it has the
 * type (core v1 only: openapi/openapitest/testdata/api__v1_openapi.json). Every object is strict
 * (additionalProperties: false); timestamps are date-time strings or null, quantities and
 * int-or-strings either type. Used for the kinds verify's recorded objects need (Node, Pod, Lease).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

type Smd = { scalar?: string; namedType?: string; list?: { elementType: Smd }; map?: { fields?: { name: string; type: Smd }[]; elementType?: Smd } };
type Schema = Record<string, unknown>;

const [repo, tag, ...targets] = process.argv.slice(2);
if (!repo || !tag || targets.length === 0) {
  process.stderr.write('usage: scripts/builtin-schemas.ts <client-go checkout> <tag> io.k8s.api.core.v1.Node=v1=schemas/json/node-v1.json…\n');
  process.exit(2);
}
const show = (file: string) => execFileSync('git', ['-C', repo, 'show', `${tag}:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
const go = show('applyconfigurations/internal/internal.go');
const types = new Map<string, Smd & { name: string }>(
  (YAML.parse(go.slice(go.indexOf('typed.YAMLObject(`') + 18, go.lastIndexOf('`)'))) as { types: (Smd & { name: string })[] }).types.map((t) => [t.name, t]),
);
const openapi = JSON.parse(show('openapi/openapitest/testdata/api__v1_openapi.json')) as { components: { schemas: Record<string, any> } };

const SPECIAL: Record<string, Schema> = {
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { type: ['string', 'null'], format: 'date-time' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': { type: ['string', 'null'], format: 'date-time' },
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { anyOf: [{ type: 'string' }, { type: 'number' }] },
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { anyOf: [{ type: 'string' }, { type: 'integer' }] },
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': { type: 'object' },
  'io.k8s.apimachinery.pkg.runtime.RawExtension': { type: 'object' },
  __untyped_atomic_: {},
  __untyped_deduced_: {},
};

function build(root: string): Schema {
  const definitions: Record<string, Schema> = {};
  const pending = [root];
  const ref = (name: string): Schema => {
    if (SPECIAL[name]) return SPECIAL[name]!;
    if (!definitions[name] && !pending.includes(name)) pending.push(name);
    return { $ref: `#/definitions/${name}` };
  };
  const of = (t: Smd, api?: any): Schema => {
    if (t.namedType) return ref(t.namedType);
    if (t.list) return { type: 'array', items: of(t.list.elementType, api?.items) };
    if (t.map) return t.map.fields ? object(t.map.fields, api) : { type: 'object', additionalProperties: of(t.map.elementType ?? { scalar: 'untyped' }, api?.additionalProperties) };
    if (t.scalar === 'string') return { type: 'string', ...(api?.enum && { enum: api.enum }) };
    if (t.scalar === 'boolean') return { type: 'boolean' };
    if (t.scalar === 'numeric') return api?.type === 'integer' ? { type: 'integer', ...(api.format && { format: api.format }) } : { type: 'number' };
    return {};
  };
  const object = (fields: { name: string; type: Smd }[], api?: any): Schema => ({
    type: 'object',
    ...(api?.description && { description: api.description }),
    properties: Object.fromEntries(fields.map((f) => {
      const field = api?.properties?.[f.name];
      const inner = field?.allOf?.[0] ?? field;
      return [f.name, { ...of(f.type, inner), ...(field?.description && { description: field.description }) }];
    })),
    additionalProperties: false,
    ...(api?.required && { required: api.required }),
  });
  while (pending.length > 0) {
    const name = pending.shift()!;
    const t = types.get(name);
    if (!t) throw new Error(`${name} is not in ${tag}'s structured-merge-diff schema`);
    definitions[name] = of({ map: t.map, list: t.list, scalar: t.scalar }, openapi.components.schemas[name]);
  }
  const { [root]: top, ...rest } = definitions;
  return { $schema: 'http://json-schema.org/draft-07/schema#', ...top, definitions: rest };
}

for (const target of targets) {
  const [name, apiVersion, file] = target.split('=') as [string, string, string];
  const schema = build(name);
  const kind = name.split('.').at(-1)!;
  const props = schema.properties as Record<string, Schema>;
  // What kubeconform checks a document's identity with: the exact apiVersion and kind.
  props.apiVersion = { ...props.apiVersion, enum: [apiVersion] };
  props.kind = { ...props.kind, enum: [kind] };
  schema.required = [...new Set(['apiVersion', 'kind', ...((schema.required as string[] | undefined) ?? [])])];
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(schema)}\n`);
  process.stdout.write(`${file}: ${Object.keys(schema.definitions as object).length} definitions\n`);
}
