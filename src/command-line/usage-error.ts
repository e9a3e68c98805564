/** A mistake on a command's line (an option's value, an unknown name): one line, exit 2, never a stack. */
export class UsageError extends Error {}
