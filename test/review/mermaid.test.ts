import { beforeAll, describe, expect, it } from 'vitest';
import type { EnvironmentSpec, K3sEnvironmentSpec } from '../../src/model/environment';
import { resolve } from '../../src/model/resolve';
import { renderEnvironment } from '../../src/synth/render';
import { reviewEnvironment } from '../../src/review/review';
import { environmentDiagram, layerDiagram } from '../../src/overview/diagrams';
import { dev } from '../fixtures/fleet/dev';
import { mgmt } from '../fixtures/fleet/mgmt';
import { prod } from '../fixtures/fleet/prod';
import { modify } from '../fixtures/environments';
import { mermaidParser } from '../fixtures/mermaid-parse';

// Every diagram the review and the overviews draw is parsed by Mermaid's own parser, in a DOM
// that jsdom provides (Mermaid sanitizes labels through DOMPurify, which needs one).

let parse: (text: string) => Promise<unknown>;

beforeAll(async () => {
  parse = await mermaidParser();
}, 60_000);

const tree = (spec: EnvironmentSpec) => renderEnvironment(resolve(spec));

describe('Mermaid diagrams', () => {
  it.each([dev, mgmt, prod].map((s) => [s.name, s] as const))('%s: both pictures of a change parse', async (_name, spec) => {
    const head = modify(spec as EnvironmentSpec, (e) => { e.flux.interval = '2m'; if (e.controlPlane.vip) e.controlPlane.vip = e.controlPlane.vip.replace(/\d+$/, (n) => String(Number(n) - 1)); });
    const r = reviewEnvironment(spec.name, tree(spec as EnvironmentSpec), tree(head));
    await expect(parse(r.diagrams.environment)).resolves.toBeTruthy();
    await expect(parse(r.diagrams.layers)).resolves.toBeTruthy();
  });

  it.each([dev, mgmt, prod].map((s) => [s.name, s] as const))("%s: the tree's overview (README.md) names every server and its diagrams parse", async (_name, spec) => {
    const readme = tree(spec as EnvironmentSpec).get('README.md')!;
    for (const node of (spec as K3sEnvironmentSpec).nodes) expect(readme).toContain(`| ${node.name} | ${node.ip} |`);
    const blocks = [...readme.matchAll(/```mermaid\n([\s\S]*?)\n```/g)].map((m) => m[1]!);
    expect(blocks).toHaveLength(2);
    for (const block of blocks) await expect(parse(block)).resolves.toBeTruthy();
  });

  it('highlights what the change touches, and the parser refuses a broken diagram', async () => {
    const text = environmentDiagram({ subnet: '10.0.0.0/24', vip: '10.0.0.9', servers: [{ name: 'a-1', ip: '10.0.0.10', founder: true }] }, new Map([['a-1', 'changed'], ['vip', 'changed']]));
    expect(text).toContain('class n_a_1,vip changed');
    await expect(parse(text)).resolves.toBeTruthy();
    const layers = layerDiagram([{ name: 'platform', dependsOn: [], suspend: false }, { name: 'apps', dependsOn: ['platform'], suspend: true }], new Set(['apps']));
    expect(layers).toContain('l_platform --> l_apps');
    await expect(parse(layers)).resolves.toBeTruthy();
    await expect(parse('flowchart LR\n  a[["unclosed"]\n')).rejects.toThrow();
  });

  it('fails when new, rebuilt and restarted servers look alike: each has its colour and the legend names the ones drawn', async () => {
    const servers = ['a-1', 'a-2', 'a-3', 'a-4'].map((name, i) => ({ name, ip: `10.0.0.1${i}`, founder: i === 0 }));
    const text = environmentDiagram({ vip: '10.0.0.9', servers }, new Map([['a-1', 'restarted'], ['a-2', 'rebuilt'], ['a-4', 'added'], ['vip', 'changed']]));
    expect(text).toContain('  subgraph legend["legend"]\n    key_added["new server"]\n    key_rebuilt["rebuilt (k3s starts anew)"]\n    key_restarted["k3s restarts"]\n    key_changed["changed"]\n  end');
    expect(text).toContain('  class n_a_4,key_added added');
    expect(text).toContain('  class n_a_2,key_rebuilt rebuilt');
    expect(text).toContain('  class n_a_1,key_restarted restarted');
    expect(text).toContain('  class vip,key_changed changed');
    expect(new Set(text.match(/classDef \w+ fill:#\w+/g)).size).toBe(4);
    expect(text).not.toContain('n_a_3,');
    await expect(parse(text)).resolves.toBeTruthy();
    // Only the yellow of a change: no legend to read.
    expect(environmentDiagram({ vip: '10.0.0.9', servers }, new Map([['vip', 'changed']]))).not.toContain('legend');
  });
});
