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
 * kubectl's merge of a KUBECONFIG list (its "config" docs, merging rules): the first file that
 * names a cluster, user or context wins, and so does the first current-context. client-node's own
 * merge refuses a name two files share instead.
 */
function mergeFiles(kc: KubeConfig, files: readonly string[]): void {
  const loaded = files.map((file) => {
    const one = new KubeConfig();
    one.loadFromFile(file);
    return one;
  });
  const first = <T extends { name: string }>(lists: T[][]) => [...new Map(lists.flat().reverse().map((e) => [e.name, e])).values()].reverse();
  kc.loadFromOptions({
    clusters: first(loaded.map((k) => k.getClusters())),
    users: first(loaded.map((k) => k.getUsers())),
    contexts: first(loaded.map((k) => k.getContexts())),
    currentContext: loaded.map((k) => k.getCurrentContext()).find((c) => c !== '' && c !== undefined) ?? '',
  });
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
    } else if (env.KUBECONFIG) {
      // As kubectl: a list, its files merged, the first to name an entry winning; files that do not exist are skipped.
      const files = env.KUBECONFIG.split(path.delimiter).filter((f) => f !== '' && fs.existsSync(f));
      if (files.length === 0) throw new KubeconfigError(`$KUBECONFIG (${env.KUBECONFIG}): none of its files exists; pass --kubeconfig <the inspector's kubeconfig>`);
      mergeFiles(kc, files);
    } else if (fs.existsSync(home)) {
      kc.loadFromFile(home);
    } else {
      throw new KubeconfigError(`no kubeconfig: neither --kubeconfig nor $KUBECONFIG is set and ${home} does not exist; pass --kubeconfig <the inspector's kubeconfig>`);
    }
  } catch (error) {
    if (error instanceof KubeconfigError) throw error;
    // client-node dereferences what an empty or non-mapping file lacks: say what the file lacks instead.
    const reason = error instanceof TypeError ? 'it holds no clusters, users and contexts' : (error as Error).message.split('\n')[0];
    throw new KubeconfigError(`${source} is not a readable kubeconfig: ${reason}`);
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
