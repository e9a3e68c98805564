import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { vendorTool, vendoredTool } from '../../src/init/vendor-tool';

let dir: string | undefined;
afterEach(() => { if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true }); });

describe('the vendored tool', () => {
  it('is vendor/<name>-<version>.tgz, named by a relative file: spec (npm ci installs it on any clone)', () => {
    expect(vendoredTool('0.3.0')).toEqual({ file: 'vendor/k3s-gitops-synth-0.3.0.tgz', spec: 'file:vendor/k3s-gitops-synth-0.3.0.tgz' });
  });

  it('is the very tarball the tool was installed from, byte for byte', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-tool-'));
    const tarball = path.join(dir, 'k3s-gitops-synth-0.3.0.tgz');
    fs.writeFileSync(tarball, Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3]));
    vendorTool(`file:${tarball}`, path.join(dir, 'fleet/vendor/k3s-gitops-synth-0.3.0.tgz'));
    expect(fs.readFileSync(path.join(dir, 'fleet/vendor/k3s-gitops-synth-0.3.0.tgz'))).toEqual(fs.readFileSync(tarball));
  });
});
