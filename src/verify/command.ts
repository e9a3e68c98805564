import fs from 'node:fs';
import path from 'node:path';
import { resolve } from '../model/resolve';
import type { EnvironmentSpec } from '../model/environment';
import { checkSpec, didYouMean, specName } from '../model/spec-check';
import { treeDir } from '../tree/paths';
import { readEnvironmentTree } from '../validate/tree-objects';
import { refuseWritableCredentials, WritableCredentials } from './access-review';
import { ClusterUnreadable, serverOf } from './api-request';
import { CHECKS, verifyReads } from './checks';
import { inspectorFix } from '../model/inspector-account';
import { KubeconfigError, loadKubeconfig } from './kubeconfig';
import { readSnapshot } from './live-reader';
import { buildReport, EXIT, exitCode, renderJson, renderText, unreadableReport } from './report';
import type { VerifyReport } from './report';
import { expectedRevision, RevisionError } from './revision';
import type { VerifyCheck } from './types';

export interface VerifyOptions {
  /** The fleet repository: clusters/<env>/ and its git history. */
  readonly root: string;
  readonly environments: readonly unknown[];
  readonly env: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  readonly revision?: string;
  /** @default 'text' */
  readonly format?: 'text' | 'json';
  /** @default every check (src/verify/checks/index.ts) */
  readonly checks?: readonly VerifyCheck[];
}

export interface VerifyResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}


const usage = (message: string): VerifyResult => ({ stdout: '', stderr: `${message}\n`, exitCode: EXIT.usage });

/**
 * `verify --env <env>`: reads the committed tree and the model, asks the API server whether the
 * credentials are read-only, lists what the checks read, and prints one line per comparison.
 */
export async function verifyCommand(options: VerifyOptions): Promise<VerifyResult> {
  const names = options.environments.map(specName);
  const spec = options.environments[names.indexOf(options.env)];
  if (spec === undefined) {
    const guess = didYouMean(options.env, names);
    return usage(`--env ${options.env}: no such environment; the fleet has ${names.join(', ')}${guess ? `; did you mean ${guess}?` : ''}`);
  }
  const errors = checkSpec(spec).filter((v) => v.severity === 'error');
  if (errors.length > 0) return { stdout: '', stderr: `${options.env} does not pass its checks (${errors.length} error(s)): run npm run check first\n`, exitCode: 1 };
  if (!fs.existsSync(path.join(options.root, treeDir(options.env)))) {
    return usage(`${treeDir(options.env)} does not exist under ${options.root}: run npm run synth and commit, or pass --root <the fleet repository>`);
  }
  const env = resolve(spec as EnvironmentSpec, options.environments);
  const tree = readEnvironmentTree(options.root, options.env);
  const checks = options.checks ?? CHECKS;
  const render = (report: VerifyReport) => (options.format === 'json' ? renderJson(report) : renderText(report));
  let server = '(unknown)';
  try {
    const revision = expectedRevision({ root: options.root, env: options.env, revision: options.revision });
    const kc = loadKubeconfig({ file: options.kubeconfig, context: options.context });
    server = serverOf(kc);
    await refuseWritableCredentials(kc, inspectorFix(env));
    const live = await readSnapshot(kc, verifyReads(env, checks));
    const report = buildReport(options.env, server, checks.flatMap((c) => c.run({ env, tree, revision, live })));
    return { stdout: render(report), stderr: '', exitCode: exitCode(report) };
  } catch (error) {
    if (error instanceof KubeconfigError || error instanceof RevisionError || error instanceof WritableCredentials) return usage(error.message);
    if (!(error instanceof ClusterUnreadable)) throw error;
    const report = unreadableReport(options.env, server, error.message);
    return { stdout: options.format === 'json' ? renderJson(report) : '', stderr: `${error.message}\n`, exitCode: EXIT.unreadable };
  }
}
