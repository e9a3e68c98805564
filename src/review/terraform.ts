import { instances } from '../infra/stack-instances';
import type { Instance } from '../infra/stack-instances';
import { leaves } from './leaves';
import { effectOf, normalizePath, updateNote } from './replacement-rules';
import type { Effect } from './replacement-rules';

/** What the plan does to one resource instance. */
export type TfAction = 'create' | 'import' | 'update' | 'replace' | 'may-replace' | 'fails' | 'blocked' | 'destroy' | 'move' | 'no-op';

export interface AttributeChange {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
  readonly effect: Effect;
}

export interface TfChange {
  readonly address: string;
  readonly type: string;
  readonly action: TfAction;
  /** Moved from this address (a `moved` block), when it was. */
  readonly movedFrom?: string;
  readonly attributes: readonly AttributeChange[];
  /** Why, in words: the attributes that decide, a trigger, a protection. */
  readonly reason: string;
  /** An update in place that stops the machine to apply (`restarts`), or stores it for the next reboot (`pending`). */
  readonly stops?: 'restarts' | 'pending';
  /** A destroy that was to be a replacement: the change at this address fails before the create. */
  readonly failsAt?: string;
}

type Json = Record<string, any>;

/** `${type.name["key"].attr}` / `${type.name.attr}` references inside a string. */
const REFERENCE = /\$\{([a-z][\w]*\.[\w-]+(?:\["[^"]+"\])?)\.([\w.]+)\}/g;

/**
 * A config with its references to other instances resolved as a plan sees them: an attribute the
 * target sets in its config takes that value; a computed one (a path, an id) stays as written,
 * unless the target is replaced, when it is only known after apply.
 */
function resolveReferences(value: unknown, pool: ReadonlyMap<string, Instance>, replaced: ReadonlySet<string>): unknown {
  if (typeof value === 'string') {
    return value.replace(REFERENCE, (whole, address: string, attribute: string) => {
      const target = pool.get(address);
      const configured = target ? attribute.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Json)[k] : undefined), target.config) : undefined;
      if (configured !== undefined && typeof configured !== 'object') return String(configured);
      return replaced.has(address) ? '(known after apply)' : whole;
    });
  }
  if (Array.isArray(value)) return value.map((v) => resolveReferences(v, pool, replaced));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveReferences(v, pool, replaced)]));
  return value;
}

function attributeChanges(type: string, before: Record<string, unknown>, after: Record<string, unknown>, ignore: readonly string[] | 'all'): AttributeChange[] {
  const a = leaves(before);
  const b = leaves(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)))
    .map((p) => {
      const normal = normalizePath(p);
      // lifecycle.ignore_changes names attributes in HCL form: initialization[0].vendor_data_file_id.
      const ignored = ignore === 'all' || ignore.some((i) => { const n = normalizePath(i.replace(/\[(\d+)\]/g, '.$1')); return normal === n || normal.startsWith(`${n}.`) || normal.startsWith(`${n}[]`); });
      return { path: p, before: a.get(p), after: b.get(p), effect: ignored ? 'ignored' : effectOf(type, normal) };
    });
}

const RANK: Record<Effect, number> = { ignored: 0, update: 1, pending: 2, restart: 3, unknown: 4, fails: 5, replace: 6 };

function actionOf(type: string, changes: readonly AttributeChange[]): { action: TfAction; reason: string; stops?: 'restarts' | 'pending' } {
  const decisive = changes.filter((c) => c.effect !== 'ignored');
  if (decisive.length === 0) return { action: 'no-op', reason: changes.length > 0 ? 'only attributes read at create or ignored' : 'unchanged' };
  const worst = decisive.reduce((w, c) => (RANK[c.effect] > RANK[w.effect] ? c : w));
  const by = (e: Effect) => decisive.filter((c) => c.effect === e).map((c) => c.path).join(', ');
  switch (worst.effect) {
    case 'replace': return { action: 'replace', reason: `${by('replace')} forces replacement` };
    case 'fails': return { action: 'fails', reason: `the provider cannot update ${by('fails')} (Update Not Supported): apply fails` };
    case 'unknown': return { action: 'may-replace', reason: `no replacement rule is known for ${by('unknown')}` };
    case 'restart': return { action: 'update', stops: 'restarts', reason: `${[by('restart'), by('update')].filter(Boolean).join(', ')} updated in place (${updateNote(type) ?? 'the machine restarts'}${type === 'proxmox_virtual_environment_vm' ? `; ${by('restart')} needs a reboot, which the provider makes` : ''})` };
    case 'pending': return { action: 'update', stops: 'pending', reason: `${[by('pending'), by('update')].filter(Boolean).join(', ')} updated in place; ${by('pending')} takes effect at the VM's next reboot (reboot_after_update is off)` };
    default: return { action: 'update', reason: `${by('update')} updated in place${updateNote(type) ? ` (${updateNote(type)})` : ''}` };
  }
}

/**
 * A seed is read at a VM's first boot only: cloud-init finds the same instance-id (the node name,
 * src/infra/cloud-init.ts metaData) on every later boot and applies nothing anew.
 */
export const SEED_NOTE = 'a running VM never reads its seed again (same instance-id): no effect until the node is rebuilt';

/** What an instance may be doing when a trigger replaces it instead (a create is not replaced). */
const REPLACEABLE = new Set<TfAction>(['no-op', 'update', 'move', 'fails', 'may-replace', 'replace']);
/** A trigger's planned changes that replace the instances naming it. */
const TRIGGERS = new Set<string>(['replace', 'update', 'may-replace']);

/** Terraform's own addresses in `replace_triggered_by`: `type.name[each.key]` resolved for one key. */
const triggerAddress = (reference: string, key?: string) => reference.replace(/\[each\.key\]$/, key === undefined ? '' : `["${key}"]`);

/**
 * The plan of going from the base stack to the head stack, per resource instance, as the pinned
 * providers would make it: `moved` blocks followed, `import` blocks shown as imports, protected
 * instances shown as blocking the plan instead of being replaced.
 */
export function planStacks(base: Json | undefined, head: Json | undefined): TfChange[] {
  const before = instances(base);
  const after = instances(head);
  const moved = new Map<string, string>(((head?.moved ?? []) as { from: string; to: string }[]).map((m) => [m.to, m.from]));
  const imported = new Set(((head?.import ?? []) as { to: string }[]).map((i) => i.to));
  const claimed = new Set<string>();

  // Classify, then again with references to replaced instances unknown, until nothing new is replaced.
  const classify = (replaced: ReadonlySet<string>) => {
    claimed.clear();
    const found = new Map<string, TfChange>();
    for (const [address, now] of after) {
      const from = before.has(address) ? address : moved.has(address) && before.has(moved.get(address)!) ? moved.get(address)! : undefined;
      if (from === undefined) {
        found.set(address, { address, type: now.type, action: imported.has(address) ? 'import' : 'create', attributes: [], reason: imported.has(address) ? 'adopted by an import block' : 'new' });
        continue;
      }
      claimed.add(from);
      const ignore = (now.lifecycle.ignore_changes ?? []) as string[] | 'all';
      const was = resolveReferences(before.get(from)!.config, before, new Set()) as Record<string, unknown>;
      const is = resolveReferences(now.config, after, replaced) as Record<string, unknown>;
      // With reboot_after_update off, the provider stores a reboot-needing change for the next reboot.
      const attributes = attributeChanges(now.type, was, is, ignore).map((c) => (c.effect === 'restart' && now.config.reboot_after_update === false ? { ...c, effect: 'pending' as const } : c));
      const { action, reason, stops } = actionOf(now.type, attributes);
      const movedFrom = from === address ? undefined : from;
      found.set(address, { address, type: now.type, action: movedFrom && action === 'no-op' ? 'move' : action, movedFrom, attributes, reason: movedFrom ? `moved from ${from}${action === 'no-op' ? '' : `; ${reason}`}` : reason, ...(stops && { stops }) });
    }
    return found;
  };
  let changes = classify(new Set());
  for (let round = 0; round < 5; round++) {
    const replaced = new Set([...changes.values()].filter((c) => c.action === 'replace' || c.action === 'may-replace').map((c) => c.address));
    const next = classify(replaced);
    const same = [...next].every(([a, c]) => changes.get(a)?.action === c.action);
    changes = next;
    if (same) break;
  }
  // replace_triggered_by: any planned change of a trigger (an update included) replaces the
  // instance that names it, and so on down a chain (a node's image → its OS disk → its domain).
  // A created trigger triggers nothing. A trigger is a dependency:
  // Terraform destroys the instance first, then changes the trigger, then creates the instance;
  // when the trigger's change fails, the apply stops between the two (shown with Terraform
  // 1.11.4, docs/decisions/0139-libvirt-domains-are-never-replaced-for-a-disk-and-stop-by-a.md): the instance is destroyed and nothing creates it again.
  const triggersOf = (address: string) => {
    const now = after.get(address)!;
    return ((now.lifecycle.replace_triggered_by ?? []) as string[]).map((r) => triggerAddress(r, now.key));
  };
  for (let pass = 0, grew = true; grew && pass < 5; pass++) {
    grew = false;
    for (const address of after.keys()) {
      const current = changes.get(address)!;
      if (!REPLACEABLE.has(current.action) || current.action === 'replace') continue;
      const trigger = triggersOf(address).find((t) => TRIGGERS.has(changes.get(t)?.action ?? ''));
      if (!trigger) continue;
      const note = changes.get(trigger)!.type === 'libvirt_cloudinit_disk' ? `; ${SEED_NOTE}` : '';
      const { stops: _stops, ...rest } = current;
      changes.set(address, { ...rest, action: 'replace', reason: `replace_triggered_by ${trigger}, which changes${note}` });
      grew = true;
    }
  }
  // Then any instance whose trigger plans an update the provider refuses (or is cut short
  // itself): its replacement is cut short.
  const cut = new Set<string>();
  for (let pass = 0, grew = true; grew && pass < 5; pass++) {
    grew = false;
    for (const address of after.keys()) {
      const current = changes.get(address)!;
      const failing = triggersOf(address).find((t) => changes.get(t)?.action === 'fails' || cut.has(t));
      if (!REPLACEABLE.has(current.action) || cut.has(address) || !failing) continue;
      cut.add(address);
      const { stops: _stops, ...rest } = current;
      changes.set(address, { ...rest, action: 'destroy', failsAt: failing, reason: `replace_triggered_by ${failing}, whose change fails at apply: Terraform destroys this first, and the apply stops before it is created again` });
      grew = true;
    }
  }
  for (const [address, c] of changes) {
    if (c.type === 'libvirt_cloudinit_disk' && c.action === 'replace') changes.set(address, { ...c, reason: `${c.reason}; ${SEED_NOTE}` });
  }
  // prevent_destroy turns a replacement into a plan that fails: nothing is destroyed.
  for (const [address, now] of after) {
    const current = changes.get(address)!;
    if (now.lifecycle.prevent_destroy === true && (current.action === 'replace' || current.action === 'may-replace' || cut.has(address))) {
      const { failsAt: _failsAt, ...rest } = current;
      changes.set(address, { ...rest, action: 'blocked', reason: `${current.reason}; prevent_destroy makes the plan fail instead` });
    }
  }
  const destroyed = [...before].filter(([address]) => !after.has(address) && !claimed.has(address));
  // prevent_destroy guards instances of a block still in the configuration; a removed block's go.
  const guarded = (address: string) => {
    const [type, name] = address.replace(/\[.*$/, '').split('.');
    return head?.resource?.[type!]?.[name!]?.lifecycle?.prevent_destroy === true;
  };
  return [
    ...[...changes.values()],
    ...destroyed.map(([address, was]): TfChange => ({
      address,
      type: was.type,
      action: guarded(address) ? 'blocked' : 'destroy',
      attributes: [],
      reason: guarded(address) ? 'its key is gone, but prevent_destroy makes the plan fail instead' : 'no longer declared',
    })),
  ]
    .filter((c) => c.action !== 'no-op')
    .sort((x, y) => (x.address < y.address ? -1 : 1));
}

