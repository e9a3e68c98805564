import { describe, expect, it } from 'vitest';
import { rememberDocuments, rememberText, shareDocuments, treeDocuments } from '../../src/tree/documents';
import { checkSecretSources } from '../../src/model/invariants/secrets';
import { resolve } from '../../src/model/resolve';
import { modify, threeServers } from '../fixtures/environments';
import { parseYamlDocuments } from '../../src/tree/yaml';

// What synth rendered is read back from the objects it was written from; anything else is parsed once.
describe("a tree's documents", () => {
  it('are parsed once, on first use, and none for a file that is not there', () => {
    const files = new Map([['a.yaml', 'a: 1\n---\nb: 2\n'], ['s.json', '{ "c": [1, 2] }\n']]);
    const docs = treeDocuments(files, 'a.yaml');
    expect(docs).toEqual([{ a: 1 }, { b: 2 }]);
    expect(treeDocuments(files, 'a.yaml')).toBe(docs);
    expect(treeDocuments(files, 's.json')).toEqual([{ c: [1, 2] }]);
    expect(treeDocuments(files, 'missing.yaml')).toEqual([]);
  });

  it("are, for a text a reader already parsed (a Secret's source copied into the tree), that reader's documents", () => {
    const text = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: copied\n';
    const parsed = [{ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'copied' } }];
    rememberText(text, parsed);
    const docs = treeDocuments(new Map([['kubernetes/apps/secret.yaml', text]]), 'kubernetes/apps/secret.yaml');
    expect(docs[0]).toBe(parsed[0]);
    // The same documents parsing would give.
    expect(docs).toEqual(parseYamlDocuments(text));
  });

  it("are the secret rules' documents for an encrypted source's copy, and parsed for a source they refused", () => {
    const env = resolve(modify(threeServers, (e) => {
      e.secrets = [{ namespace: 'apps', name: 'good', keys: ['k'] }, { namespace: 'apps', name: 'list', keys: [] }];
    }));
    const good = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: good\n  namespace: apps\nstringData:\n  k: ENC[AES256_GCM,data:x,iv:y,tag:z,type:str]\nsops:\n  version: 3.9.0\n';
    const list = '- not\n- a mapping\n';
    expect(env.secrets.map((r) => r.source)).toEqual(expect.arrayContaining(['secrets/fixture/apps.good.sops.yaml', 'secrets/fixture/apps.list.sops.yaml']));
    checkSecretSources({ env, sources: new Map([['secrets/fixture/apps.good.sops.yaml', good], ['secrets/fixture/apps.list.sops.yaml', list]]) });
    const tree = new Map([['a.sops.yaml', good], ['b.sops.yaml', list]]);
    const copy = treeDocuments(tree, 'a.sops.yaml');
    expect(copy).toEqual(parseYamlDocuments(good));
    // Not parsed again: the object the rules read (a second tree's copy gets the very same one).
    expect(treeDocuments(new Map([['c.sops.yaml', good]]), 'c.sops.yaml')[0]).toBe(copy[0]);
    expect(treeDocuments(tree, 'b.sops.yaml')).toEqual([['not', 'a mapping']]);
  });

  it('are the remembered objects while the text is the one they were written to, parsed again once it changes', () => {
    const files = new Map([['a.yaml', 'a: 1\n']]);
    const written = [{ a: 1, from: 'synth' }];
    rememberDocuments(files, 'a.yaml', written);
    expect(treeDocuments(files, 'a.yaml')).toEqual(written);
    files.set('a.yaml', 'a: 2\n');
    expect(treeDocuments(files, 'a.yaml')).toEqual([{ a: 2 }]);
    // A path the tree does not hold is not remembered.
    rememberDocuments(files, 'ghost.yaml', [{ x: 1 }]);
    expect(treeDocuments(files, 'ghost.yaml')).toEqual([]);
  });

  it("lend the committed tree an unchanged file's objects, never a changed one's", () => {
    const rendered = new Map([['same.yaml', 'a: 1\n'], ['changed.yaml', 'b: 2\n']]);
    rememberDocuments(rendered, 'same.yaml', [{ a: 1, from: 'synth' }]);
    rememberDocuments(rendered, 'changed.yaml', [{ b: 2, from: 'synth' }]);
    const committed = new Map([['same.yaml', 'a: 1\n'], ['changed.yaml', 'b: 1\n']]);
    shareDocuments(rendered, committed);
    expect(treeDocuments(committed, 'same.yaml')).toBe(treeDocuments(rendered, 'same.yaml'));
    expect(treeDocuments(committed, 'changed.yaml')).toEqual([{ b: 1 }]);
    // From a tree nothing was remembered for, nothing is lent.
    const other = new Map([['same.yaml', 'a: 1\n']]);
    shareDocuments(new Map([['same.yaml', 'a: 1\n']]), other);
    expect(treeDocuments(other, 'same.yaml')).toEqual([{ a: 1 }]);
  });
});
