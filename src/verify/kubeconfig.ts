import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

/** A kubeconfig that cannot be used as given: a usage mistake (exit 2), one line with its fix. */
export class KubeconfigError extends Error {}

export interface KubeconfigOptions {
  /** --kubeconfig; unset: $KUBECONFIG (its list merged, as kubectl does), else ~/.kube/config. */
  readonly file?: string;
  /** --context; unset: the kubeconfig's current-context. */
  readonly context?: string;
}

/**
 * The kubeconfig through @kubernetes/client-node's KubeConfig, so tokens, client certificates,
 * exec plugins and OIDC users work as they do for kubectl. Unlike loadFromDefault alone, no
 * kubeconfig at all is an error here, not a silent fall-back to http://localhost:8080.
 */
export function loadKubeconfig(options: KubeconfigOptions, env: NodeJS.ProcessEnv = process.env): KubeConfig {
  const kc = new KubeConfig();
  const home = path.join(env.HOME ?? os.homedir(), '.kube', 'config');
  const source = options.file ?? (env.KUBECONFIG ? `$KUBECONFIG (${env.KUBECONFIG})` : home);
  try {
    if (options.file !== undefined) {
      if (!fs.existsSync(options.file)) throw new KubeconfigError(`--kubeconfig ${options.file}: no such file; pass the inspector's kubeconfig the runbook wrote`);
      kc.loadFromFile(options.file);
    } else if (env.KUBECONFIG || fs.existsSync(home)) {
      kc.loadFromDefault();
    } else {
      throw new KubeconfigError(`no kubeconfig: neither --kubeconfig nor $KUBECONFIG is set and ${home} does not exist; pass --kubeconfig <the inspector's kubeconfig>`);
    }
  } catch (error) {
    if (error instanceof KubeconfigError) throw error;
    throw new KubeconfigError(`${source} is not a readable kubeconfig: ${(error as Error).message.split('\n')[0]}`);
  }
  if (options.context !== undefined) {
    const names = kc.getContexts().map((c) => c.name);
    if (!names.includes(options.context)) {
      throw new KubeconfigError(`--context ${options.context}: ${source} has no such context; it has ${names.length === 0 ? 'none' : names.join(', ')}`);
    }
    kc.setCurrentContext(options.context);
  }
  if (kc.getCurrentCluster() === null) {
    throw new KubeconfigError(`${source}: context ${kc.getCurrentContext() || '(none)'} names no cluster; pass --context <name> or fix its current-context`);
  }
  return kc;
}
