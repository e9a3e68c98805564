export { DEMO_AGE_RECIPIENT } from '../examples';

/** Where the demo identity is committed, relative to the repository root. */
export const DEMO_AGE_KEY_FILE = 'test/fixtures/age/demo.agekey';
