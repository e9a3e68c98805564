/**
 * The recipient of the published demo identity in `test/fixtures/age/demo.agekey`. The example
 * environments encrypt to it so a fresh clone works; it protects nothing, so every synth warns
 * while an environment uses it and `secrets set` refuses it without `--allow-demo-key`.
 */
export const DEMO_AGE_RECIPIENT = 'age1k9kujfswtzxqaeyckhvw83frth0qczfrxvsyw3ar6xxumdpk59aqj3gjfk';

/** Where the demo identity is committed, relative to the repository root. */
export const DEMO_AGE_KEY_FILE = 'test/fixtures/age/demo.agekey';
