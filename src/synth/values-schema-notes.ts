import path from 'node:path';
import type { Environment } from '../model/resolve';
import { VALUES_SCHEMA_DIR } from '../tree/paths';
import { REPO_ROOT } from '../tree/repo-root';
import { CHARTS_WITHOUT_VALUES_SCHEMA, missingValuesSchemaNote, valuesSchemaWarning } from '../tree/values-schema';
import { environmentTree } from '../validate/tree-objects';
import { chartValues, lookupValuesSchema, valuesSchemaDirs } from '../validate/values-check';

/**
 * What validate will say about the schema judging each chart's values the tree sets, for the charts
 * synth itself does not judge (the platform's; an app's is app.values-schema-stand-in): the same
 * folders (the fleet's schemas/values/, then the tool's), the same resolution, the same sentence.
 */
export function valuesSchemaNotes(root: string, env: Environment, files: ReadonlyMap<string, string>): string[] {
  const dirs = valuesSchemaDirs(path.join(REPO_ROOT, VALUES_SCHEMA_DIR), path.join(root, VALUES_SCHEMA_DIR));
  const apps = new Set(env.apps.flatMap((a) => (a.helm ? [a.helm.chart] : [])));
  const notes = chartValues(environmentTree(env.name, files))
    .filter((c) => !apps.has(c.chart))
    .flatMap((c) => {
      const schema = lookupValuesSchema(dirs, c.chart, c.version);
      if (!schema) return CHARTS_WITHOUT_VALUES_SCHEMA.has(c.chart) ? [] : [missingValuesSchemaNote(c.chart, c.version)];
      return valuesSchemaWarning(c.chart, c.version, schema) ?? [];
    });
  return [...new Set(notes)].sort();
}
