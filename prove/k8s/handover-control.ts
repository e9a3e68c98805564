/**
 * `node --import tsx prove/k8s/handover-control.ts`: the handover scenario once more, with the fix
 * that keeps the workload's own Cilium and flux-operator HelmReleases suspended until the handover
 * undone in the served copy (activateWorkloadReleases). It must fail: each handed release's
 * revisions climb, made in turn by two HelmReleases. Prints the report; reports/prove.md is left alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import { packTool } from '../../scripts/packed-fleet';
import { renderReport, summaryLine } from '../report';
import type { Rewrite } from '../rewrite';
import { MANAGEMENT, handedOver } from './fleets';
import { runKubernetesHalf } from './half';
import { runHandover } from './handover';

const log = (line: string) => process.stderr.write(`${line}\n`);
const rewrites: Rewrite[] = [];
const { bin } = packTool(fs.mkdtempSync(`${os.tmpdir()}/k3s-prove-control-`));
const half = await runKubernetesHalf({
  policies: false,
  bin,
  scenarios: [{ name: 'the workload handover without the fix (control)', shape: MANAGEMENT, steps: [{ title: 'lab1 handed over (infrastructure.handedOver: true)', edit: handedOver }], run: (ctx, s) => runHandover(ctx, s, { withoutFix: true }) }],
  rewrites,
  log,
});
process.stdout.write(renderReport({ programs: half.programs, rewrites, host: [], results: half.results }));
log(summaryLine(half.results));
// The control passes when the scenario fails: the checks see what the fix prevents.
process.exitCode = half.results.every((r) => r.outcome === 'failed') ? 0 : 1;
