// The bench's in-process parts run compiled, as the npm scripts do (scripts/run.mjs): bundled
// with the CLIs' own esbuild options into dist/bench/, so transpiler helpers never count.
import path from 'node:path';
import { DIST, bundle } from './build.mjs';

const OUT = path.join(DIST, 'bench');

/** Builds the bench's child processes; returns each one's compiled path by name (`fleet`, `review`). */
export async function benchBundles() {
  await bundle({ fleet: 'scripts/bench-fleet.ts', review: 'scripts/bench-review.ts' }, OUT);
  return { fleet: path.join(OUT, 'fleet.js'), review: path.join(OUT, 'review.js') };
}
