import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AJV_CODE } from '../tree/ajv-code';
import Ajv, { _ } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { cachedValidator } from './validator-cache';

/** kubeconform's file naming: `<kind>-<first label of the group>-<version>.json`, core kinds without a group. */
export function schemaFileName(apiVersion: string, kind: string): string {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  return [kind.toLowerCase(), group ? group!.split('.')[0] : undefined, version].filter(Boolean).join('-') + '.json';
}

/** Kinds no schema folder has, accepted on purpose; everything else without a schema fails. */
export const KINDS_WITHOUT_SCHEMA: ReadonlySet<string> = new Set<string>([
  // Cilium's policy CRD was not collected: ~380 kB per version, and which one is v1.20.0's could
  // not be determined (see docs/decisions/0052-the-baseline-is-cilium-policies-and-their-kind-has-no.md). The test of the baseline reads these objects.
  'cilium.io/v2/CiliumNetworkPolicy',
]);

/**
 * An ajv set up for upstream schemas: strict off, all errors, Go regexps, Kubernetes' formats;
 * the draft the schema names (flux-operator's values schemas are draft 2019-09).
 */
export function upstreamAjv(draft2019: boolean): Ajv {
  // Source kept, and formats named as the validator cache loads them (src/validate/validator-cache.ts).
  const options = { strict: false, allErrors: true, code: { ...AJV_CODE, source: true, formats: _`formats` } };
  const ajv = draft2019 ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv);
  // Kubernetes' own formats the upstream CRDs and Chainsaw's schemas use; their values are checked by the API server.
  // `int`: Chainsaw's own schemas (a Go int; the type is already integer).
  for (const format of ['cidr', 'int', 'int32', 'int64', 'double', 'float', 'byte']) {
    if (format === 'byte') ajv.addFormat(format, /^[A-Za-z0-9+/]*={0,2}$/);
    else ajv.addFormat(format, true);
  }
  return ajv;
}

// Compiling a large schema (a values schema is half a megabyte) costs far more than reading it:
// validators are kept per content for the life of the process, each in an ajv of its own so
// schemas sharing an $id never clash, and their code on disk for the next run (validator-cache.ts).
const byContent = new Map<string, ValidateFunction>();

/** A folder of JSON schemas, compiled lazily and once per content. */
export class SchemaStore {
  private readonly compiled = new Map<string, ValidateFunction | undefined>();

  /**
   * `values`: the schemas check a release's own values, which Helm merges over the chart's
   * defaults before it validates; a key the schema requires comes from those defaults, so
   * `required` is left out (every type, enum and pattern still applies).
   */
  public constructor(
    public readonly dir: string,
    private readonly mode: 'objects' | 'values' = 'objects',
  ) {}

  /** The validator for a file in the folder, or undefined when there is none. */
  public get(file: string): ValidateFunction | undefined {
    if (!this.compiled.has(file)) {
      const full = path.join(this.dir, file);
      if (!fs.existsSync(full)) {
        this.compiled.set(file, undefined);
      } else {
        const text = fs.readFileSync(full, 'utf8');
        const identity = `${this.mode}\n${text}`;
        const key = createHash('sha256').update(identity).digest('hex');
        if (!byContent.has(key)) {
          const schema = JSON.parse(text, this.mode === 'values' ? (k, v: unknown) => (k === 'required' && Array.isArray(v) ? undefined : v) : undefined) as { $schema?: string };
          // The draft follows from the text, which is in the identity.
          byContent.set(key, cachedValidator(upstreamAjv(/draft\/2019-09/.test(schema.$schema ?? '')), identity, schema));
        }
        this.compiled.set(file, byContent.get(key));
      }
    }
    return this.compiled.get(file);
  }

  public files(): string[] {
    return fs.existsSync(this.dir) ? fs.readdirSync(this.dir).filter((f) => f.endsWith('.json')) : [];
  }
}
