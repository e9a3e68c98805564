import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRIBUTING_PAGE, contributingPage } from '../../src/synth/contributing-page';
import { checkCommand } from '../../src/synth/commands';
import { threeServers } from '../fixtures/environments';

describe("the contributor's guide as a page of the site", () => {
  it('makes links into docs/ relative to the page, keeps anchors and addresses, and names files the site has no page for', () => {
    const page = contributingPage([
      '# Contributing',
      'See [the architecture](docs/design/architecture.md#folders), [the index](docs/decisions/index.md),',
      '[the changelog](CHANGELOG.md), [`src/model/`](src/model/), [Flux](https://fluxcd.io) and [below](#suites).',
    ].join('\n'));
    expect(page).toBe([
      '# Contributing',
      '',
      "*This page is `CONTRIBUTING.md` at the repository's root, copied by `npm run synth`: edit that file.*",
      'See [the architecture](architecture.md#folders), [the index](../decisions/index.md),',
      'the changelog (`CHANGELOG.md`), `src/model/`, [Flux](https://fluxcd.io) and [below](#suites).',
    ].join('\n'));
  });

  it('fails check when the page is not the guide as it stands, naming it', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'contributing-'));
    fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'k3s-gitops-synth' }));
    fs.writeFileSync(path.join(root, 'CONTRIBUTING.md'), '# Contributing\nnew words\n');
    fs.mkdirSync(path.join(root, path.dirname(CONTRIBUTING_PAGE)), { recursive: true });
    fs.writeFileSync(path.join(root, CONTRIBUTING_PAGE), contributingPage('# Contributing\nold words\n'));
    const result = checkCommand({ root, environments: [threeServers] });
    expect(result.exitCode).toBe(1);
    expect(result.stdout + result.stderr).toContain(CONTRIBUTING_PAGE);
    fs.rmSync(root, { recursive: true });
  });
});
