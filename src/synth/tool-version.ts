import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../tree/repo-root';
import { TOOL_NAME } from '../tree/tool-name';

// The name lives in tree/ so that validate/ (kept away from the writer) can name its cache by it.
export { TOOL_NAME };

/** What init and the tree's stamp read of the running tool's package.json. */
export interface ToolPackage {
  readonly version: string;
  readonly peerDependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  /** The Node releases the tool is tested on, which a fleet's package.json repeats. */
  readonly engines: { readonly node: string };
}

let cached: ToolPackage | undefined;

/** The running tool's package.json (the installed package's, or this repository's), read once. */
export function toolPackage(): ToolPackage {
  cached ??= JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as ToolPackage;
  return cached;
}

/** The running tool's version. */
export const toolVersion = (): string => toolPackage().version;

/** `k3s-gitops-synth 0.2.0`: how a tree records who wrote it. */
export const toolStamp = (version: string = toolVersion()) => `${TOOL_NAME} ${version}`;
