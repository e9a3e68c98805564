import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { SOURCES_FILE, VENDORED, sourcesMarkdown, vendorProblems } from '../../scripts/vendor';

const repo = path.resolve(import.meta.dirname, '../..');

/** A scratch copy of the vendored folders, to break. */
function copy(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vendor-'));
  for (const dir of ['schemas', 'test/fixtures/schema-samples', 'test/fixtures/sops-vectors']) fs.cpSync(path.join(repo, dir), path.join(root, dir), { recursive: true });
  return root;
}

describe('the vendored upstream files', () => {
  it('are all present, all listed with their source, and SOURCES.md is current', () => {
    expect(vendorProblems(repo)).toEqual([]);
    expect(fs.readFileSync(path.join(repo, SOURCES_FILE), 'utf8')).toBe(sourcesMarkdown());
    for (const file of VENDORED) expect(sourcesMarkdown(), file.dest).toContain(`| ${file.dest} | ${file.upstream.repo} |`);
  });

  it('names a missing file, an unlisted file and a stale SOURCES.md', () => {
    const root = copy();
    fs.rmSync(path.join(root, 'schemas/json/namespace-v1.json'));
    fs.writeFileSync(path.join(root, 'schemas/json/widget-example-v1.json'), '{}');
    fs.appendFileSync(path.join(root, SOURCES_FILE), 'edited by hand\n');
    expect(vendorProblems(root)).toEqual([
      'schemas/json/namespace-v1.json is missing: run npm run vendor -- --from <folder>',
      'schemas/json/widget-example-v1.json is not listed in scripts/vendor.ts: list it with its source, or delete it',
      'schemas/SOURCES.md is stale: run npm run vendor -- --check --write',
    ]);
    fs.rmSync(root, { recursive: true });
  });

  it('holds the CRD of every class cdk8s import generates (npm run import reads only vendored files)', () => {
    const config = YAML.parse(fs.readFileSync(path.join(repo, 'cdk8s.yaml'), 'utf8')) as { imports: string[]; output: string };
    expect(config.imports.length).toBeGreaterThan(0);
    for (const entry of config.imports) {
      const file = entry.split(':=')[1]!;
      expect(file.startsWith('schemas/crds/'), entry).toBe(true);
      expect(fs.existsSync(path.join(repo, file)), entry).toBe(true);
    }
    // `cdk8s synth` empties its output folder first: never the build output dist/.
    expect(config.output).toBe('cdk8s.out');
  });
});
