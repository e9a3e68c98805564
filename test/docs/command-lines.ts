/**
 * The command lines a page of prose shows a user: `npm run <script> …` and `k3s-gitops-synth <command> …`,
 * from its shell blocks and its inline code, each as the script and the words the bin would get.
 */

/** One command a page quotes: where, the line as written, and what runs. */
export interface QuotedLine {
  readonly file: string;
  readonly line: string;
  /** `npm run <script>`'s script, or undefined for the bin called by name. */
  readonly script?: string;
  /** The words after the bin's name (for a script: the ones after npm's `--`). */
  readonly argv: readonly string[];
  /** Inline code that is the script's or the command's bare name (`npm run deploy` needs …): a name, not a line to run. */
  readonly named?: boolean;
}

const SHELL_FENCE = /^```(?:sh|bash|shell|console)?\s*$/;

/** The text of a page's shell blocks, line by line, and its inline code spans (which may wrap). */
function candidates(text: string): { text: string; inline: boolean }[] {
  const lines = text.split('\n');
  const found: { text: string; inline: boolean }[] = [];
  const prose: string[] = [];
  let fence: 'shell' | 'other' | undefined;
  for (const line of lines) {
    // A block inside a list item is indented.
    if (line.trimStart().startsWith('```')) {
      fence = fence ? undefined : SHELL_FENCE.test(line.trimStart()) ? 'shell' : 'other';
      continue;
    }
    if (fence === 'shell') found.push({ text: line, inline: false });
    else if (fence === undefined) prose.push(line);
  }
  for (const span of prose.join(' ').matchAll(/`([^`]+)`/g)) found.push({ text: span[1]!.replace(/\s+/g, ' '), inline: true });
  return found;
}

/** Shell words, quotes removed; undefined for an unquoted `#` (a comment) and what follows. */
function words(segment: string): string[] {
  const out: string[] = [];
  for (const m of segment.matchAll(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g)) {
    const word = m[0];
    if (word.startsWith('#')) break;
    out.push(word.replace(/'([^']*)'|"([^"]*)"/g, '$1$2'));
  }
  return out;
}

/** A line cut into simple commands at `&&`, `||`, `;`, `|` and subshell brackets, each up to its first redirection. */
function commands(line: string): string[][] {
  const withoutComment = line.replace(/(^|\s)#(?![^'"]*['"]).*$/, '');
  return withoutComment
    .split(/&&|\|\||;|\||\(|\)/)
    .map((segment) => {
      const ws = words(segment);
      const redirect = ws.findIndex(isRedirection);
      return redirect === -1 ? ws : ws.slice(0, redirect);
    })
    .filter((ws) => ws.length > 0);
}

/** `<`, `<<<`, `>`, `2>&1`, `>file`; not a placeholder such as `<env>`. */
const isRedirection = (word: string) => /^\d*>/.test(word) || (word.startsWith('<') && !/^<[a-z][^<>]*>/i.test(word));

const isBin = (word: string) => word === 'k3s-gitops-synth' || word.endsWith('/dist/cli.js');

/** Every `npm run …` and bin line the page's text quotes. */
export function quotedLines(file: string, text: string): QuotedLine[] {
  const out: QuotedLine[] = [];
  for (const { text: line, inline } of candidates(text)) {
    for (const ws of commands(line)) {
      const run = ws.findIndex((w, i) => w === 'npm' && ws[i + 1] === 'run');
      if (run !== -1) {
        const rest = ws.slice(run + 2).filter((w, i) => !(i === 0 && (w === '-s' || w === '--silent')));
        const [script, ...after] = rest;
        if (script === undefined || script.startsWith('<')) continue;
        const dashes = after.indexOf('--');
        out.push({ file, line, script, argv: dashes === -1 ? after : after.slice(dashes + 1), named: inline && after.length === 0 });
        continue;
      }
      const bin = ws.findIndex(isBin);
      // The bin's name before a version (`k3s-gitops-synth 0.2.0 → 0.2.1`) or a placeholder is prose, not a line to run.
      if (bin !== -1 && ws[bin + 1] !== undefined && !/^[<\d]/.test(ws[bin + 1]!)) out.push({ file, line, argv: ws.slice(bin + 1), named: inline && ws.length === bin + 2 });
    }
  }
  return out;
}
