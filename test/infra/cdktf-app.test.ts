import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLEET_MODULE, fleetRepo } from '../fixtures/fleet-repo';
import * as versions from '../../src/versions';
import { parseAnswers } from '../../src/init/answers';
import { cdktfJson, packageJson } from '../../src/init/templates/project';

const repo = path.resolve(import.meta.dirname, '../..');

describe('cdktf app (the entry point of cdktf synth / deploy)', () => {
  it('synthesizes the same stacks as synth writes, without a terraform binary', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-'));
    const root = fleetRepo('cdktf-');
    // A fleet's cdktf.json runs the bin's cdktf-app: run here as it is, from dist/ (the global set-up builds it).
    expect(JSON.parse(cdktfJson()).app).toBe('npx k3s-gitops-synth cdktf-app');
    const result = spawnSync(process.execPath, ['--', 'dist/cli.js', 'cdktf-app'], {
      cwd: repo,
      env: { ...process.env, CDKTF_OUTDIR: out, SYNTH_ENVIRONMENTS: FLEET_MODULE, PATH: '/usr/bin:/bin' },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(fs.readdirSync(path.join(out, 'stacks')).sort()).toEqual(['dev', 'mgmt']);
    for (const env of ['dev', 'mgmt']) {
      const cdktf = JSON.parse(fs.readFileSync(path.join(out, 'stacks', env, 'cdk.tf.json'), 'utf8'));
      const written = JSON.parse(fs.readFileSync(path.join(root, 'clusters', env, 'terraform', 'cdk.tf.json'), 'utf8'));
      expect(cdktf).toEqual(written);
    }
    fs.rmSync(out, { recursive: true });
    fs.rmSync(root, { recursive: true });
  });

  it("keeps the CDKTF CLI of the library's own release as the documented other path; the bin's deploy needs none", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies.cdktf).toBe(versions.tools.cdktfCli.version);
    const answers = parseAnswers({}, '/tmp/f', '0.2.0').answers!;
    expect(JSON.parse(packageJson(answers, 'f', { tool: '0.2.0', peers: {}, typescript: '5.9.3', node: '^20.19.0' })).scripts.deploy).toBe('k3s-gitops-synth deploy');
    const help = spawnSync(process.execPath, ['--', 'dist/cli.js', 'deploy', '--help'], { cwd: repo, encoding: 'utf8' });
    expect(help.stdout).toContain(`cdktf-cli@${versions.tools.cdktfCli.version}`);
    const bare = spawnSync(process.execPath, ['--', 'dist/cli.js', 'deploy'], { cwd: repo, encoding: 'utf8' });
    expect([bare.status, bare.stderr.split('\n')[0]]).toEqual([2, 'deploy needs the environment first: deploy <env>']);
  });
});
