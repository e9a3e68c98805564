export { DEMO_AGE_RECIPIENT } from '../model/placeholders';

/** Where a fleet that encrypts to the demo recipient keeps its (public) identity, relative to the fleet's root. */
export const DEMO_AGE_KEY_FILE = 'secrets/demo.agekey';
