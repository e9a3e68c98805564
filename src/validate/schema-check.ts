import { ENC_PATTERN } from '../tree/sops-cipher';
import type { Finding } from './findings';
import { describeObject } from './findings';
import { KINDS_WITHOUT_SCHEMA, SchemaStore, schemaFileName } from './schemas';
import type { TreeObject } from './tree-objects';
import type { ValidateFunction } from 'ajv';

/**
 * A SOPS file as the API server will see it after Flux decrypts it: no `sops` block, and each
 * `ENC[…]` value replaced by its ciphertext, which is base64 like the value it stands for.
 */
export function withoutSops(doc: Record<string, any>): Record<string, any> {
  if (doc.sops === undefined) return doc;
  const { sops: _sops, ...rest } = doc;
  const strip = (value: unknown): unknown => {
    if (typeof value === 'string') return ENC_PATTERN.exec(value)?.[1] ?? value;
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    return value;
  };
  return strip(rest) as Record<string, any>;
}

/** One finding per error of a schema on a document; none when it is valid. */
export function schemaFindings(check: Finding['check'], validate: ValidateFunction, doc: unknown, where: string, schema: string): Finding[] {
  if (validate(doc)) return [];
  return (validate.errors ?? []).map((error) => {
    const extra = error.keyword === 'additionalProperties' ? ` (${(error.params as { additionalProperty: string }).additionalProperty})` : '';
    return { check, where, message: `${error.instancePath || '/'} ${error.message}${extra} [${schema}]` };
  });
}

/** Validates every object against its kubeconform-style schema; a kind without one is a finding. */
export function checkSchemas(objects: readonly TreeObject[], store: SchemaStore, fleet?: SchemaStore): { findings: Finding[]; validated: number } {
  const findings: Finding[] = [];
  let validated = 0;
  for (const { file, doc } of objects) {
    const where = `${file} (${describeObject(doc)})`;
    const schema = schemaFileName(doc.apiVersion, doc.kind);
    // The tool's schemas first; a kind it has none of may have one in the fleet's own folder.
    const validate = store.get(schema) ?? fleet?.get(schema);
    if (!validate) {
      if (!KINDS_WITHOUT_SCHEMA.has(`${doc.apiVersion}/${doc.kind}`)) {
        const where2 = fleet ? `${store.dir} nor in ${fleet.dir}` : store.dir;
        findings.push({ check: 'schema', where, message: `no schema ${schema} in ${where2}; put the kind's kubeconform-style JSON schema (${schema}, for the cluster's Kubernetes version, with where it came from) in ${fleet ? fleet.dir : 'that folder'}` });
      }
      continue;
    }
    validated++;
    findings.push(...schemaFindings('schema', validate, withoutSops(doc), where, schema));
  }
  return { findings, validated };
}
