// The import floor of `npm run bench`: a plain Node process that loads the libraries synth needs
// (cdk8s, cdk8s-plus-31, cdktf, yaml) and writes the same files synth writes, nothing else.
//   node scripts/bench-floor.mjs <payload.json> <out dir>
import fs from 'node:fs';
import path from 'node:path';
import 'cdk8s';
import 'cdk8s-plus-31';
import 'cdktf';
import 'yaml';

const [payload, out] = process.argv.slice(2);
const files = JSON.parse(fs.readFileSync(payload, 'utf8'));
for (const [rel, text] of Object.entries(files)) {
  const file = path.join(out, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
