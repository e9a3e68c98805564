// What this repository's npm scripts run: `node -- scripts/run.mjs <command> [args…]`, the bin as a
// fleet runs it (`k3s-gitops-synth <command>`). Rebuilds dist/ first when any bundled source
// changed since it was built (a few hundred ms). For this repository only: an installed package
// ships dist/ built and no src/, and its bin is dist/cli.js itself.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, build, fresh } from './build.mjs';

if (!fresh()) await build();
const bin = path.join(DIST, 'cli.js');
process.argv = [process.argv[0], bin, ...process.argv.slice(2)];
await import(pathToFileURL(bin).href);
