/**
 * Placeholders the example environments ship with, so a fresh clone synthesizes. Each one makes
 * every synth warn until it is replaced (the demo age recipient lives in secrets/demo.ts).
 */

/** The body of the example SSH key in src/environments/ssh-keys.ts; its private half was discarded. */
export const EXAMPLE_SSH_KEY_BODY = 'AAAAC3NzaC1lZDI1NTE5AAAAIKABBli1KFrxit4mplErN2IKVdpwfM3AFsgMhANf/BhD';
