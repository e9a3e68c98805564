import * as versions from '../versions';

export const TABLE_START = '<!-- versions:start (generated from src/versions.ts by npm run synth) -->';
export const TABLE_END = '<!-- versions:end -->';

/** Where a chart comes from: its OCI location and/or HTTP repository. */
const where = (c: { chart: string; oci?: string; repo?: string }) => `${c.chart} (${[c.oci, c.repo].filter(Boolean).join(', ')})`;

/** The README's table of every pinned version, built from the catalogue alone. */
export function versionTable(): string {
  const rows: string[][] = [
    ...Object.entries(versions.k3s).map(([env, version]) => ['k3s', env, version]),
    ...Object.values(versions.charts).map((c) => ['Helm chart', where(c), c.version]),
    ...Object.values(versions.apps).map((c) => ["app's Helm chart", where(c), c.version]),
    ...Object.entries(versions.capiProviders).map(([name, p]) => ['Cluster API provider', `${name} (contract ${p.contract})`, p.version]),
    ['CRDs', 'Gateway API (standard channel)', versions.gatewayApi.version],
    ...Object.values(versions.images).map((i) => ['image', i.repository, i.tag]),
    ['cloud image', `${versions.cloudImage.name} (sha256 ${versions.cloudImage.sha256.slice(0, 12)}…)`, versions.cloudImage.serial],
    ...Object.values(versions.terraformProviders).map((p) => ['Terraform provider', p.source, p.version]),
    ['Flux', `distribution installed by flux-operator (${versions.flux.registry})`, versions.flux.version],
    ['tool', `helm (the runbook's, SHA-256 ${versions.tools.helm.sha256.amd64.slice(0, 12)}… amd64)`, versions.tools.helm.version],
    ['tool', 'cdktf-cli (npm run deploy)', versions.tools.cdktfCli.version],
  ];
  return [
    TABLE_START,
    '| kind | what | version |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    TABLE_END,
  ].join('\n');
}

/** The README with its version table replaced; unchanged when it has no table markers. */
export function withVersionTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end === -1) return readme;
  return readme.slice(0, start) + versionTable() + readme.slice(end + TABLE_END.length);
}
