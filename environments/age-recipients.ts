// The recipient of the public demo identity in secrets/demo.agekey (it protects nothing).
const DEMO_AGE_RECIPIENT = 'age1k9kujfswtzxqaeyckhvw83frth0qczfrxvsyw3ar6xxumdpk59aqj3gjfk';

/**
 * age recipients per environment: who can decrypt its secrets. `npm run secrets -- init <env>`
 * rewrites its line with a freshly generated key; the demo recipient is public (its
 * identity is secrets/demo.agekey) and makes every synth warn.
 */
export const ageRecipients = {
  mgmt: [DEMO_AGE_RECIPIENT],
  dev: [DEMO_AGE_RECIPIENT],
  prod: [DEMO_AGE_RECIPIENT],
  lab1: [DEMO_AGE_RECIPIENT],
};
