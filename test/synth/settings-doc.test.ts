import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { settingsDoc } from '../../src/synth/settings-doc';
import { environmentSchema } from '../../src/model/environment';

/** The table rows settingsDoc() writes for a schema: every line that starts with `| \``. */
const rows = (schema: z.ZodType) => settingsDoc(schema).split('\n').filter((line) => line.startsWith('| `'));

describe('the settings reference', () => {
  it('writes a row per field: lists as [], maps as <name>, a union by kind, each default and description', () => {
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
      '| `name` | string | required | Its name. |',
      '| `layers` | object list | `[]` |  |',
      '| `layers[].wait` | boolean | `true` |  |',
      '| `components` | map | `{}` |  |',
      '| `components.<name>.layer` | string | optional |  |',
      '| `infrastructure` | one of the kinds below | required |  |',
      '| `infrastructure(bare-metal).kind` | `"bare-metal"` | required |  |',
      '| `infrastructure(libvirt).kind` | `"libvirt"` | required |  |',
      '| `infrastructure(libvirt).uri` | string | `"qemu:///system"` |  |',
      '| `infrastructure(libvirt).profile` | `"small"` or `"standard"` | optional |  |',
      '| `tags` | string list | optional |  |',
    ]);
  });

  it('keeps a description from breaking the table: pipes escaped, <…> outside code spans not read as HTML', () => {
    const schema = z.strictObject({ file: z.string().describe('`<env>.yaml` or a | b, else ~/.kube/<env>, then `<raw>` and <x>.') });
    expect(rows(schema)).toEqual(['| `file` | string | required | `<env>.yaml` or a \\| b, else ~/.kube/&lt;env>, then `<raw>` and &lt;x>. |']);
  });
  it("tells a fleet to keep its pins in its own environments/versions.ts, never in the tool's src/versions.ts", () => {
    const doc = settingsDoc();
    expect(doc).not.toMatch(/keep (it|them) in src\/versions\.ts/);
    expect(rows(environmentSchema).filter((r) => r.includes('keep it in') || r.includes('keep them in')).every((r) => r.includes("the fleet's environments/versions.ts"))).toBe(true);
  });
});
