// `npm run typecheck` (and the first step of `npm test`): the compiler over tsconfig.json, as
// `tsc --noEmit` does, and in the same pass the package's declarations (dist/types/, as
// tsconfig.build.json emits them), so the packing in the suite's set-up does not compile src/
// again (scripts/types.mjs skips when they are fresh). Nothing is emitted while an error stands.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { TYPES, stampTypes } from './types.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } };
const config = ts.getParsedCommandLineOfConfigFile(path.join(repo, 'tsconfig.json'), {}, host);
const build = ts.getParsedCommandLineOfConfigFile(path.join(repo, 'tsconfig.build.json'), {}, host);
// tsconfig.build.json's emit over every file of tsconfig.json: rootDir is the repository (tests and
// scripts are in the program), and only src/'s declarations are written, to where that config puts them.
const options = { ...config.options, ...build.options, rootDir: repo };
const program = ts.createProgram({ rootNames: config.fileNames, options });

const src = path.join(repo, 'src') + path.sep;
const inSrc = (file) => path.resolve(file.fileName).startsWith(src);
const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
for (const file of program.getSourceFiles()) {
  if (program.isSourceFileFromExternalLibrary(file) || file.isDeclarationFile) continue;
  diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file));
  // What only emitting declarations finds (an exported name of an unexportable type): the package's files.
  if (inSrc(file)) diagnostics.push(...program.getDeclarationDiagnostics(file));
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => repo, getNewLine: () => '\n' };
if (diagnostics.length > 0) {
  const pretty = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
  process.stderr.write(pretty(ts.sortAndDeduplicateDiagnostics(diagnostics), formatHost));
  process.exitCode = diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error) ? 2 : 0;
}
if (process.exitCode !== 2) {
  fs.rmSync(TYPES, { recursive: true, force: true });
  for (const file of program.getSourceFiles().filter(inSrc)) {
    const write = (name, text) => {
      const out = path.join(build.options.outDir, path.relative(path.join(build.options.outDir, 'src'), name));
      fs.mkdirSync(path.dirname(out), { recursive: true });
      fs.writeFileSync(out, text);
    };
    const emitted = program.emit(file, write, undefined, true);
    if (emitted.emitSkipped) throw new Error(`no declarations emitted for ${path.relative(repo, file.fileName)}`);
  }
  stampTypes();
}
