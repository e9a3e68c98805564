/**
 * Deprecation warnings a dependency's code raises, which no user of the bin can act on: cdktf
 * 0.21 calls `util.isArray` (DEP0044), which Node 22 and later warn about on stderr every time the
 * VM layer is rendered. Only these codes are dropped; any other warning prints as Node prints it.
 */
const DEPENDENCY_DEPRECATIONS = new Set(['DEP0044']);

const codeOf = (args: readonly unknown[]): unknown => {
  const [, second, third] = args;
  // emitWarning(warning, type, code, ctor) or emitWarning(warning, { type, code, … }).
  return typeof second === 'object' && second !== null ? (second as { code?: unknown }).code : third;
};

export function dropDependencyDeprecations(): void {
  const emit = process.emitWarning.bind(process) as (...args: unknown[]) => void;
  process.emitWarning = ((...args: unknown[]) => {
    if (DEPENDENCY_DEPRECATIONS.has(String(codeOf(args)))) return;
    emit(...args);
  }) as typeof process.emitWarning;
}
