/**
 * The copy of the fleet the real programs run against: `clusters/<env>/terraform/cdk.tf.json`
 * rewritten (rewrite.ts), and `.terraform-state/` beside it as `deploy` keeps it. `deploy` runs
 * here through the fleet's bin, exactly as in a fleet; the plans the proving ground reads
 * itself are made the way `deploy` makes them (same working directory and temporary folder).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { providerTmpDir } from '../src/infra/state';
import { refusedAddresses, realChanges } from './compare';
import type { RealChange } from './compare';
import { rewriteStack } from './rewrite';
import type { HostLimits, Rewrite } from './rewrite';

export interface Terraform {
  readonly tofu: string;
  readonly cliConfig: string;
  readonly home: string;
}

export interface Plan {
  /** The real plan's changes, or the addresses Terraform refused the plan for. */
  readonly changes: RealChange[] | { refused: string[] };
  readonly output: string;
}

export class HostCopy {
  readonly root: string;
  private readonly chdir: string;

  constructor(work: string, private readonly env: string, private readonly tf: Terraform, private readonly limits: HostLimits) {
    this.root = path.join(work, 'host');
    this.chdir = `clusters/${env}/terraform`;
  }

  private get environment(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      HOME: this.tf.home,
      TF_CLI_CONFIG_FILE: this.tf.cliConfig,
      PATH: `${path.dirname(this.tf.tofu)}${path.delimiter}${process.env.PATH ?? ''}`,
      TERRAFORM_BINARY_NAME: 'tofu',
      CHECKPOINT_DISABLE: '1',
      TF_IN_AUTOMATION: '1',
      NO_COLOR: '1',
    };
  }

  /** Forgets every state: the next plan starts from nothing. */
  reset(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
    fs.mkdirSync(path.join(this.root, this.chdir), { recursive: true });
  }

  /** The generated stack, rewritten into the copy; returns what was rewritten. */
  place(stack: Record<string, unknown>): Rewrite[] {
    const { stack: copy, rewrites } = rewriteStack(stack, this.limits);
    fs.writeFileSync(path.join(this.root, this.chdir, 'cdk.tf.json'), `${JSON.stringify(copy, null, 2)}\n`);
    return rewrites;
  }

  private tofu(args: readonly string[]) {
    const r = spawnSync(this.tf.tofu, [`-chdir=${this.chdir}`, ...args], {
      cwd: this.root, encoding: 'utf8', maxBuffer: 1 << 28,
      env: { ...this.environment, TMPDIR: providerTmpDir(this.env) },
    });
    return { status: r.status ?? 1, stdout: r.stdout ?? '', output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
  }

  /** `tofu plan -out`, then `show -json` of it: what an apply would do, per address. */
  plan(extra: readonly string[] = []): Plan {
    fs.mkdirSync(path.resolve(this.root, this.chdir, providerTmpDir(this.env)), { recursive: true });
    const init = this.tofu(['init', '-input=false']);
    if (init.status !== 0) throw new Error(`tofu init failed:\n${init.output.slice(-3000)}`);
    const file = 'prove.tfplan';
    const plan = this.tofu(['plan', '-input=false', `-out=${file}`, ...extra]);
    if (plan.status !== 0) {
      const refused = refusedAddresses(plan.output);
      if (refused.length === 0) throw new Error(`tofu plan failed:\n${plan.output.slice(-3000)}`);
      return { changes: { refused }, output: plan.output };
    }
    const shown = this.tofu(['show', '-json', file]);
    fs.rmSync(path.join(this.root, this.chdir, file), { force: true });
    if (shown.status !== 0) throw new Error(`tofu show -json failed:\n${shown.output.slice(-3000)}`);
    return { changes: realChanges(JSON.parse(shown.stdout)), output: plan.output };
  }

  /** The fleet's bin (`k3s-gitops-synth deploy <env> …`), run from the copy's root. */
  deploy(bin: string, args: readonly string[]): { status: number; output: string } {
    const r = spawnSync(bin, ['deploy', this.env, ...args], { cwd: this.root, encoding: 'utf8', maxBuffer: 1 << 28, env: this.environment, stdio: ['ignore', 'pipe', 'pipe'] });
    // Terraform colours its output when it is not told otherwise; the report wants the words.
    return { status: r.status ?? 1, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '') };
  }
}
