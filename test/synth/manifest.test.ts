import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synthCommand } from '../../src/synth/commands';
import { MANIFEST_FILE, manifest, manifestPaths } from '../../src/synth/manifest';
import { plan } from '../../src/synth/plan';
import { modify, singleServer } from '../fixtures/environments';

let root: string;
const tree = (rel: string) => path.join(root, 'clusters/single', rel);
const unowned = (options = {}) => plan(root, [singleServer], options).violations.filter((v) => v.code === 'tree.unowned-file').map((v) => v.message.split(' (')[0] + ` ${v.value}`);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-'));
  expect(synthCommand({ root, environments: [singleServer] }).exitCode).toBe(0);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the synth manifest', () => {
  it('lists every file synth wrote, and nothing else', () => {
    const listed = manifestPaths(fs.readFileSync(tree(MANIFEST_FILE), 'utf8'));
    const written = plan(root, [singleServer]).environments[0]!.next;
    expect(listed).toEqual([...written.keys()].filter((p) => p !== MANIFEST_FILE));
    expect(manifestPaths(manifest(['b', 'a']))).toEqual(['a', 'b']);
  });

  it('lets synth remove a file it wrote and no longer produces', () => {
    const fewer = modify(singleServer, (e) => { e.flux.layers = [{ name: 'platform' }]; e.k3s.oidc = undefined; e.infrastructure = { kind: 'bare-metal' }; });
    const result = synthCommand({ root, environments: [fewer] });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(fs.existsSync(tree('terraform/cdk.tf.json'))).toBe(false);
  });

  it('refuses to delete a file a person put in the tree', () => {
    fs.writeFileSync(tree('kubernetes/notes.yaml'), 'mine\n');
    expect(unowned()).toEqual(['synth did not write this file and would delete it kubernetes/notes.yaml']);
    expect(synthCommand({ root, environments: [singleServer] }).exitCode).toBe(1);
    expect(fs.readFileSync(tree('kubernetes/notes.yaml'), 'utf8')).toBe('mine\n');
    expect(unowned({ prune: true })).toEqual([]);
  });

  it('refuses to overwrite a file synth does not own', () => {
    const listed = manifestPaths(fs.readFileSync(tree(MANIFEST_FILE), 'utf8'));
    fs.writeFileSync(tree(MANIFEST_FILE), manifest(listed.filter((p) => p !== 'bootstrap/README.md')));
    fs.writeFileSync(tree('bootstrap/README.md'), 'my own runbook\n');
    expect(unowned()).toEqual(['synth did not write this file and would overwrite it bootstrap/README.md']);
  });

  it('treats every file of a tree without a manifest as a person\'s when it would go, not when it changes', () => {
    fs.rmSync(tree(MANIFEST_FILE));
    fs.writeFileSync(tree('bootstrap/README.md'), 'edited\n');
    fs.writeFileSync(tree('kubernetes/old.yaml'), 'left over\n');
    expect(unowned()).toEqual(['synth did not write this file and would delete it kubernetes/old.yaml']);
  });

  it("refuses to stop listing flux bootstrap's components while they are in the tree (Flux would prune itself)", () => {
    fs.writeFileSync(tree('kubernetes/flux-system/gotk-components.yaml'), '# flux bootstrap wrote this\n');
    const refused = synthCommand({ root, environments: [singleServer] });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('[flux.bootstrap-components-unlisted]');
    // While it is bootstrapped the tree lists the file, and synth goes on.
    const bootstrapped = modify(singleServer, (e) => { e.flux.bootstrapped = true; });
    expect(synthCommand({ root, environments: [bootstrapped] }).exitCode).toBe(0);
    expect(fs.readFileSync(tree('kubernetes/flux-system/kustomization.yaml'), 'utf8')).toContain('gotk-components.yaml');
    // Migrated: the file goes, bootstrapped goes, synth writes the operator's tree.
    fs.rmSync(tree('kubernetes/flux-system/gotk-components.yaml'));
    expect(synthCommand({ root, environments: [singleServer] }).exitCode).toBe(0);
    expect(fs.existsSync(tree('kubernetes/flux-system/fluxinstance.flux-system.flux.yaml'))).toBe(true);
  });
});
