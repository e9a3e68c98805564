import type { Finding } from './findings';
import { describeObject } from './findings';
import { schemaFindings } from './schema-check';
import { schemaFileName } from './schemas';
import type { SchemaStore } from './schemas';
import type { EnvironmentTree } from './tree-objects';

/** The API group of Chainsaw's kinds: the only objects `tests/` holds. */
const CHAINSAW_GROUP = 'chainsaw.kyverno.io';

/**
 * Every document of the trees' `tests/` against Chainsaw's own schemas (vendored at the release the
 * suites are written for): a Test or Configuration Chainsaw would refuse, or anything else in the
 * folder, is a finding. The schemas describe `spec`; the apiVersion and kind pick the schema.
 */
export function checkSuites(trees: readonly EnvironmentTree[], store: SchemaStore): { findings: Finding[]; validated: number } {
  const findings: Finding[] = [];
  let validated = 0;
  for (const { file, doc } of trees.flatMap((t) => t.suites)) {
    const object = doc as Record<string, any> | null;
    const apiVersion: unknown = object?.apiVersion;
    if (typeof apiVersion !== 'string' || typeof object?.kind !== 'string' || !apiVersion.startsWith(`${CHAINSAW_GROUP}/`)) {
      findings.push({ check: 'chainsaw', where: file, message: `a document with apiVersion ${String(apiVersion)} and kind ${String(object?.kind)}: tests/ holds only Chainsaw's Tests and Configuration (${CHAINSAW_GROUP}); run npm run synth to rewrite it` });
      continue;
    }
    const schema = schemaFileName(apiVersion, object.kind);
    const validate = store.get(schema);
    const where = `${file} (${describeObject(object)})`;
    if (!validate) {
      findings.push({ check: 'chainsaw', where, message: `no schema ${schema} in ${store.dir}: Chainsaw v0.2.12 has no ${object.kind} at ${apiVersion}; run npm run synth to rewrite it` });
      continue;
    }
    validated++;
    findings.push(...schemaFindings('chainsaw', validate, object, where, schema));
  }
  return { findings, validated };
}
