import { goRegExp } from './go-regexp';

/**
 * ajv's code options for upstream schemas: their patterns are Go regular expressions; and no
 * `optimize` pass. Those passes shorten the code ajv generates, change nothing it accepts or
 * reports, and are about 40 % of compiling schemas/'s large schemas; a validator here checks a few
 * objects per run, so shorter code never repays them.
 */
export const AJV_CODE = { regExp: goRegExp, optimize: false } as const;
