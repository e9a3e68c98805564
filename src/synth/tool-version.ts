import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../repo-root';

/** The package's name: the bin, and what a fleet's package.json depends on. */
export const TOOL_NAME = 'k3s-gitops-synth';

let cached: string | undefined;

/** The running tool's version, from its own package.json (the installed package's, or this repository's). */
export function toolVersion(): string {
  cached ??= (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  return cached;
}

/** `k3s-gitops-synth 0.2.0`: how a tree records who wrote it. */
export const toolStamp = (version: string = toolVersion()) => `${TOOL_NAME} ${version}`;
