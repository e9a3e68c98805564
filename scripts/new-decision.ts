// `npm run decision -- "<title>"`: writes the next decision record, docs/decisions/NNNN-<slug>.md,
// with today's date and Status: accepted, for its author to fill in. `npm run synth` then lists it
// in docs/decisions/index.md.
import fs from 'node:fs';
import path from 'node:path';
import { DECISIONS_DIR, readRecords, recordFileName, recordText } from '../src/synth/decision-records';

const title = process.argv.slice(2).join(' ').trim();
if (title === '') {
  console.error('usage: npm run decision -- "<title>" (the decision in a few words, as its heading)');
  process.exit(2);
}
const dir = path.resolve(import.meta.dirname, '..', DECISIONS_DIR);
const number = Math.max(0, ...readRecords(dir).map((r) => r.number)) + 1;
const file = recordFileName(number, title);
const body = [
  'What was decided, and why: the facts it rests on, with the upstream source at the pinned tag where',
  'it relies on upstream behaviour. Where it replaces an earlier record, add `- Supersedes: [NNNN](NNNN-slug.md)`',
  '(or `- Amends:` for a part) above, and `superseded by` (or `; amended by`) to that record\'s Status.',
].join('\n');
fs.writeFileSync(path.join(dir, file), recordText({ number, title, date: new Date().toISOString().slice(0, 10), issue: '—' }, body));
console.log(`${DECISIONS_DIR}/${file}: written; npm run synth lists it in ${DECISIONS_DIR}/index.md`);
