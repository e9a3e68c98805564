import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCommand, synthCommand } from '../../src/synth/commands';
import { REFERENCE_DIR, referenceDocs } from '../../src/synth/reference-docs';
import { SETTINGS_DOC } from '../../src/synth/settings-doc';
import { VERSIONS_DOC, versionsDoc } from '../../src/synth/versions-doc';
import { TABLE_END, TABLE_START, pinRows, versionTable } from '../../src/synth/version-table';
import { TAG_CONVENTIONS } from '../../src/model/tag-conventions';
import { resolve } from '../../src/model/resolve';
import * as versions from '../../src/versions';
import { singleServer, threeServers } from '../fixtures/environments';

const environments = [singleServer];
const envs = [resolve(singleServer), resolve(threeServers)];
const commands = new Map([[`${REFERENCE_DIR}/commands.md`, '# Commands\n']]);
const README = `# tool\n\n${TABLE_START}\n| old |\n${TABLE_END}\n`;

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-'));
  fs.writeFileSync(path.join(root, 'README.md'), README);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
const asTool = () => fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'k3s-gitops-synth' }));
const read = (rel: string) => fs.readFileSync(path.join(root, rel), 'utf8');

describe('the reference pages', () => {
  it("are written by synth in the tool's repository, the commands page as the bin renders it, and the README's table left alone", () => {
    asTool();
    expect(synthCommand({ root, environments, documents: commands }).exitCode).toBe(0);
    for (const [page, text] of referenceDocs(environments.map((s) => resolve(s)), commands)) expect(read(page), page).toBe(text);
    expect(read(`${REFERENCE_DIR}/commands.md`)).toBe('# Commands\n');
    expect(read('README.md')).toBe(README);
  });

  it("are never written in a fleet, whose README keeps its version table", () => {
    expect(synthCommand({ root, environments, documents: commands }).exitCode).toBe(0);
    expect(fs.existsSync(path.join(root, 'docs'))).toBe(false);
    expect(read('README.md')).toContain('| kind | what | version |');
  });

  it('fails check when a page is stale, naming the file', () => {
    asTool();
    synthCommand({ root, environments, documents: commands });
    fs.appendFileSync(path.join(root, SETTINGS_DOC), 'a hand edit\n');
    const stale = new Map([[`${REFERENCE_DIR}/commands.md`, '# Commands\n\na new option\n']]);
    const checked = checkCommand({ root, environments, documents: stale });
    expect(checked.exitCode).toBe(1);
    expect(checked.stderr).toContain(`${REFERENCE_DIR}/commands.md, ${SETTINGS_DOC} differ from what the code synthesizes (diff above); run npm run synth and commit the result`);
    expect(checked.stdout).toContain('+a new option');
  });

  it('each start with one # heading, and link only to pages among them or to the guides beside them', () => {
    const pages = referenceDocs(envs, commands);
    const repo = path.resolve(import.meta.dirname, '../..');
    for (const [page, text] of pages) {
      expect(text.split('\n')[0], page).toMatch(/^# \S/);
      expect(text.match(/^# /gm), page).toHaveLength(1);
      for (const [, link] of text.matchAll(/\]\(([^)#]+\.md)(?:#[^)]*)?\)/g)) {
        const target = path.posix.join(path.posix.dirname(page), link!);
        // A rule family's page links its guide (docs/guides/, shipped with the reference pages).
        const found = pages.has(target) || (target.startsWith('docs/guides/') && fs.existsSync(path.join(repo, target)));
        expect(found, `${page} → ${link}`).toBe(true);
      }
    }
    expect(pages.get(`${REFERENCE_DIR}/index.md`)).toContain('do not edit them by hand');
  });
});

describe('the versions page', () => {
  it('lists every pin of the catalogue with its version and tag convention, from the code', () => {
    const page = versionsDoc(envs);
    expect(page).toContain(`\`${versions.k3s.tested}\``);
    for (const row of pinRows()) expect(page, row.what).toContain(`| ${row.version(versions)} |`);
    expect(page).toContain('| 1.20.0 | without a leading v |');
    expect(page).toMatch(/\| v1\.21\.2 \| with a leading v \|/);
    for (const c of TAG_CONVENTIONS) expect(page, c.key).toContain(`| \`${c.key}\` | ${c.v ? 'yes' : 'no'} | \`${c.example}\` |`);
  });

  it('names each vendored compatibility table and its source', () => {
    const page = versionsDoc(envs);
    for (const file of ['cert-manager-kubernetes.json', 'cluster-api-operator.json', 'flux-operator-flux.json', 'cilium-gateway-api.json', 'cluster-api-kubernetes.json', 'cluster-api-providers.json']) expect(page, file).toContain(`schemas/compat/${file}`);
  });

  it("ends with the fleet's own table, proving ground included", () => {
    expect(versionsDoc(envs)).toContain(versionTable(envs, { provingGround: true }));
    expect(versionsDoc(envs)).toContain('proving ground');
    expect(VERSIONS_DOC).toBe('docs/reference/versions.md');
  });
});
