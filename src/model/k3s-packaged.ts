// k3s's packaged local-path provisioner, which Longhorn replaces where it runs.

/**
 * The packaged component as `disable:` names it: a manifest's base name (k3s pkg/deploy/controller.go
 * shouldDisableFile). Disabling it deletes what k3s applied from it (`delete`: an empty apply owned
 * by its Addon), the class and the provisioner included.
 */
export const K3S_LOCAL_STORAGE = 'local-storage';

/** The class it creates, marked default (k3s manifests/local-storage.yaml): a directory on one node's disk. */
export const K3S_LOCAL_PATH = 'local-path';
