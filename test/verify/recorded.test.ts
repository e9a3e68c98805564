import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaStore, schemaFileName } from '../../src/validate/schemas';
import { recorded } from './loopback';

// The recorded objects are of the real shapes: each validates against the vendored schema of its
// kind (strict, so a field the API does not have fails), as the README of test/fixtures/live says.
const store = new SchemaStore(path.join(import.meta.dirname, '../../schemas/json'));
const files = fs.readdirSync(path.join(import.meta.dirname, '../fixtures/live/dev')).map((f) => `dev/${f}`);

describe('the recorded cluster objects', () => {
  it.each(files)('%s validates against the vendored schemas', (file) => {
    const items = recorded(file);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const validate = store.get(schemaFileName(item.apiVersion, item.kind));
      expect(validate, `${item.kind} ${item.apiVersion} has a vendored schema`).toBeDefined();
      expect(validate!(item) ? [] : validate!.errors, `${item.kind} ${item.metadata.name}`).toEqual([]);
    }
  });

  it('fails a Node with a field the API does not have', () => {
    const node = structuredClone(recorded('dev/nodes.json')[0]!);
    node.status.nodeInfo.kubeProxyMode = 'iptables';
    expect(store.get(schemaFileName('v1', 'Node'))!(node)).toBe(false);
  });
});
