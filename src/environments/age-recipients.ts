import { DEMO_AGE_RECIPIENT } from '../secrets/demo';

/**
 * age recipients per environment: who can decrypt its secrets. `npm run secrets -- init <env>`
 * rewrites its line with a freshly generated key; the demo recipient is public (see
 * test/fixtures/age/README.md) and makes every synth warn.
 */
export const ageRecipients = {
  mgmt: [DEMO_AGE_RECIPIENT],
  dev: [DEMO_AGE_RECIPIENT],
  prod: [DEMO_AGE_RECIPIENT],
};
