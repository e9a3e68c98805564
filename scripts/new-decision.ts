// `npm run decision -- "<title>"`: writes the next decision record, docs/decisions/NNNN-<slug>.md,
// with today's date and Status: accepted, for its author to fill in. `npm run synth` then lists it
// in docs/decisions/index.md.
import fs from 'node:fs';
import path from 'node:path';
import { DECISIONS_DIR, nextRecord, readRecords } from '../src/synth/decision-records';

const title = process.argv.slice(2).join(' ').trim();
if (title === '') {
  console.error('usage: npm run decision -- "<title>" (the decision in a few words, as its heading)');
  process.exit(2);
}
const dir = path.resolve(import.meta.dirname, '..', DECISIONS_DIR);
const { file, text } = nextRecord(readRecords(dir), title, new Date().toISOString().slice(0, 10));
fs.writeFileSync(path.join(dir, file), text);
console.log(`${DECISIONS_DIR}/${file}: written; npm run synth lists it in ${DECISIONS_DIR}/index.md`);
