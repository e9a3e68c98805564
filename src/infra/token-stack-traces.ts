// The module itself, not a copy: cdktf is bundled into dist/, and a require() from here would load
// a second cdktf from node_modules whose switch the bundled one never reads.
import stackTrace from 'cdktf/lib/tokens/private/stack-trace.js';

/**
 * cdktf captures a full stack trace (limit lifted, formatted at once) for every token it creates,
 * and reads it only to decorate the message of a token that fails to resolve. That capture was
 * the largest single cost of rendering a stack (about a third of it, more with source maps on), and
 * cdktf 0.21 has no switch for it: its callers look the function up on the module's exports at
 * every call, so replacing the export turns it off for the whole process. A resolution error then
 * reads "created at:" with no frames; the error itself is unchanged.
 */
const exportsObject = stackTrace as unknown as { captureStackTrace: (below?: unknown) => string[] };

/** Idempotent; called before the first stack is built. */
export function disableTokenStackTraces(): void {
  exportsObject.captureStackTrace = () => [];
}
