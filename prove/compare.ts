/**
 * The review's prediction against a real plan, address by address. The review speaks in its own
 * actions (src/review/terraform.ts TfAction); a plan in Terraform's (`tofu show -json`
 * resource_changes[].change.actions). Each pair below is what makes a sentence of the review true.
 */

type Json = Record<string, any>;

/** What the real plan does to one instance, in the review's words. */
export type RealAction = 'create' | 'import' | 'update' | 'replace' | 'destroy' | 'move' | 'no-op';

export interface RealChange {
  readonly address: string;
  readonly action: RealAction;
  readonly previousAddress?: string;
  /** Terraform's reason for a replacement (replace_because_cannot_update, replace_by_triggers, …). */
  readonly reason?: string;
}

/** The real plan's managed resources by address; data sources and outputs are left out. */
export function realChanges(plan: Json): RealChange[] {
  const changes = (plan.resource_changes ?? []) as Json[];
  return changes
    .filter((c) => c.mode !== 'data')
    .map((c): RealChange => {
      const actions = (c.change?.actions ?? []) as string[];
      const importing = c.change?.importing !== undefined;
      const previous = typeof c.previous_address === 'string' ? c.previous_address : undefined;
      const action: RealAction = actions.includes('delete') && actions.includes('create') ? 'replace'
        : actions.includes('delete') ? 'destroy'
          : actions.includes('create') ? 'create'
            : actions.includes('update') ? 'update'
              : importing ? 'import'
                : previous ? 'move' : 'no-op';
      return { address: c.address as string, action, ...(previous && { previousAddress: previous }), ...(c.action_reason && { reason: c.action_reason as string }) };
    })
    .sort((a, b) => (a.address < b.address ? -1 : 1));
}

/** One row of a scenario's table: the review's word, the plan's, and whether they agree. */
export interface Row {
  readonly address: string;
  readonly predicted: string;
  /** The real program's outcome: a plan's action, or what a controller showed. */
  readonly real: string;
  readonly agrees: boolean;
  readonly note?: string;
}

export interface Predicted {
  readonly address: string;
  readonly action: string;
  readonly reason?: string;
}

/**
 * Which real outcomes each predicted action stands for. `fails` is an update the provider cannot
 * make (the plan shows an update, the apply fails); `blocked` is a plan Terraform refuses
 * (prevent_destroy); an import the plan also updates is still the import the review announced.
 */
const AGREES: Record<string, readonly (RealAction | 'plan refused')[]> = {
  create: ['create'],
  import: ['import'],
  update: ['update'],
  replace: ['replace'],
  destroy: ['destroy'],
  move: ['move'],
  'no-op': ['no-op'],
  fails: ['update'],
  blocked: ['plan refused'],
};

/**
 * Every address either side names, compared. A plan Terraform refused has no resource changes:
 * `refused` lists the addresses its errors name, and every other address is then unknown.
 */
export function compare(predicted: readonly Predicted[], real: readonly RealChange[] | { refused: readonly string[] }): Row[] {
  const said = new Map(predicted.map((p) => [p.address, p]));
  if (!Array.isArray(real)) {
    const refused = new Set((real as { refused: readonly string[] }).refused);
    const addresses = [...new Set([...said.keys(), ...refused])].sort();
    return addresses.map((address) => {
      const p = said.get(address)?.action ?? 'no-op';
      const r = refused.has(address) ? 'plan refused' as const : 'no-op' as const;
      return { address, predicted: p, real: r, agrees: r === 'plan refused' ? p === 'blocked' : p !== 'blocked', ...(r === 'no-op' && p !== 'blocked' && { note: 'not planned: Terraform refused the plan' }) };
    });
  }
  const byAddress = new Map((real as readonly RealChange[]).map((r) => [r.address, r]));
  const addresses = [...new Set([...said.keys(), ...byAddress.keys()])].sort();
  return addresses.map((address) => {
    const p = said.get(address)?.action ?? 'no-op';
    const r = byAddress.get(address)?.action ?? 'no-op';
    const agrees = (AGREES[p] ?? []).includes(r);
    const why = byAddress.get(address)?.reason;
    return { address, predicted: p, real: r, agrees, ...(why && { note: why }) };
  });
}

/** The addresses a refused plan's errors name (`Resource instance X has prevent_destroy set`). */
export function refusedAddresses(output: string): string[] {
  const found = new Set<string>();
  for (const m of output.matchAll(/Resource instance (\S+) has lifecycle\.prevent_destroy set|Resource instance (\S+) has prevent_destroy set/g)) found.add((m[1] ?? m[2])!);
  return [...found].sort();
}
