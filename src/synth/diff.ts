import { createTwoFilesPatch } from 'diff';
import type { TreeChanges } from './tree';

/** A unified diff of every changed file, as `git diff` would show it, committed tree first. */
export function unifiedDiff(
  changes: Pick<TreeChanges, 'added' | 'changed' | 'removed'>,
  current: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, string>,
  prefix: string,
): string {
  const paths = [...changes.added, ...changes.changed, ...changes.removed].sort();
  return paths
    .map((p) => {
      const before = current.get(p);
      const after = next.get(p);
      return createTwoFilesPatch(
        before === undefined ? '/dev/null' : `a/${[prefix, p].filter(Boolean).join('/')}`,
        after === undefined ? '/dev/null' : `b/${[prefix, p].filter(Boolean).join('/')}`,
        before ?? '',
        after ?? '',
        undefined,
        undefined,
        { context: 3 },
      );
    })
    .map((patch) => patch.replace(/^=+\n/, ''))
    .join('');
}
