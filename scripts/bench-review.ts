/**
 * Child process of `npm run bench`: the cost of `review` on a change touching N environments
 * (each one's VIP and an app value), in memory, as one JSON line.
 *   node dist/bench/review.js <N>   (built by scripts/bench-bundle.mjs; `node --import tsx` runs the source)
 */
import { performance } from 'node:perf_hooks';
import type { EnvironmentSpec } from '../src/model/environment';
import { review } from '../src/review/review';
import { synthesize } from '../src/synth/render';
import { fleetOf } from './bench-specs';

const count = Number(process.argv[2] ?? 100);
const files = (specs: EnvironmentSpec[]) => new Map(specs.flatMap((s) => [...synthesize(s).files]));
const base = fleetOf(count);
const head = base.map((s) => ({ ...s, controlPlane: { ...s.controlPlane, vip: s.controlPlane.vip!.replace(/\.10$/, '.9') }, apps: [{ ...s.apps![0]!, helm: { ...s.apps![0]!.helm!, values: { replicaCount: 3 } } }] }) as EnvironmentSpec);
const [before, after] = [files(base), files(head)];
const started = performance.now();
const reviews = review(before, after);
const reviewMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ count, reviewMs, perEnvMs: reviewMs / count, environments: reviews.length, dangers: reviews.reduce((n, r) => n + r.dangers.length, 0) })}\n`);
