import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FLEET_MODULE, fleetRepo } from '../fixtures/fleet-repo';
import * as versions from '../../src/versions';

const repo = path.resolve(import.meta.dirname, '../..');

describe('cdktf app (the entry point of cdktf synth / deploy)', () => {
  it('synthesizes the same stacks as synth writes, without a terraform binary', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cdktf-'));
    const root = fleetRepo('cdktf-');
    const app = JSON.parse(fs.readFileSync(path.join(repo, 'cdktf.json'), 'utf8')).app as string;
    expect(app).toBe('node --import tsx src/infra/app.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/infra/app.ts'], {
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

  it('deploys through npm run deploy with the CDKTF CLI of the pinned release, the library\'s own', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(pkg.scripts.deploy).toBe(`CHECKPOINT_DISABLE=1 npx --yes cdktf-cli@${versions.tools.cdktfCli.version} deploy`);
    expect(pkg.dependencies.cdktf).toBe(versions.tools.cdktfCli.version);
  });
});
