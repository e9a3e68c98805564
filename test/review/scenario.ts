import { expect } from 'vitest';
import type { EnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { reviewEnvironment } from '../../src/review/review';
import { reviewMarkdown } from '../../src/review/markdown';

// Each scenario: a base and a head environment, rendered as synth writes them, reviewed. The
// expectations name exactly what changes and exactly which dangers are flagged.

export const tree = (spec: EnvironmentSpec) => renderEnvironment(resolve(spec));
/** The review of a change, its whole Markdown pinned in the snapshot store (the exact summary a reviewer reads). */
export function pinned(r: ReturnType<typeof reviewEnvironment>) {
  expect(reviewMarkdown([r], 'base')).toMatchSnapshot();
  return r;
}
export const reviewOf = (base: EnvironmentSpec, head: EnvironmentSpec) => pinned(reviewEnvironment(head.name, tree(base), tree(head)));
/** VM-layer actions by address. */
export const vm = (r: ReturnType<typeof reviewOf>) => Object.fromEntries(r.vm.map((c) => [c.address, c.action]));
export const codes = (r: ReturnType<typeof reviewOf>) => r.dangers.map((d) => d.code);
