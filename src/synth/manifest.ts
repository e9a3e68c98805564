/** The file at the top of each environment tree that lists what synth wrote there. */
export const MANIFEST_FILE = 'synth-manifest.txt';

const HEADER = '# Written by npm run synth: the files it owns in this folder. It removes no file that is not listed.\n';

export function manifest(paths: readonly string[]): string {
  return HEADER + [...paths].sort().map((p) => `${p}\n`).join('');
}

/** The paths a manifest lists; none for a tree without one (every file there counts as a person's). */
export function manifestPaths(text: string | undefined): string[] {
  return (text ?? '').split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}
