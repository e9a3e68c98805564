/**
 * The proving ground's Kubernetes half: the packed tool's bin, the local Git server, and each
 * scenario on API servers of its own with Flux's controllers (api-server.ts, flux.ts), built at
 * the pinned versions (toolchain.ts). A program that cannot be built makes every scenario "not
 * provable here" with the reason, as in the VM half.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Provenance, ScenarioResult } from '../report';
import type { Rewrite } from '../rewrite';
import { POLICY_SCENARIO, runPolicyScenario } from '../policies';
import { provideKubernetes, provideKyverno } from '../toolchain';
import { startApiServer } from './api-server';
import { startFlux } from './flux';
import { serveGit } from './git-server';
import { runClusterScenario } from './scenario';
import { moduleDir } from '../toolchain';
import type { ClusterScenario } from './scenario';

/** What no Kubernetes scenario can show here, said once in the report. */
export const NOT_PROVABLE_K8S = [
  'anything that needs a running pod or node: no kubelet runs here, so Cilium\'s datapath, the ingress Gateway\'s traffic, Longhorn\'s volumes, the Chainsaw suites\' traffic steps and every chart\'s own workloads are not run; the charts are stand-ins (listed above) and the HelmReleases install them',
];

export interface KubernetesHalf {
  readonly programs: readonly Provenance[];
  readonly results: readonly ScenarioResult[];
}

/**
 * The chosen cluster scenarios, then (with `policies`) Kyverno's verdicts against the synth check
 * (policies.ts), which needs the Kyverno CLI only.
 */
export async function runKubernetesHalf(input: { scenarios: readonly ClusterScenario[]; policies: boolean; bin: string; rewrites: Rewrite[]; log: (line: string) => void; keep?: boolean }): Promise<KubernetesHalf> {
  const { log } = input;
  const programs = input.scenarios.length > 0 ? Object.values(provideKubernetes(log)) : [];
  const kyverno = input.policies ? provideKyverno(log) : undefined;
  const provenance = [...programs, ...(kyverno ? [kyverno] : [])].map(({ name, version, source }) => ({ name, version, source }));
  const missing = programs.filter((p) => !p.file);
  const reason = `no binary of ${missing.map((p) => `${p.name} ${p.version}: ${p.source}`).join('; ')}`;
  const kubectl = programs.find((p) => p.name === 'kubectl')?.file;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'k3s-prove-k8s-'));
  const gitRoot = path.join(work, 'git');
  fs.mkdirSync(gitRoot);
  const git = await serveGit(gitRoot);
  const results: ScenarioResult[] = [];
  try {
    const { bin } = input;
    for (const scenario of input.scenarios) {
      if (missing.length > 0 || !kubectl) {
        results.push({ name: scenario.name, outcome: 'not provable here', reason, steps: [] });
        continue;
      }
      const dir = path.join(work, scenario.shape.env);
      results.push(await (scenario.run ?? runClusterScenario)({
        work,
        bin,
        kubectl,
        log,
        rewrites: input.rewrites,
        git: { root: gitRoot, url: (repo) => git.url(repo) },
        apiServer: (name) => startApiServer({ work: dir, name, log }),
        flux: (api, args) => startFlux(api, { work: dir, log, args }),
        gatewayApiCrds,
      }, scenario));
    }
    if (kyverno) {
      results.push(kyverno.file
        ? await runPolicyScenario({ kyverno: kyverno.file, work: fs.mkdtempSync(path.join(work, 'policies-')), bin, log })
        : { name: POLICY_SCENARIO, outcome: 'not provable here', reason: `no binary of ${kyverno.name} ${kyverno.version}: ${kyverno.source}`, steps: [] });
    }
  } finally {
    await git.stop();
    if (!input.keep) fs.rmSync(work, { recursive: true, force: true });
    else log(`prove: kept ${work}`);
  }
  return { programs: provenance, results };
}

/** The Gateway API's standard CRDs at `tag`, from its Go module (the files the runbook applies before Cilium). */
function gatewayApiCrds(tag: string): string[] {
  const dir = path.join(moduleDir('sigs.k8s.io/gateway-api', tag), 'config', 'crd', 'standard');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').sort().map((f) => path.join(dir, f));
}
