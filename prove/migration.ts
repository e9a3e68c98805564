/**
 * The count → for_each migration exactly as the runbook runs it: the old module's state copied
 * to `.terraform-state/<env>.tfstate`, `deploy --inspect`, then what it proposes (0.9.7 reads no
 * 0.8 state: adopt the running domains from an empty state), through the bin and the review.
 */
import fs from 'node:fs';
import path from 'node:path';
import { statePath } from '../src/infra/state';
import { applyCountEra, countEraModule, countEraNames, countEraUuids } from './count-era';
import { BASE, ENV } from './fleet';
import type { FleetSpec } from './fleet';
import { POOL_DIR, stampDisks } from './host';
import type { Check, ScenarioResult, StepResult } from './report';
import { outcomeOf } from './report';
import { macFor } from '../src/model/resolve';
import { runStep } from './scenario';
import type { Context } from './scenario';

export const MIGRATION = 'count-era migration (0.8.3 state)';

export async function runMigration(ctx: Context): Promise<ScenarioResult> {
  ctx.log(`scenario: ${MIGRATION}`);
  ctx.reset();
  const steps: StepResult[] = [];
  try {
    const nodes = BASE.nodes.map(({ name, ip }) => ({ name, ip }));
    const old = applyCountEra(path.join(ctx.work, 'count-era'), countEraModule(nodes.map((n) => ({ name: n.name, mac: macFor(n.name) })), ctx.image), ctx.tf);
    const disksOf = (n: string) => [countEraNames(n).os, countEraNames(n).data].map((f) => path.join(POOL_DIR, f));
    stampDisks(new Map(nodes.map((n) => [n.name, disksOf(n.name)] as const)));

    // The runbook: the environment lists the old module's order, the old state is copied, --inspect.
    const moving: FleetSpec = { ...BASE, nodes, migrateFromCount: nodes.map((n) => n.name) };
    const base = ctx.fleet.change(moving, `${MIGRATION}: migrateFromCount`);
    ctx.host.place(ctx.fleet.stack());
    const copied = path.resolve(ctx.host.root, `clusters/${ENV}/terraform`, statePath(ENV));
    fs.mkdirSync(path.dirname(copied), { recursive: true });
    fs.copyFileSync(old, copied);
    const inspect = ctx.host.deploy(ctx.fleet.bin, ['--inspect']);
    const uuids = countEraUuids(old);
    const checks: Check[] = [
      { what: 'deploy --inspect stops on the 0.8.3 state (exit 1), before any plan', ok: inspect.status === 1, detail: `exit ${inspect.status}` },
      { what: 'it names state.provider-0.8 for every old domain', ok: nodes.every((n, i) => inspect.output.includes(`libvirt_domain.node[${i}] [state.provider-0.8]`)) },
      { what: "its fix adopts each domain by the UUID the state holds, with migrateFromCount left out", ok: [...uuids.values()].every((u) => inspect.output.includes(u)) && inspect.output.includes('migrateFromCount') },
    ];
    steps.push({ title: 'the old state copied, deploy --inspect', rows: [], checks });

    // Its fix, as it prints it: each domain's adopt.domains entry, read from the old state; an empty state.
    const domains = Object.fromEntries(nodes.map((n) => {
      const entry = new RegExp(`infrastructure\\.adopt\\.domains\\["${n.name}"\\] = (\\{[^}]*\\})`).exec(inspect.output)?.[1];
      return [n.name, entry ? JSON.parse(entry) as unknown : undefined];
    }));
    const files = Object.values(domains).every((d) => typeof d === 'object' && d !== null && 'osDisk' in d && 'dataDisk' in d);
    checks.push({ what: 'the fix gives each domain\'s entry whole (UUID, OS and data disk files), read from the state', ok: files, detail: JSON.stringify(domains).slice(0, 300) });
    if (outcomeOf(steps) === 'failed') return { name: MIGRATION, outcome: 'failed', steps };
    fs.rmSync(copied);
    const adopting: FleetSpec = { ...BASE, nodes, adopt: { domains } };
    steps.push(await runStep(ctx, { title: 'the fix deploy --inspect gave: the domains adopted from an empty state', edit: (s) => s, apply: 'deploy', keepsData: true, mostStopped: 0, runbookGate: true }, base, adopting));
    return { name: MIGRATION, outcome: outcomeOf(steps), steps };
  } catch (error) {
    return { name: MIGRATION, outcome: 'failed', reason: `stopped by an error: ${(error as Error).message.slice(0, 1500)}`, steps };
  }
}
