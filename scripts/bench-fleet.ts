/**
 * Child process of `npm run bench`: synthesizes a generated fleet of N environments in memory and
 * prints, as one JSON line, the time per environment, the time to write the same objects with
 * `yaml` / `JSON.stringify` (the serialisation floor), and the peak resident memory.
 *
 *   node dist/bench/fleet.js <N>   (built by scripts/bench-bundle.mjs; `node --import tsx` runs the source)
 */
import { performance } from 'node:perf_hooks';
import YAML from 'yaml';
import type { EnvironmentSpec } from '../src/model/environment';
import { synthesize } from '../src/synth/render';
import { fleetOf } from './bench-specs';
import { YAML_OPTIONS } from '../src/yaml';

const count = Number(process.argv[2] ?? 10);
const specs = fleetOf(count);
let peak = process.memoryUsage().rss;
const sample = () => { peak = Math.max(peak, process.memoryUsage().rss); };

// Warm-up: the first environment pays for module initialisation, which the import floor measures.
synthesize(fleetOf(1, 'warm')[0] as EnvironmentSpec);

const started = performance.now();
const outputs: ReadonlyMap<string, string>[] = [];
for (const spec of specs) {
  const result = synthesize(spec);
  if (result.files.size === 0) throw new Error(`${spec.name} did not synthesize: ${result.violations.map((v) => v.code).join(', ')}`);
  outputs.push(result.files);
  sample();
}
const synthMs = performance.now() - started;

// The floor: the very objects, parsed beforehand, written again by the serialisers alone with the
// project's options, so it writes the same bytes (counted below). Runbooks and overviews are text
// the generators compose: the floor copies them as they are.
const objects = outputs.map((files) =>
  [...files].map(([path, text]) =>
    path.endsWith('.json') ? { path, json: JSON.parse(text) as unknown, text } : path.endsWith('.yaml') ? { path, yaml: YAML.parseAllDocuments(text).map((d) => d.toJS()), text } : { path, text },
  ),
);
const floorStarted = performance.now();
let bytes = 0;
let differing = 0;
for (const env of objects) {
  for (const file of env) {
    const text = 'json' in file ? `${JSON.stringify(file.json, null, 2)}\n` : 'yaml' in file ? file.yaml!.map((d) => YAML.stringify(d, YAML_OPTIONS)).join('---\n') : String(file.text);
    bytes += text.length;
    if (text !== file.text) differing++;
  }
}
const floorMs = performance.now() - floorStarted;
sample();

process.stdout.write(`${JSON.stringify({ count, synthMs, floorMs, perEnvMs: synthMs / count, floorPerEnvMs: floorMs / count, peakRssMiB: peak / 2 ** 20, bytes, differing })}\n`);
