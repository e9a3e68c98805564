import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runbook } from '../../src/bootstrap/runbook';
import { resolveK3s } from '../fixtures/environments';
import { dev } from '../fixtures/fleet/dev';

// A Day 2 block is pasted whole into a shell: a refusal or a failed line must stop the lines after
// it, and leave the operator's shell open (a subshell with set -euo pipefail).

/** The shell block of a Day 2 section of the rendered runbook. */
function block(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  const fence = markdown.indexOf('```sh\n', start);
  return markdown.slice(fence + 6, markdown.indexOf('\n```', fence));
}

/** Runs a block with kubectl, ssh, curl and timeout (no waiting) replaced by stand-ins that log their arguments; kubectl answers `nodes`. */
function run(script: string, nodes: string): { status: number; calls: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'day-two-'));
  const log = path.join(dir, 'calls');
  for (const tool of ['kubectl', 'ssh', 'curl', 'git', 'npm', 'timeout']) {
    const answer = tool === 'kubectl' ? `case "$*" in "get nodes"*) printf '${nodes}';; esac` : '';
    fs.writeFileSync(path.join(dir, tool), `#!/bin/sh\necho "${tool} $*" >> ${log}\n${answer}\n`, { mode: 0o755 });
  }
  const r = spawnSync('bash', ['-c', script], { env: { ...process.env, PATH: `${dir}:${process.env.PATH}` }, encoding: 'utf8' });
  const calls = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : [];
  fs.rmSync(dir, { recursive: true, force: true });
  return { status: r.status ?? 1, calls };
}

describe('Day 2 blocks of the runbook', () => {
  const markdown = runbook(resolveK3s(dev));

  it('runs each block as one subshell with set -euo pipefail, and says so', () => {
    expect(markdown).toContain('Paste each block whole: it runs in a subshell with `set -euo pipefail`');
    const upgrade = block(markdown, 'Upgrade k3s to the pinned release');
    expect(upgrade.split('\n').slice(0, 2)).toEqual(['(', 'set -euo pipefail']);
    expect(upgrade.split('\n').at(-1)).toBe(')');
  });

  it('fails when a refusal lets the rest run: a node two minors behind stops the upgrade before any drain or install', () => {
    const { status, calls } = run(block(markdown, 'Upgrade k3s to the pinned release'), 'k3s-dev-1 v1.34.2+k3s1\\n');
    expect(status).not.toBe(0);
    expect(calls).toEqual([expect.stringMatching(/^kubectl get nodes/)]);
  });
});
