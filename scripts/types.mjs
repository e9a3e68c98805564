// The API's type declarations for the package (dist/types/, what `exports` points `types` at),
// emitted by the compiler from src/ (tsconfig.build.json). Run by the prepare script (npm pack, npm ci, a git install); skipped
// when dist/types.json says they were emitted from the sources as they are (`npm test`'s
// typecheck, scripts/typecheck.mjs, emits them in the same pass as it checks).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const requireFromRepo = createRequire(path.join(repo, 'package.json'));
export const TYPES = path.join(repo, 'dist/types');
const STAMP = path.join(repo, 'dist/types.json');

/** Everything the declarations follow from: src/, the compiler options, the lock file and the compiler. */
export function typesInputs() {
  const hash = crypto.createHash('sha256');
  const files = fs.readdirSync(path.join(repo, 'src'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
  for (const file of [...files, ...['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map((f) => path.join(repo, f))]) {
    hash.update(path.relative(repo, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  hash.update(JSON.parse(fs.readFileSync(requireFromRepo.resolve('typescript/package.json'), 'utf8')).version);
  return hash.digest('hex');
}

export const typesFresh = () => fs.existsSync(TYPES) && fs.existsSync(STAMP) && JSON.parse(fs.readFileSync(STAMP, 'utf8')).inputs === typesInputs();

export function stampTypes() {
  fs.writeFileSync(STAMP, `${JSON.stringify({ inputs: typesInputs() })}\n`);
}

if (process.argv[1] === import.meta.filename && !typesFresh()) {
  const tsc = requireFromRepo.resolve('typescript/bin/tsc');
  fs.rmSync(TYPES, { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(repo, 'tsconfig.build.json')], { cwd: repo, stdio: 'inherit' });
  stampTypes();
}
