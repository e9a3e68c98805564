// The import floor of synth in an installed fleet (npm run bench): a plain Node process in the
// fleet's folder that loads what the fleet's synth loads, as the fleet loads it (the peer
// libraries and tsx from the fleet's node_modules; cdktf and yaml, which the tool bundles, from
// this repository) and writes the same files synth writes, nothing else.
//   node scripts/bench-fleet-floor.mjs <fleet dir> <payload.json> <out dir>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [fleet, payload, out] = process.argv.slice(2);
const fromFleet = createRequire(path.join(fleet, 'package.json'));
const fromRepo = createRequire(import.meta.url);
for (const peer of ['constructs', 'cdk8s', 'cdk8s-plus-31']) fromFleet(peer);
fromFleet('tsx/cjs/api').register();
fromRepo('cdktf');
fromRepo('yaml');
const files = JSON.parse(fs.readFileSync(payload, 'utf8'));
for (const [rel, text] of Object.entries(files)) {
  const file = path.join(out, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
