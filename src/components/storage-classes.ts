import type { Environment } from '../model/resolve';
import type { EnabledComponent } from './entry';
import { LONGHORN_STORAGE_CLASS } from './longhorn/chart';

/**
 * k3s's packaged `local-storage` (the name `disable:` takes: the manifest's base name,
 * pkg/deploy/controller.go shouldDisableFile) and the class it creates, marked default
 * (k3s manifests/local-storage.yaml): a hostPath volume on whichever node the pod first ran.
 */
export const K3S_LOCAL_STORAGE = 'local-storage';
export const K3S_LOCAL_PATH = 'local-path';

/** The class the platform's claims name: Longhorn's where it runs, else k3s's local-path. */
export const platformClaimClass = (env: Environment): string => (env.longhorn ? LONGHORN_STORAGE_CLASS : K3S_LOCAL_PATH);

/** Whether k3s deploys its local-path provisioner and class here. */
export const deploysLocalPath = (env: Environment): boolean => !env.k3s.disable.includes(K3S_LOCAL_STORAGE);

/** Every StorageClass the environment has, with what provides it: the enabled components', then k3s's local-path. */
export function providedClasses(env: Environment, enabled: readonly EnabledComponent[]): Map<string, EnabledComponent | 'k3s'> {
  return new Map<string, EnabledComponent | 'k3s'>([
    ...enabled.flatMap((c) => (c.entry.storageClasses?.(c.config) ?? []).map((name) => [name, c] as const)),
    ...(deploysLocalPath(env) ? [[K3S_LOCAL_PATH, 'k3s'] as const] : []),
  ]);
}
