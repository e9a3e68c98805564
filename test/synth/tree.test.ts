import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTree, recover, replaceTree } from '../../src/synth/tree';

let parent: string;
beforeEach(() => { parent = fs.mkdtempSync(path.join(os.tmpdir(), 'tree-')); });
afterEach(() => fs.rmSync(parent, { recursive: true, force: true }));

const files = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('replaceTree', () => {
  it('writes a new tree and reports what it added', () => {
    const changes = replaceTree(parent, 'env', files({ 'a.yaml': 'a\n', 'sub/b.yaml': 'b\n' }));
    expect(changes).toEqual({ added: ['a.yaml', 'sub/b.yaml'], changed: [], removed: [], modes: [] });
    expect(readTree(path.join(parent, 'env'))).toEqual(files({ 'a.yaml': 'a\n', 'sub/b.yaml': 'b\n' }));
  });

  it('removes files the generator no longer produces, and reports changes', () => {
    replaceTree(parent, 'env', files({ 'a.yaml': 'a\n', 'old/b.yaml': 'b\n' }));
    const changes = replaceTree(parent, 'env', files({ 'a.yaml': 'A\n', 'c.yaml': 'c\n' }));
    expect(changes).toEqual({ added: ['c.yaml'], changed: ['a.yaml'], removed: ['old/b.yaml'], modes: [] });
    expect(fs.existsSync(path.join(parent, 'env', 'old'))).toBe(false);
  });

  it('touches nothing when the tree is already up to date', () => {
    replaceTree(parent, 'env', files({ 'a.yaml': 'a\n' }));
    const before = fs.statSync(path.join(parent, 'env', 'a.yaml')).ino;
    expect(replaceTree(parent, 'env', files({ 'a.yaml': 'a\n' }))).toEqual({ added: [], changed: [], removed: [], modes: [] });
    expect(fs.statSync(path.join(parent, 'env', 'a.yaml')).ino).toBe(before);
  });

  it('keeps the files flux bootstrap owns', () => {
    const gotk = 'kubernetes/flux-system/gotk-components.yaml';
    replaceTree(parent, 'env', files({ 'a.yaml': 'a\n' }));
    fs.mkdirSync(path.join(parent, 'env', 'kubernetes', 'flux-system'), { recursive: true });
    fs.writeFileSync(path.join(parent, 'env', gotk), 'flux\n');
    const changes = replaceTree(parent, 'env', files({ 'a.yaml': 'b\n' }));
    expect(changes.removed).toEqual([]);
    expect(fs.readFileSync(path.join(parent, 'env', gotk), 'utf8')).toBe('flux\n');
  });

  it("moves tofu's provider cache and lock file across, never reading or reporting them", () => {
    replaceTree(parent, 'env', files({ 'terraform/cdk.tf.json': '{}\n' }));
    const cache = path.join(parent, 'env', 'terraform', '.terraform', 'providers');
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'plugin'), 'binary');
    fs.writeFileSync(path.join(parent, 'env', 'terraform', '.terraform.lock.hcl'), 'lock\n');
    expect(readTree(path.join(parent, 'env'))).toEqual(files({ 'terraform/cdk.tf.json': '{}\n' }));
    const changes = replaceTree(parent, 'env', files({ 'terraform/cdk.tf.json': '{"a":1}\n' }));
    expect(changes).toEqual({ added: [], changed: ['terraform/cdk.tf.json'], removed: [], modes: [] });
    expect(fs.readFileSync(path.join(cache, 'plugin'), 'utf8')).toBe('binary');
    expect(fs.readFileSync(path.join(parent, 'env', 'terraform', '.terraform.lock.hcl'), 'utf8')).toBe('lock\n');
  });

  it('writes the run script with mode 0755 and every other file without an execute bit', () => {
    replaceTree(parent, 'env', files({ 'bootstrap/run.sh': '#!/usr/bin/env bash\n', 'bootstrap/README.md': 'r\n' }));
    expect(fs.statSync(path.join(parent, 'env', 'bootstrap/run.sh')).mode & 0o777).toBe(0o755);
    expect(fs.statSync(path.join(parent, 'env', 'bootstrap/README.md')).mode & 0o111).toBe(0);
  });

  it('keeps the run script executable through the atomic replace of a changed tree', () => {
    replaceTree(parent, 'env', files({ 'bootstrap/run.sh': 'a\n', 'x.yaml': 'x\n' }));
    replaceTree(parent, 'env', files({ 'bootstrap/run.sh': 'b\n', 'x.yaml': 'y\n' }));
    expect(fs.statSync(path.join(parent, 'env', 'bootstrap/run.sh')).mode & 0o777).toBe(0o755);
  });

  it('makes a run script that lost its execute bit executable again, though its bytes are the same', () => {
    replaceTree(parent, 'env', files({ 'bootstrap/run.sh': 'a\n' }));
    fs.chmodSync(path.join(parent, 'env', 'bootstrap/run.sh'), 0o644);
    expect(replaceTree(parent, 'env', files({ 'bootstrap/run.sh': 'a\n' }))).toEqual({ added: [], changed: [], removed: [], modes: ['bootstrap/run.sh'] });
    expect(fs.statSync(path.join(parent, 'env', 'bootstrap/run.sh')).mode & 0o777).toBe(0o755);
  });

  it('leaves no staging folder behind', () => {
    replaceTree(parent, 'env', files({ 'a.yaml': 'a\n' }));
    replaceTree(parent, 'env', files({ 'a.yaml': 'b\n' }));
    expect(fs.readdirSync(parent)).toEqual(['env']);
  });
});

describe('recover', () => {
  it('moves back a whole old tree that a crash left aside', () => {
    fs.mkdirSync(path.join(parent, '.synth-env-old'));
    fs.writeFileSync(path.join(parent, '.synth-env-old', 'a.yaml'), 'old\n');
    fs.mkdirSync(path.join(parent, '.synth-env-new'));
    recover(parent);
    expect(fs.readdirSync(parent)).toEqual(['env']);
    expect(fs.readFileSync(path.join(parent, 'env', 'a.yaml'), 'utf8')).toBe('old\n');
  });

  it('moves foreign paths back from a staging tree a crash left behind', () => {
    replaceTree(parent, 'env', files({ 'a.yaml': 'a\n' }));
    fs.mkdirSync(path.join(parent, '.synth-env-new', 'terraform', '.terraform'), { recursive: true });
    recover(parent);
    expect(fs.existsSync(path.join(parent, 'env', 'terraform', '.terraform'))).toBe(true);
    expect(fs.readdirSync(parent)).toEqual(['env']);
  });

  it('removes a half-written staging tree and keeps the current one', () => {
    replaceTree(parent, 'env', files({ 'a.yaml': 'a\n' }));
    fs.mkdirSync(path.join(parent, '.synth-env-new', 'x'), { recursive: true });
    fs.mkdirSync(path.join(parent, '.synth-env-old'));
    recover(parent);
    expect(fs.readdirSync(parent)).toEqual(['env']);
  });
});
