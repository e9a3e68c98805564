#!/usr/bin/env -S node --
// `node --`: Node 20 reads `--env-file` anywhere on its command line, even after the script (secrets set takes one).
import { didYouMean } from '../model/spec-check';
import { TOOL_NAME, toolVersion } from '../synth/tool-version';
import { binUsage } from '../command-line/command-help';

// The one bin, `k3s-gitops-synth <command> [options]`: it picks the command's module and hands it
// the rest of the line. Each module is loaded only when its command runs (a chunk of the bundle),
// so `--help` or `check` loads nothing of review's or init's.

const USAGE = binUsage();

/** Each command's module; synth, check and diff share one (it reads the command itself). */
const COMMANDS: Record<string, { load: () => Promise<unknown>; keepsName: boolean }> = {
  synth: { load: () => import('./synth'), keepsName: true },
  check: { load: () => import('./synth'), keepsName: true },
  diff: { load: () => import('./synth'), keepsName: true },
  validate: { load: () => import('../validate/main'), keepsName: false },
  review: { load: () => import('../review/main'), keepsName: false },
  verify: { load: () => import('../verify/main'), keepsName: false },
  secrets: { load: () => import('../secrets/main'), keepsName: false },
  init: { load: () => import('../init/main'), keepsName: false },
  deploy: { load: () => import('./deploy'), keepsName: false },
  // What `cdktf synth`/`cdktf deploy` run as their app (the fleet's cdktf.json): not for people.
  'cdktf-app': { load: () => import('../infra/app'), keepsName: false },
};

const [name, ...rest] = process.argv.slice(2);
if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(`${USAGE}\n`);
  process.exitCode = name === undefined ? 2 : 0;
} else if (name === '--version' || name === '-v') {
  process.stdout.write(`${toolVersion()}\n`);
} else if (!(name in COMMANDS)) {
  const guess = didYouMean(name, Object.keys(COMMANDS));
  const near = guess === undefined ? '' : `; did you mean ${guess}?`;
  process.stderr.write(`${TOOL_NAME}: unknown command ${name}${near}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const command = COMMANDS[name]!;
  // The modules read process.argv as their own command line, as when each was a script.
  process.argv = [process.argv[0]!, process.argv[1]!, ...(command.keepsName ? [name] : []), ...rest];
  await command.load();
}
