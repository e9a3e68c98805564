/**
 * kubectl against one of the proving ground's API servers, by its admin kubeconfig. Server-side
 * apply with the harness's own field manager, so nothing the harness applies is mistaken for
 * Flux's (kustomize-controller's manager is `kustomize-controller`).
 */
import { spawnSync } from 'node:child_process';

type Json = Record<string, any>;

export interface Kubectl {
  readonly kubeconfig: string;
  /** Runs kubectl; throws with its stderr when it fails. */
  run(args: readonly string[], input?: string): string;
  /** Runs kubectl; returns the exit status and output without throwing. */
  try(args: readonly string[], input?: string): { status: number; stdout: string; stderr: string };
  apply(yaml: string): void;
  json(args: readonly string[]): Json;
}

/** `binary` is the kubectl of the cluster's Kubernetes release (toolchain.ts builds it). */
export function kubectl(binary: string, kubeconfig: string): Kubectl {
  const attempt = (args: readonly string[], input?: string) => {
    const r = spawnSync(binary, ['--kubeconfig', kubeconfig, ...args], { input, encoding: 'utf8', maxBuffer: 1 << 28 });
    return { status: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? r.error?.message ?? '' };
  };
  const run = (args: readonly string[], input?: string) => {
    const r = attempt(args, input);
    if (r.status !== 0) throw new Error(`kubectl ${args.join(' ')}: ${r.stderr.trim() || `exit ${r.status}`}`);
    return r.stdout;
  };
  return {
    kubeconfig,
    run,
    try: attempt,
    apply: (yaml) => void run(['apply', '--server-side', '--field-manager=prove', '--force-conflicts', '-f', '-'], yaml),
    json: (args) => JSON.parse(run([...args, '-o', 'json'])) as Json,
  };
}
