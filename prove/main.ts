/**
 * `npm run prove [-- --only <scenario>]`: builds the real programs (toolchain.ts), starts a libvirt
 * host (host.ts), scaffolds a fleet through the packed bin (fleet.ts), runs every scenario
 * (scenarios.ts), writes reports/prove.md and prints it. Exit 1 when a scenario fails.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as versions from '../src/versions';
import { packTool } from '../scripts/packed-fleet';
import { scaffoldFleet, ENV } from './fleet';
import { startHost } from './host';
import { HostCopy } from './host-copy';
import { renderReport, summaryLine } from './report';
import type { ScenarioResult } from './report';
import type { Rewrite } from './rewrite';
import { runScenario } from './scenario';
import { SCENARIOS } from './scenarios';
import { NOT_PROVABLE_K8S } from './k8s/half';
import type { KubernetesHalf } from './k8s/half';
import { CLUSTER_SCENARIOS } from './k8s/scenarios';
import { POLICY_SCENARIO } from './policies';
import { CACHE, provideAll, providerMirror } from './toolchain';

const REPORT = path.resolve(import.meta.dirname, '..', 'reports', 'prove.md');

/** What no scenario can show on this machine, said once in every report. */
const NOT_PROVABLE = [
  'anything inside a guest: no OS boots here (a blank stand-in image), so cloud-init, k3s, etcd and the guest-side lines of each runbook procedure (drain, uninstall, join, etcd health) are not run; the procedures\' deploy lines are',
  "a guest's graceful stop: nothing answers libvirt's ACPI shutdown request here (the rewrites above)",
  'Proxmox (bpg/proxmox): no Proxmox host here; its rules stay read from its source at the pinned tag (docs/decisions/0140-the-deploy-gates-what-they-stop-what-they-pass-the-fixes.md)',
];
const log = (line: string) => process.stderr.write(`${line}\n`);

/** Starts k8s/child.ts; resolves with what it wrote, or a failed result per scenario when it died. */
function startKubernetesHalf(work: string, bin: string, scenarios: readonly string[], policies: boolean, keep: boolean): Promise<KubernetesHalf & { rewrites: Rewrite[] }> {
  const out = path.join(work, 'kubernetes-half.json');
  const args = ['--import', 'tsx', path.join(import.meta.dirname, 'k8s', 'child.ts'), '--out', out, '--bin', bin, ...scenarios.flatMap((s) => ['--only', s]), ...(policies ? ['--policies'] : []), ...(keep ? ['--keep'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (fs.existsSync(out)) return resolve(JSON.parse(fs.readFileSync(out, 'utf8')) as KubernetesHalf & { rewrites: Rewrite[] });
      const reason = `the Kubernetes half's process ended (${signal ?? `exit ${code}`}) before it wrote its results: its log is above`;
      resolve({ programs: [], rewrites: [], results: [...scenarios, ...(policies ? [POLICY_SCENARIO] : [])].map((name) => ({ name, outcome: 'failed' as const, reason, steps: [] })) });
    });
  });
}

/**
 * One run per machine: the VM half deletes every domain, pool and network of its names at its
 * start, so a second run would destroy the first one's. A lock beside the binaries, with the pid.
 */
function takeLock(): string | undefined {
  const lock = path.join(CACHE, 'prove.lock');
  fs.mkdirSync(CACHE, { recursive: true });
  try {
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    process.kill(holder, 0);
    if (holder !== process.pid) return `prove: another npm run prove (pid ${holder}) is running on this machine and owns its libvirt pool, networks and domains; wait for it to end, or stop it (kill ${holder})`;
  } catch {
    // No lock, or its process is gone: take it.
  }
  fs.writeFileSync(lock, String(process.pid));
  process.on('exit', () => { try { if (fs.readFileSync(lock, 'utf8') === String(process.pid)) fs.rmSync(lock); } catch { /* gone */ } });
  return undefined;
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string', multiple: true }, keep: { type: 'boolean' } } });
  const only = values.only ?? [];
  const names = [...[...SCENARIOS, ...CLUSTER_SCENARIOS].map((s) => s.name), POLICY_SCENARIO];
  const unknown = only.filter((o) => !names.includes(o));
  if (unknown.length > 0) {
    log(`prove: no scenario ${unknown.map((u) => JSON.stringify(u)).join(', ')}; the scenarios are ${names.map((n) => JSON.stringify(n)).join(', ')}`);
    return 2;
  }
  const refused = takeLock();
  if (refused) {
    log(refused);
    return 2;
  }
  const programs = provideAll(log);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'k3s-prove-'));
  // The Kubernetes half runs beside the VM half, in a process of its own (k8s/child.ts).
  const clusterChosen = CLUSTER_SCENARIOS.filter((s) => only.length === 0 || only.includes(s.name));
  const policies = only.length === 0 || only.includes(POLICY_SCENARIO);
  log('packing the tool, as a user installs it …');
  const { bin } = packTool(work);
  const k8s = clusterChosen.length > 0 || policies ? startKubernetesHalf(work, bin, clusterChosen.map((s) => s.name), policies, values.keep === true) : undefined;
  const results: ScenarioResult[] = [];
  const rewrites: Rewrite[] = [];
  let hostNotes: readonly string[] = [];
  const chosen = SCENARIOS.filter((s) => only.length === 0 || only.includes(s.name));
  if (chosen.length === 0) {
    // Only Kubernetes scenarios were asked for: no libvirt host.
  } else if (!programs.tofu.file || !programs.libvirt.file) {
    // Every scenario plans the generated stack, which needs both: none can run, and each says why.
    const missing = [programs.tofu, programs.libvirt].filter((p) => !p.file).map((p) => `${p.name} ${p.version}: ${p.source}`).join('; ');
    for (const s of chosen) results.push({ name: s.name, outcome: 'not provable here', reason: `no binary of ${missing}`, steps: [] });
  } else {
    const host = startHost(log);
    hostNotes = host.notes;
    try {
      const home = path.join(work, 'home');
      fs.mkdirSync(home, { recursive: true });
      const image = path.join(work, 'stand-in.qcow2');
      execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', image, '1G']);
      const sha256 = execFileSync('sha256sum', [image], { encoding: 'utf8' }).split(' ')[0]!;
      const cliConfig = providerMirror(work, [
        { source: versions.terraformProviders.libvirt.source, version: versions.terraformProviders.libvirt.version, file: programs.libvirt.file },
        ...(programs.legacy.file ? [{ source: versions.terraformProviders.libvirt.source, version: versions.provingGround.libvirtLegacy.version, file: programs.legacy.file }] : []),
      ]);
      const fleet = scaffoldFleet(work, bin, log);
      const initCommit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: fleet.dir, encoding: 'utf8' }).trim();
      const copy = new HostCopy(work, ENV, { tofu: programs.tofu.file, cliConfig, home }, { image: { path: image, sha256 }, updateShutdownSeconds: 1 });
      const reset = () => {
        host.wipe('prove-');
        copy.reset();
      };
      const tf = { tofu: programs.tofu.file, cliConfig, home };
      for (const scenario of chosen) {
        // The count era needs the 0.8.3 provider too.
        if (scenario.run && !programs.legacy.file) {
          results.push({ name: scenario.name, outcome: 'not provable here', reason: `no binary of ${programs.legacy.name} ${programs.legacy.version}: ${programs.legacy.source}`, steps: [] });
          continue;
        }
        results.push(await runScenario({ fleet, host: copy, initCommit, reset, log, rewrites, work, image, tf }, scenario));
      }
    } finally {
      if (!values.keep) host.stop();
    }
  }
  const half = k8s ? await k8s : { programs: [], results: [], rewrites: [] };
  results.push(...half.results);
  rewrites.push(...half.rewrites);
  const report = renderReport({ programs: [programs.tofu, programs.libvirt, programs.legacy, ...half.programs], rewrites, host: hostNotes, results, notProvable: [...NOT_PROVABLE, ...NOT_PROVABLE_K8S] });
  fs.mkdirSync(path.dirname(REPORT), { recursive: true });
  fs.writeFileSync(REPORT, report);
  process.stdout.write(report);
  log(`prove: report written to ${path.relative(process.cwd(), REPORT)}; binaries cached in ${CACHE}`);
  if (!values.keep) fs.rmSync(work, { recursive: true, force: true });
  else log(`prove: kept ${work}`);
  log(summaryLine(results));
  return results.some((r) => r.outcome === 'failed') ? 1 : 0;
}

process.exitCode = await main();
