// What the npm scripts run: `node -- scripts/run.mjs <cli> [args…]`.
// Rebuilds dist/ first when any bundled source changed since it was built (a few hundred ms),
// then runs the compiled CLI with the remaining arguments.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, ENTRIES, build, fresh } from './build.mjs';

const [cli, ...args] = process.argv.slice(2);
if (!(cli in ENTRIES)) {
  process.stderr.write(`run.mjs: unknown CLI ${cli}; one of ${Object.keys(ENTRIES).join(', ')}\n`);
  process.exit(2);
}
if (!fresh()) await build();
process.argv = [process.argv[0], path.join(DIST, `${cli}.js`), ...args];
await import(pathToFileURL(path.join(DIST, `${cli}.js`)).href);
