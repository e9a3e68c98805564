/**
 * cdktf 0.21 calls `util.isArray` while it renders a stack, which Node 22 and later report on
 * stderr (DEP0044) the first time: a warning no user of the tool (or of its library) can act on.
 * `fn` runs with that one warning dropped. Node warns of a deprecation once per process, so a
 * later call outside finds it already spent; every other warning prints as Node prints it.
 */
const CDKTF_DEPRECATIONS = new Set(['DEP0044']);

// emitWarning(warning, type, code, ctor) or emitWarning(warning, { type, code, … }).
const codeOf = ([, second, third]: readonly unknown[]): unknown => (typeof second === 'object' && second !== null ? (second as { code?: unknown }).code : third);

export function withoutCdktfDeprecations<T>(fn: () => T): T {
  const emit = process.emitWarning;
  process.emitWarning = ((...args: unknown[]) => {
    if (!CDKTF_DEPRECATIONS.has(String(codeOf(args)))) (emit as (...a: unknown[]) => void).apply(process, args);
  }) as typeof process.emitWarning;
  try {
    return fn();
  } finally {
    process.emitWarning = emit;
  }
}
