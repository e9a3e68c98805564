// k3s's packaged local-path provisioner, which Longhorn replaces where it runs.

/**
 * The packaged component as `disable:` names it: a manifest's base name (k3s pkg/deploy/controller.go
 * shouldDisableFile). Disabling it deletes what k3s applied from it (`delete`: an empty apply owned
 * by its Addon), the class and the provisioner included.
 */
export const K3S_LOCAL_STORAGE = 'local-storage';

/** The class it creates, marked default (k3s manifests/local-storage.yaml): a directory on one node's disk. */
export const K3S_LOCAL_PATH = 'local-path';

/**
 * What `disable:` names among the components k3s packages: DisableItems of k3s
 * pkg/cli/cmds/stage.go (coredns, servicelb, traefik, local-storage, metrics-server; later
 * releases add runtimes, then snapshot-controller), and `ccm`, which the same file's comment says
 * `--disable` accepts undocumented. Beyond these, `--disable` removes any manifest of that base name
 * in the servers' manifests folder (k3s-io/docs docs/installation/packaged-components.md,
 * "Using the --disable flag").
 */
export const K3S_DISABLE_ITEMS = ['coredns', 'servicelb', 'traefik', K3S_LOCAL_STORAGE, 'metrics-server', 'runtimes', 'snapshot-controller', 'ccm'];

/** The manifest the runbook places in the servers' manifests folder with a VIP (bootstrap/kube-vip.yaml). */
export const KUBE_VIP_MANIFEST = 'kube-vip';
