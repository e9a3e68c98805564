import { toolStamp } from './tool-version';

/** The file at the top of each environment tree that lists what synth wrote there. */
export const MANIFEST_FILE = 'synth-manifest.txt';

const HEADER = '# Written by npm run synth: the files it owns in this folder. It removes no file that is not listed.\n';
const WRITTEN_BY = '# Written by: ';

/** The manifest of a tree: who wrote it (the tool and its version), then the files it owns. */
export function manifest(paths: readonly string[], writer: string = toolStamp()): string {
  return HEADER + `${WRITTEN_BY}${writer}\n` + [...paths].sort().map((p) => `${p}\n`).join('');
}

/** The paths a manifest lists; none for a tree without one (every file there counts as a person's). */
export function manifestPaths(text: string | undefined): string[] {
  return (text ?? '').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

/** Who wrote a tree (`k3s-gitops-synth 0.1.0`), or undefined for a manifest of a version that did not say. */
export function manifestWriter(text: string | undefined): string | undefined {
  const line = (text ?? '').split('\n').find((l) => l.startsWith(WRITTEN_BY));
  return line?.slice(WRITTEN_BY.length);
}
