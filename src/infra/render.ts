import { Construct } from 'constructs';
import type { TerraformStack } from 'cdktf';
// Imported, not read at run time: dist/ bundles cdktf and needs no node_modules.
import cdktfPackage from 'cdktf/package.json' with { type: 'json' };
import type { Artifact } from '../tree/artifact';
import type { K3sEnvironment } from '../model/resolve';
import { canonical } from '../tree/yaml';
import { LibvirtClusterStack } from './libvirt-stack';
import { ProxmoxVmStack } from './proxmox-stack';
import { withoutCdktfDeprecations } from './cdktf-warnings';
import { disableTokenStackTraces } from './token-stack-traces';

/** cdktf's context key for an App's `stackTraces: false` (cdktf/lib/annotations.js, not exported by the package). */
const DISABLE_STACK_TRACE_IN_METADATA = '@cdktf/disable_stack_trace_in_metadata';

/** What an App records in each stack's metadata; set by hand on the bare root. */
const CDKTF_VERSION = cdktfPackage.version;

export const TERRAFORM_FILE = 'terraform/cdk.tf.json';

/** The environment's VM stack (named after the environment), or undefined on bare metal. */
export function buildStack(app: Construct, env: K3sEnvironment): TerraformStack | undefined {
  const infra = env.infrastructure;
  disableTokenStackTraces();
  switch (infra.kind) {
    case 'libvirt':
      return new LibvirtClusterStack(app, env.name, { env, infra });
    case 'proxmox':
      return new ProxmoxVmStack(app, env.name, { env, infra });
    case 'bare-metal':
      return undefined;
  }
}

/**
 * The stack as Terraform JSON, in memory: no `cdktf synth` process, no terraform binary (moved
 * blocks come from an override, so no version validation runs). Keys sorted for stable diffs.
 */
export function renderTerraform(env: K3sEnvironment): Artifact[] {
  // A bare construct root, not an App: cdktf's App creates its output folder on construction,
  // and rendering in memory must touch no disk.
  const root = new Construct(undefined as unknown as Construct, '');
  root.node.setContext('cdktfVersion', CDKTF_VERSION);
  // What an App does with `stackTraces: false`: no stack trace in each construct's metadata.
  root.node.setContext(DISABLE_STACK_TRACE_IN_METADATA, true);
  const stack = buildStack(root, env);
  if (!stack) return [];
  // prepareStack() would resolve every element once more to find cross-stack references; one
  // stack per environment has none, so only its other step (the backend) is needed.
  stack.ensureBackendExists();
  return [{ path: TERRAFORM_FILE, json: canonical(withoutCdktfDeprecations(() => stack.toTerraform()), false) }];
}
