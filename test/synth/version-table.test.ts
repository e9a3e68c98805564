import { describe, expect, it } from 'vitest';
import { TABLE_END, TABLE_START, versionTable, withVersionTable } from '../../src/synth/version-table';
import * as versions from '../../src/versions';
import { resolve } from '../../src/model/resolve';
import { fiveServersTwoPlanned, modify, singleServer, threeServers } from '../fixtures/environments';

const envs = [resolve(threeServers), resolve(modify(singleServer, (e) => { e.k3s.version = 'v1.35.8+k3s1'; }))];

// A README of the tool's users (a fleet's): the tool's own repository shows its pins on docs/reference/versions.md.
const readme = `# fleet\n\n${TABLE_START}\n| kind | what | version |\n| old | table | 0 |\n${TABLE_END}\n\nmore text\n`;

/** Every string leaf of the catalogue that names a release (not a URL, hash or repo). */
function pinnedLeaves(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key !== 'contract' && (['version', 'tag', 'serial'].includes(key) || /^v?\d+\.\d+\.\d+/.test(value)) ? [value] : [];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => pinnedLeaves(v, k));
  return [];
}

describe('README version table', () => {
  it('replaces the text between the markers with the table the catalogue generates, once', () => {
    const updated = withVersionTable(readme, envs);
    expect(updated).toBe(`# fleet\n\n${versionTable(envs)}\n\nmore text\n`);
    expect(withVersionTable(updated, envs)).toBe(updated);
  });

  it("shows each environment's k3s release and every pinned version of the catalogue", () => {
    const table = versionTable(envs);
    expect(table).toContain(`| k3s | ${envs[0]!.name} | ${envs[0]!.k3s?.version} |`);
    expect(table).toContain(`| k3s | ${envs[1]!.name} | v1.35.8+k3s1 |`);
    // The tool's tested k3s release is what init pins, not a pin of any fleet's.
    const { k3s: _tested, ...pinned } = versions;
    for (const version of pinnedLeaves(pinned)) expect(table, version).toContain(`| ${version}`);
    expect(table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| kind') && !l.startsWith('| ---'))).toHaveLength(pinnedLeaves(pinned).length + envs.length);
    expect(table).toContain('clusterApi (contract v1beta2)');
  });

  it("leaves the proving ground's programs out of a fleet's table (only the tool's repository runs npm run prove)", () => {
    expect(versionTable(envs)).toContain('| proving ground | OpenTofu');
    const fleet = versionTable(envs, { provingGround: false });
    expect(fleet).not.toContain('proving ground');
    expect(fleet).toContain('| Flux |');
  });

  it("lists the VM layer's pins only where an environment has VMs, each provider where its kind is used", () => {
    const bareMetal = versionTable([resolve(fiveServersTwoPlanned)], { provingGround: false });
    expect(bareMetal).not.toContain('| cloud image |');
    expect(bareMetal).not.toContain('| Terraform provider |');
    expect(bareMetal).not.toContain('cdktf-cli');
    expect(bareMetal).toContain('| Helm chart | cilium');
    const libvirt = versionTable([resolve(threeServers)], { provingGround: false });
    expect(libvirt).toContain(`| cloud image | ${versions.cloudImage.name} |`);
    expect(libvirt).toContain(`| Terraform provider | ${versions.terraformProviders.libvirt.source} |`);
    expect(libvirt).not.toContain(versions.terraformProviders.proxmox.source);
    expect(libvirt).toContain('cdktf-cli');
    const proxmox = versionTable([resolve(singleServer)], { provingGround: false });
    expect(proxmox).toContain(`| Terraform provider | ${versions.terraformProviders.proxmox.source} |`);
    expect(proxmox).not.toContain(versions.terraformProviders.libvirt.source);
  });

  it('leaves a README without markers alone', () => {
    expect(withVersionTable('# title\n', envs)).toBe('# title\n');
  });
});
