/**
 * Every later occurrence of a key already seen, with the first holder: the one helper behind
 * every "declared twice" rule, so each reports the second place and names the first.
 */
export function duplicates<T>(items: readonly T[], key: (item: T) => string): { item: T; index: number; first: T }[] {
  const seen = new Map<string, T>();
  const found: { item: T; index: number; first: T }[] = [];
  items.forEach((item, index) => {
    const first = seen.get(key(item));
    if (first === undefined) seen.set(key(item), item);
    else found.push({ item, index, first });
  });
  return found;
}

/** The names a fix proposes, each once, in their first order: a list a user copies must hold no duplicate. */
export const distinct = (names: readonly string[]): string[] => [...new Set(names)];
