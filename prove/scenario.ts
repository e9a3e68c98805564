/**
 * One scenario: day 0 from an empty state, then each edit of the environment as a user makes it
 * (synth, commit, review), the review's prediction compared with the real plan, the change
 * applied through `deploy` the way the review and the runbook say, and what must hold after.
 */
import { DOMAIN_ID_ERROR } from '../src/review/replacement-rules';
import { compare } from './compare';
import type { Predicted, RealChange, Row } from './compare';
import type { Fleet, FleetSpec } from './fleet';
import { domainUuids, holdsMarker, inodeOf, mostStoppedAtOnce, stampDisks, volumeDigests, watchLifecycle } from './host';
import type { HostCopy } from './host-copy';
import type { Check, ScenarioResult, StepResult } from './report';
import { outcomeOf } from './report';
import type { Rewrite } from './rewrite';

/** How a step's change is applied. */
export type Apply =
  /** `deploy --expect` with the counts the review predicts: applied only when the real plan has them. */
  | 'deploy'
  /** The runbook's one-server-at-a-time procedure: its `deploy -- -target=…` lines in order. */
  | 'rolling'
  /** The review says the apply fails: `deploy --expect` with its counts, then the apply must fail. */
  | 'fails'
  /** Nothing is applied (the review says the plan is refused, or there is nothing to apply). */
  | 'none';

export interface Step {
  readonly title: string;
  readonly edit: (spec: FleetSpec) => FleetSpec;
  readonly apply: Apply;
  /** The data disks are the same files with the same bytes afterwards (the review calls the change safe for data). */
  readonly keepsData?: boolean;
  /** At most this many domains stopped at one moment while the change is applied. */
  readonly mostStopped?: number;
  /** The runbook section whose deploy lines a `rolling` step runs (default: the VM change section). */
  readonly section?: string;
  /** Apply with the runbook's own gate (its cold build's `deploy --expect`), which must be the review's counts. */
  readonly runbookGate?: boolean;
  /** Servers the procedure rebuilds: a new domain (new UUID) on a new OS disk, the data disk kept. */
  readonly rebuilds?: readonly string[];
}

export interface Scenario {
  readonly name: string;
  readonly start: FleetSpec;
  /** What exists on the host before day 0 (domains made by hand), and the start spec that records it. */
  readonly prepare?: (start: FleetSpec) => FleetSpec;
  /** Day 0's own title and checks, where it is more than a first apply. */
  readonly day0?: Partial<Step>;
  readonly steps: readonly Step[];
  /** A scenario whose flow is not day 0 then steps (the migration). */
  readonly run?: (ctx: Context) => Promise<ScenarioResult>;
}

export interface Context {
  readonly fleet: Fleet;
  readonly host: HostCopy;
  /** The fleet's first commit, before any tree: day 0's base. */
  readonly initCommit: string;
  readonly reset: () => void;
  readonly log: (line: string) => void;
  readonly rewrites: Rewrite[];
  readonly work: string;
  /** The stand-in cloud image. */
  readonly image: string;
  readonly tf: { readonly tofu: string; readonly cliConfig: string; readonly home: string };
}



/** deploy --expect's counts for what the review predicts (deploy.ts counts a replacement as an add and a destroy). */
export function expectedCounts(predicted: readonly Predicted[]): string {
  const n = (...actions: string[]) => predicted.filter((p) => actions.includes(p.action)).length;
  return `import=${n('import')},add=${n('create', 'replace')},change=${n('update', 'fails')},destroy=${n('destroy', 'replace')}`;
}

/** A node's data disk: the stack's name, else one an older module or the operator named (`<node>-…data…`). */
const dataFile = (node: string, disks: ReadonlyMap<string, { path: string }>) =>
  (disks.get(`${node}-data.qcow2`) ?? [...disks].find(([name]) => name.startsWith(`${node}-`) && name.includes('data'))?.[1])?.path;
const osFile = (node: string, disks: ReadonlyMap<string, { path: string }>) => disks.get(`${node}-os.qcow2`)?.path;

/** The runbook's per-server deploy lines of a Day 2 section: each `-target` list, in order. */
export function rollingTargets(readme: string, section: string): string[][] {
  const start = readme.indexOf(`\n## ${section}\n`);
  if (start < 0) return [];
  // The next section; lines of the code blocks start with one #, comments of the shell.
  const next = readme.indexOf('\n## ', start + 4);
  const body = readme.slice(start, next < 0 ? undefined : next);
  return [...body.matchAll(/npm run deploy -- \S+ -- ((?:'-(?:target|replace)=[^']+' ?)+)/g)].map((m) => [...m[1]!.matchAll(/'(-(?:target|replace)=[^']+)'/g)].map((t) => t[1]!));
}

/**
 * Whether a deploy that exited non-zero failed only as the review says libvirt 0.9.7 does after
 * restarting a domain (DOMAIN_ID_ERROR): every error the inconsistent .id of a domain the review
 * updates, and that sentence in the review's reason.
 */
export function onlyDomainIdErrors(output: string, predicted: readonly Predicted[]): boolean {
  const text = output.replace(/[│╷╵]/g, ' ').replace(/\s+/g, ' ');
  const errors = text.match(/Error: /g) ?? [];
  const known = [...text.matchAll(/Error: Provider produced inconsistent result after apply When applying changes to (libvirt_domain\.\S+), provider \S+ produced an unexpected new value: \.id: was cty\.NumberIntVal/g)];
  const announced = (address: string) => predicted.some((p) => p.address === address && p.action === 'update' && (p.reason ?? '').includes(DOMAIN_ID_ERROR));
  return errors.length > 0 && errors.length === known.length && known.every((m) => announced(m[1]!.replace(/,$/, '')));
}

export const ROLLING_SECTION = 'A VM change that stops servers (sizing, hardware, a provider setting)';

async function applyStep(ctx: Context, step: Step, predicted: readonly Predicted[], nodes: readonly string[], checks: Check[]): Promise<void> {
  if (step.apply === 'none') return;
  const counts = expectedCounts(predicted);
  if (step.apply === 'rolling') {
    const readme = ctx.fleet.treeFile('bootstrap/README.md');
    const section = step.section ?? ROLLING_SECTION;
    const lines = rollingTargets(readme, section).filter((targets) => targets.some((t) => predicted.some((p) => t === `-target=${p.address}`)));
    // Keyed by node (a serial's key, the image's, is no server).
    const servers = new Set(predicted.map((p) => /\["([^"]+)"\]$/.exec(p.address)?.[1]).filter((n) => n !== undefined && nodes.includes(n)));
    checks.push({ what: `the runbook's "${section}" has one deploy line for each server the change touches`, ok: lines.length > 0 && lines.length === servers.size, detail: `${lines.length} deploy lines, ${servers.size} servers` });
    const { result, events } = await watchLifecycle(async () => lines.map((targets) => ctx.host.deploy(ctx.fleet.bin, ['--', ...targets, '-auto-approve'])));
    const failed = result.filter((r) => r.status !== 0 && !onlyDomainIdErrors(r.output, predicted));
    const announced = result.filter((r) => r.status !== 0).length - failed.length;
    checks.push({ what: `every deploy line of the procedure applies${announced > 0 ? `; ${announced} ended with libvirt 0.9.7's .id error, as the review announces` : ''}`, ok: failed.length === 0, ...(failed[0] && { detail: failed[0].output.slice(-400) }) });
    const { most, at } = mostStoppedAtOnce(events);
    checks.push({ what: `no more than ${step.mostStopped ?? 1} server stopped at once (libvirt's lifecycle events)`, ok: most <= (step.mostStopped ?? 1), detail: `at most ${most}${at ? `: ${at}` : ''}, ${events.length} events` });
    return;
  }
  let gate = counts;
  if (step.runbookGate) {
    const line = /npm run deploy -- \S+ --expect (\S+)\)/.exec(ctx.fleet.treeFile('bootstrap/README.md'))?.[1];
    checks.push({ what: `the runbook's own gate (--expect ${line ?? '(none)'}) is the plan the review predicts (${counts})`, ok: line === counts });
    gate = line ?? counts;
  }
  const { result: run, events } = await watchLifecycle(async () => ctx.host.deploy(ctx.fleet.bin, ['--expect', gate]));
  if (step.apply === 'fails') {
    checks.push({ what: `deploy --expect ${gate} stops or its apply fails, as the review says`, ok: run.status !== 0, detail: run.output.trim().split('\n').filter((l) => /Error|error|expected/.test(l)).slice(0, 2).join(' / ') });
  } else {
    const announced = run.status !== 0 && onlyDomainIdErrors(run.output, predicted);
    checks.push({ what: `deploy --expect ${gate} (${step.runbookGate ? "the runbook's gate" : "the review's counts"}) finds that plan and applies it${announced ? ", ending with libvirt 0.9.7's .id error, as the review announces" : ''}`, ok: run.status === 0 || announced, ...(run.status !== 0 && !announced && { detail: run.output.slice(-600) }) });
  }
  if (step.mostStopped !== undefined) {
    const { most, at } = mostStoppedAtOnce(events);
    checks.push({ what: `no more than ${step.mostStopped} server stopped at once (libvirt's lifecycle events)`, ok: most <= step.mostStopped, detail: `at most ${most}${at ? `: ${at}` : ''}` });
  }
}

/** The plan after the apply: empty, but for what the review says fails again. */
function settled(ctx: Context, predicted: readonly Predicted[], step: Step): Check {
  const again = ctx.host.plan();
  if (!Array.isArray(again.changes)) return { what: 'a second plan changes nothing', ok: false, detail: `refused: ${again.changes.refused.join(', ')}` };
  const left = (again.changes as RealChange[]).filter((c) => c.action !== 'no-op' && !(step.apply === 'fails' && predicted.some((p) => p.address === c.address)));
  return { what: step.apply === 'fails' ? 'a second plan holds only what failed' : 'a second plan changes nothing', ok: left.length === 0, ...(left.length > 0 && { detail: left.map((c) => `${c.action} ${c.address}`).join(', ') }) };
}

export async function runStep(ctx: Context, step: Step, base: string, spec: FleetSpec): Promise<StepResult> {
  ctx.fleet.change(spec, step.title);
  const { vm: predicted } = ctx.fleet.review(base);
  ctx.rewrites.push(...ctx.host.place(ctx.fleet.stack()));
  const plan = ctx.host.plan();
  const rows: Row[] = compare(predicted, plan.changes);
  const checks: Check[] = [];
  const disksBefore = volumeDigests();
  const uuidsBefore = domainUuids();
  const nodes = spec.nodes.map((n) => n.name);
  const inodes = new Map(nodes.map((n) => [n, inodeOf(dataFile(n, disksBefore) ?? '')]));
  if (rows.every((r) => r.agrees)) {
    await applyStep(ctx, step, predicted, nodes, checks);
    if (step.apply !== 'none') checks.push(settled(ctx, predicted, step));
    if (step.keepsData) {
      const after = volumeDigests();
      for (const n of nodes.filter((x) => inodes.get(x) !== undefined)) {
        const file = dataFile(n, after);
        const same = file !== undefined && inodeOf(file) === inodes.get(n) && holdsMarker(file);
        checks.push({ what: `${n}'s data disk is the same file with the marker written before the change`, ok: same });
      }
    }
    const uuidsAfter = domainUuids();
    const disksAfter = volumeDigests();
    for (const n of step.rebuilds ?? []) {
      checks.push({ what: `${n} is rebuilt by the procedure: a new domain (new UUID)`, ok: uuidsAfter.has(n) && uuidsAfter.get(n) !== uuidsBefore.get(n) });
      // A file deleted and made again may get the same inode: the marker written at day 0 tells.
      const os = osFile(n, disksAfter);
      checks.push({ what: `${n} boots a new OS disk (without the marker written into the old one)`, ok: os !== undefined && !holdsMarker(os) });
    }
    for (const n of nodes.filter((x) => !(step.rebuilds ?? []).includes(x))) {
      const action = predicted.find((p) => p.address === `libvirt_domain.node["${n}"]` || p.address === `libvirt_domain.adopted["${n}"]`)?.action ?? 'no-op';
      if (!uuidsBefore.has(n) || step.apply === 'none' || step.apply === 'fails') continue;
      const kept = uuidsAfter.get(n) === uuidsBefore.get(n);
      const expectKept = ['no-op', 'update', 'move', 'import'].includes(action);
      if (['replace', 'no-op', 'update', 'move', 'import'].includes(action)) {
        checks.push({ what: `${n}'s domain is ${expectKept ? 'the same domain (same UUID)' : 'a new domain (new UUID)'}, as the review's ${action} says`, ok: kept === expectKept });
      }
    }
  } else {
    checks.push({ what: 'the change is applied only when the review and the plan agree', ok: false, detail: 'not applied' });
  }
  return { title: step.title, rows, checks };
}

export async function runScenario(ctx: Context, scenario: Scenario): Promise<ScenarioResult> {
  if (scenario.run) return scenario.run(ctx);
  ctx.log(`scenario: ${scenario.name}`);
  ctx.reset();
  const steps: StepResult[] = [];
  try {
    // Day 0: from an empty state, the whole environment, then a plan that must be empty.
    const day0: Step = { title: 'day 0: first apply from an empty state', edit: (s) => s, apply: 'deploy', ...scenario.day0 };
    const start = scenario.prepare ? scenario.prepare(scenario.start) : scenario.start;
    steps.push(await runStep(ctx, day0, ctx.initCommit, start));
    if (outcomeOf(steps) === 'failed') return { name: scenario.name, outcome: 'failed', steps };
    const disks = volumeDigests();
    if (!scenario.prepare) stampDisks(new Map(start.nodes.map((n) => [n.name, [osFile(n.name, disks), dataFile(n.name, disks)].filter((f): f is string => f !== undefined)] as const)));
    let spec = start;
    for (const step of scenario.steps) {
      if (outcomeOf(steps) === 'failed') break;
      const base = ctx.fleet.change(spec, `${scenario.name}: before ${step.title}`);
      const before = spec;
      spec = step.edit(spec);
      ctx.log(`  step: ${step.title}`);
      steps.push(await runStep(ctx, step, base, spec));
      // A change that was not applied is taken back, as an operator reverts the commit: what
      // runs is still the tree before it, and the next change is reviewed against that tree.
      if (step.apply === 'none') spec = before;
    }
    return { name: scenario.name, outcome: outcomeOf(steps), steps };
  } catch (error) {
    return { name: scenario.name, outcome: 'failed', reason: `stopped by an error: ${(error as Error).message.slice(0, 1500)}`, steps };
  }
}
