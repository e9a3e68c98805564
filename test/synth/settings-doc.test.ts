import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { settingsDoc } from '../../src/synth/settings-doc';
import { environmentSchema } from '../../src/model/environment';

/** The table rows settingsDoc() writes for a schema: every line of a table but its head. */
const rows = (schema: z.ZodType) => settingsDoc(schema).split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| field |') && !line.startsWith('| ---'));

/** The page's `## ` sections: heading → its rows' fields. */
const sections = (schema: z.ZodType) =>
  Object.fromEntries(settingsDoc(schema).split(/^## /m).slice(1).map((s) => [s.split('\n')[0], [...s.matchAll(/^\| (?:<a id="[^"]*"><\/a>)?`([^`]+)`/gm)].map((m) => m[1])]));

describe('the settings reference', () => {
  it('writes a row per field: lists as [], maps as <name>, a union by kind, each default and description, anchored by its path', () => {
    const schema = z.strictObject({
      name: z.string().describe('Its name.'),
      layers: z.array(z.strictObject({ wait: z.boolean().default(true) })).default([]),
      components: z.record(z.string(), z.strictObject({ layer: z.string().optional() })).default({}),
      infrastructure: z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('bare-metal') }),
        z.strictObject({ kind: z.literal('libvirt'), uri: z.string().default('qemu:///system'), profile: z.enum(['small', 'standard']).optional() }),
      ]),
      tags: z.array(z.string()).optional(),
    });
    expect(rows(schema)).toEqual([
      '| <a id="name"></a>`name` | string | required | Its name. |',
      '| <a id="tags"></a>`tags` | string list | optional |  |',
      '| `layers` | object list | `[]` |  |',
      '| <a id="layers[].wait"></a>`layers[].wait` | boolean | `true` |  |',
      '| `components` | map | `{}` |  |',
      '| <a id="components.&lt;name&gt;.layer"></a>`components.<name>.layer` | string | optional |  |',
      '| `infrastructure` | one of the kinds below | required |  |',
      '| <a id="infrastructure(bare-metal).kind"></a>`infrastructure(bare-metal).kind` | `"bare-metal"` | required |  |',
      '| <a id="infrastructure(libvirt).kind"></a>`infrastructure(libvirt).kind` | `"libvirt"` | required |  |',
      '| <a id="infrastructure(libvirt).uri"></a>`infrastructure(libvirt).uri` | string | `"qemu:///system"` |  |',
      '| <a id="infrastructure(libvirt).profile"></a>`infrastructure(libvirt).profile` | `"small"` or `"standard"` | optional |  |',
    ]);
    // The sections: the top-level fields without fields of their own together, then one per field that has some.
    expect(sections(schema)).toEqual({
      'Top-level fields': ['name', 'tags'],
      layers: ['layers', 'layers[].wait'],
      components: ['components', 'components.<name>.layer'],
      infrastructure: ['infrastructure', 'infrastructure(bare-metal).kind', 'infrastructure(libvirt).kind', 'infrastructure(libvirt).uri', 'infrastructure(libvirt).profile'],
    });
  });

  it("anchors a section's own field by its heading alone: no id twice on the page", () => {
    const schema = z.strictObject({ network: z.strictObject({ subnet: z.string() }), controlPlane: z.strictObject({ vip: z.string() }) });
    expect(rows(schema)).toEqual([
      '| `network` | object | required |  |',
      '| <a id="network.subnet"></a>`network.subnet` | string | required |  |',
      // The heading's id is `controlplane` (lowercased): the field keeps its own, `controlPlane`.
      '| <a id="controlPlane"></a>`controlPlane` | object | required |  |',
      '| <a id="controlPlane.vip"></a>`controlPlane.vip` | string | required |  |',
    ]);
    const ids = [...settingsDoc().matchAll(/<a id="([^"]+)">|^## (.+)$/gm)].map((m) => m[1] ?? m[2]!.toLowerCase().replace(/ /g, '-'));
    expect(ids.length).toBeGreaterThan(300);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('keeps a description from breaking the table: pipes escaped, <…> outside code spans not read as HTML', () => {
    const schema = z.strictObject({ file: z.string().describe('`<env>.yaml` or a | b, else ~/.kube/<env>, then `<raw>` and <x>.') });
    expect(rows(schema)).toEqual(['| <a id="file"></a>`file` | string | required | `<env>.yaml` or a \\| b, else ~/.kube/&lt;env>, then `<raw>` and &lt;x>. |']);
  });
  it("tells a fleet to keep its pins in its own environments/versions.ts, never in the tool's src/versions.ts", () => {
    const doc = settingsDoc();
    expect(doc).not.toMatch(/keep (it|them) in src\/versions\.ts/);
    expect(rows(environmentSchema).filter((r) => r.includes('keep it in') || r.includes('keep them in')).every((r) => r.includes("the fleet's environments/versions.ts"))).toBe(true);
  });
});
