import { parseYamlDocuments } from './yaml';

// The YAML documents of a rendered tree's files, parsed once for every reader (the rendered
// checks, the overview). Synth hands over the objects each file was just written from, so what it
// rendered is never parsed back. The text is kept beside its documents: a file changed after it
// was read (a test tampering with a tree) is parsed again.
const parsedTrees = new WeakMap<ReadonlyMap<string, string>, Map<string, { text: string; docs: unknown[] }>>();

function cacheOf(files: ReadonlyMap<string, string>): Map<string, { text: string; docs: unknown[] }> {
  let cache = parsedTrees.get(files);
  if (!cache) parsedTrees.set(files, (cache = new Map()));
  return cache;
}

/** Records the documents `files`' file at `path` was written from, in the canonical form it was serialised in. */
export function rememberDocuments(files: ReadonlyMap<string, string>, path: string, docs: readonly unknown[]): void {
  const text = files.get(path);
  if (text !== undefined) cacheOf(files).set(path, { text, docs: [...docs] });
}

/** Every document of one file of a tree (none when it is absent; a JSON file is one), parsed on first use. */
export function treeDocuments(files: ReadonlyMap<string, string>, path: string): readonly unknown[] {
  const text = files.get(path);
  if (text === undefined) return [];
  const cache = cacheOf(files);
  const hit = cache.get(path);
  if (hit?.text === text) return hit.docs;
  // A text a reader parsed already (an encrypted Secret's source, copied into the tree as it is).
  const docs = path.endsWith('.json') ? [JSON.parse(text) as unknown] : (byText.get(text) ?? parseYamlDocuments(text));
  cache.set(path, { text, docs });
  return docs;
}

/**
 * Lends `to` the documents already known for `from`'s files wherever `to` holds the same text (the
 * committed tree beside the one just rendered: an unchanged file is not parsed a second time).
 */
export function shareDocuments(from: ReadonlyMap<string, string>, to: ReadonlyMap<string, string>): void {
  const known = parsedTrees.get(from);
  if (!known) return;
  const cache = cacheOf(to);
  for (const [path, entry] of known) if (to.get(path) === entry.text) cache.set(path, entry);
}

/**
 * The documents of a text, parsed once while the text is seen again: the review reads both trees
 * of every environment, each twice (its diff, the fleet's release owners, its servers' facts), and
 * a change leaves most files' text as it was. Bounded, so a long-lived process (the test workers)
 * keeps no tree it is done with. Readers share the documents: nothing may write to them.
 */
const byText = new Map<string, unknown[]>();
const BY_TEXT_LIMIT = 20_000;

/** Records what `text` parses to, as parseYamlDocuments would return it, for a later reader of the same text. */
export function rememberText(text: string, docs: readonly unknown[]): void {
  if (byText.size >= BY_TEXT_LIMIT) byText.clear();
  byText.set(text, [...docs]);
}

export function textDocuments(text: string): readonly unknown[] {
  let docs = byText.get(text);
  if (docs === undefined) {
    if (byText.size >= BY_TEXT_LIMIT) byText.clear();
    docs = parseYamlDocuments(text);
    byText.set(text, docs);
  }
  return docs;
}
