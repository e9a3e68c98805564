import { z } from 'zod';
import { environmentSchema } from '../model/environment';

export const ENVIRONMENT_SCHEMA_FILE = 'schemas/environment.schema.json';

/**
 * The editor's JSON Schema of an EnvironmentSpec, generated from the same zod schema that types
 * the environments and checks them at runtime; `npm run check` fails when it is stale.
 */
export function environmentJsonSchema(): string {
  const schema = z.toJSONSchema(environmentSchema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ ...schema, title: 'EnvironmentSpec' }, null, 2)}\n`;
}
