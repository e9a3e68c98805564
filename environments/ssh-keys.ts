/**
 * Public SSH keys allowed on the VMs' cloud-init user. Example key (its private half was
 * discarded): replace with your own before building VMs.
 */
export const opsKeys = [
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKABBli1KFrxit4mplErN2IKVdpwfM3AFsgMhANf/BhD ops@home.arpa (example: replace with your key)',
] as const;
