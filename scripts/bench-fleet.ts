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
import { YAML_OPTIONS } from '../src/tree/yaml';

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
type Parsed = { text: string } & ({ kind: 'json'; value: unknown } | { kind: 'yaml'; docs: unknown[] } | { kind: 'text' });
const parse = (path: string, text: string): Parsed =>
  path.endsWith('.json') ? { kind: 'json', value: JSON.parse(text), text } : path.endsWith('.yaml') ? { kind: 'yaml', docs: YAML.parseAllDocuments(text).map((d) => d.toJS()), text } : { kind: 'text', text };
const write = (file: Parsed): string =>
  file.kind === 'json' ? `${JSON.stringify(file.value, null, 2)}\n` : file.kind === 'yaml' ? file.docs.map((d) => YAML.stringify(d, YAML_OPTIONS)).join('---\n') : file.text;
const objects = outputs.map((files) => [...files].map(([path, text]) => parse(path, text)));
const floorStarted = performance.now();
let bytes = 0;
let differing = 0;
for (const env of objects) {
  for (const file of env) {
    const text = write(file);
    bytes += text.length;
    if (text !== file.text) differing++;
  }
}
const floorMs = performance.now() - floorStarted;
sample();

process.stdout.write(`${JSON.stringify({ count, synthMs, floorMs, perEnvMs: synthMs / count, floorPerEnvMs: floorMs / count, peakRssMiB: peak / 2 ** 20, bytes, differing })}\n`);
