import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { KINDS_WITHOUT_SCHEMA, SchemaStore, schemaFileName } from '../../src/validate/schemas';
import { LIVE_DIR } from './recorded';

const store = new SchemaStore(path.join(import.meta.dirname, '..', '..', 'schemas', 'json'));
const files = fs.readdirSync(LIVE_DIR).filter((f) => f.endsWith('.json'));

describe('the recorded live objects', () => {
  it.each(files)('%s: every item has the shape of its vendored schema', (file) => {
    const list = JSON.parse(fs.readFileSync(path.join(LIVE_DIR, file), 'utf8'));
    const kind = String(list.kind).replace(/List$/, '');
    expect(list.items.length).toBeGreaterThan(0);
    if (KINDS_WITHOUT_SCHEMA.has(`${list.apiVersion}/${kind}`)) return;
    const validate = store.get(schemaFileName(list.apiVersion, kind));
    expect(validate, `no vendored schema for ${list.apiVersion} ${kind}`).toBeDefined();
    for (const item of list.items) {
      // Lists of built-in kinds leave apiVersion and kind out of their items.
      const ok = validate!({ apiVersion: list.apiVersion, kind, ...item });
      expect(validate!.errors ?? [], `${file} ${item.metadata?.name}`).toEqual([]);
      expect(ok).toBe(true);
    }
  });

  it('fails when an item breaks its schema', () => {
    const validate = store.get(schemaFileName('helm.toolkit.fluxcd.io/v2', 'HelmRelease'))!;
    const release = JSON.parse(fs.readFileSync(path.join(LIVE_DIR, 'helmreleases.json'), 'utf8')).items[0];
    delete release.status.history[0].chartVersion;
    expect(validate(release)).toBe(false);
  });
});
