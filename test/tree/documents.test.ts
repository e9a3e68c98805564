import { describe, expect, it } from 'vitest';
import { rememberDocuments, shareDocuments, treeDocuments } from '../../src/tree/documents';

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
