import { describe, expect, it } from 'vitest';
import { adoptionPlan } from '../../src/infra/adoption';
import { resolve } from '../../src/model/resolve';
import type { K3sEnvironment } from '../../src/model/resolve';
import type { EnvironmentSpec } from '../../src/model/environment';
import { mgmt } from '../fixtures/fleet/mgmt';
import { rendered } from '../fixtures/render';

/**
 * What bpg/proxmox v0.111.1 puts into the state of an imported VM by itself: the importer sets
 * only `id` and `node_name` (proxmoxtf/resource/vm/vm.go:1794-1809), then Read sets each of these
 * to its default when the state has none (vm.go:5631-5644, setDefaultIfNotExists :4347-4356; the
 * defaults :47-48, :109, :130-137, :146-148). Every other attribute Read takes from the live VM,
 * which the environment describes (`infrastructure.adopt.vms`). Not provable here: no Proxmox host.
 */
const FILLED_BY_READ: Readonly<Record<string, unknown>> = {
  migrate: false,
  timeout_clone: 1800,
  timeout_create: 1800,
  timeout_migrate: 1800,
  timeout_reboot: 1800,
  timeout_shutdown_vm: 1800,
  timeout_start_vm: 1800,
  timeout_stop_vm: 300,
  timeout_move_disk: 1800,
  stop_on_destroy: false,
  purge_on_destroy: true,
  delete_unreferenced_disks_on_destroy: true,
  reboot_after_update: true,
  reboot: false,
};

/** The attributes of an imported VM whose configured value differs from what import and Read left in the state. */
function changedOnFirstPlan(spec: EnvironmentSpec, node: string): string[] {
  const tf = JSON.parse(rendered(spec).text('terraform/cdk.tf.json'));
  const block = tf.resource.proxmox_virtual_environment_vm.node;
  const each = tf.locals.nodes_by_name[node];
  const value = (v: unknown) => (typeof v === 'string' && v.startsWith('${each.value.') ? each[v.slice('${each.value.'.length, -1)] : v);
  return Object.entries(FILLED_BY_READ).filter(([attribute, filled]) => attribute in block && value(block[attribute]) !== filled).map(([a]) => a);
}

describe('adoptionPlan', () => {
  it("expects mgmt's first plan to change nothing, and the configuration agrees: no attribute import and Read fill by themselves is configured otherwise", () => {
    expect(adoptionPlan(resolve(mgmt as EnvironmentSpec) as K3sEnvironment).expect).toBe('import=1,add=2,change=0,destroy=0');
    expect(changedOnFirstPlan(mgmt as EnvironmentSpec, 'lab-mgmt')).toEqual([]);
  });
});
