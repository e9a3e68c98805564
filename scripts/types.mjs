// The API's type declarations for the package (dist/types/, what `exports` points `types` at),
// emitted by the compiler from src/ (tsconfig.build.json). Run by `npm pack` (prepack).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const tsc = createRequire(path.join(repo, 'package.json')).resolve('typescript/bin/tsc');
fs.rmSync(path.join(repo, 'dist/types'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(repo, 'tsconfig.build.json')], { cwd: repo, stdio: 'inherit' });
