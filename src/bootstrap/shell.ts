// Shell quoting for the generated runbook: every value the model puts into a command line goes
// through one of these, so an address or a path never changes the command's meaning.

/** A word safe to write bare (no expansion, no splitting). */
const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One shell word: bare when nothing in it is special, else single-quoted. */
export function quote(word: string): string {
  return SAFE.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command line for `ssh … <command>`: the remote shell parses it once more. */
export function remote(command: string): string {
  return quote(command);
}
