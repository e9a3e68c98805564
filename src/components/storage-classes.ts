import { K3S_LOCAL_PATH, K3S_LOCAL_STORAGE } from '../model/k3s-packaged';
import type { Environment } from '../model/resolve';
import type { EnabledComponent } from './entry';
import { LONGHORN_STORAGE_CLASS } from './longhorn/chart';

/** The class the platform's claims name: Longhorn's where it runs, else k3s's local-path. */
export const platformClaimClass = (env: Environment): string => (env.longhorn ? LONGHORN_STORAGE_CLASS : K3S_LOCAL_PATH);

/** Whether k3s deploys its local-path provisioner and class here. */
export const deploysLocalPath = (env: Environment): boolean => env.k3s !== undefined && !env.k3s.disable.includes(K3S_LOCAL_STORAGE);

/** Every StorageClass the environment has, with what provides it: the enabled components', then k3s's local-path. */
export function providedClasses(env: Environment, enabled: readonly EnabledComponent[]): Map<string, EnabledComponent | 'k3s'> {
  return new Map<string, EnabledComponent | 'k3s'>([
    ...enabled.flatMap((c) => (c.entry.storageClasses?.(c.config) ?? []).map((name) => [name, c] as const)),
    ...(deploysLocalPath(env) ? [[K3S_LOCAL_PATH, 'k3s'] as const] : []),
  ]);
}
