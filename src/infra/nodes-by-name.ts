import { TerraformIterator, TerraformLocal } from 'cdktf';
import type { Construct } from 'constructs';

/**
 * `local.nodes_by_name`, the per-node values keyed by node name, and the iterator every per-node
 * resource uses as its for_each: addresses read `<type>.<name>["<node>"]`, and the map is written
 * once instead of inlined into each resource.
 */
export function nodesByName(scope: Construct, entries: readonly (readonly [string, Record<string, unknown>])[], id = 'nodes_by_name') {
  const local = new TerraformLocal(scope, id, Object.fromEntries(entries));
  return TerraformIterator.fromMap(local.asAnyMap);
}
