/**
 * Placeholders the example environments ship with, so a fresh clone synthesizes. Each one makes
 * every synth warn until it is replaced.
 */

/** The body of the example SSH key in environments/ssh-keys.ts; its private half was discarded. */
export const EXAMPLE_SSH_KEY_BODY = 'AAAAC3NzaC1lZDI1NTE5AAAAIKABBli1KFrxit4mplErN2IKVdpwfM3AFsgMhANf/BhD';

/**
 * The recipient of the published demo identity in `test/fixtures/age/demo.agekey`. The example
 * environments encrypt to it so a fresh clone works; it protects nothing, so every synth warns
 * while an environment uses it and `secrets set` refuses it without `--allow-demo-key`.
 */
export const DEMO_AGE_RECIPIENT = 'age1k9kujfswtzxqaeyckhvw83frth0qczfrxvsyw3ar6xxumdpk59aqj3gjfk';
