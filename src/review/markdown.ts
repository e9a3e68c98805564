import { mermaid } from '../overview/diagrams';
import type { EnvironmentReview } from './review';
import { costCounts } from './server-costs';
import type { ServerCost } from './server-costs';
import { listed } from './server-dangers';
import type { TfAction } from './terraform';
import type { MachineEffect } from './capi-changes';

const ACTION_WORDS: Record<TfAction, string> = {
  create: 'create',
  import: 'import',
  update: 'update in place',
  replace: '**replace**',
  'may-replace': '**may replace**',
  fails: '**apply fails**',
  blocked: 'blocked (prevent_destroy)',
  destroy: '**destroy**',
  move: 'move',
  'no-op': 'no change',
};

const MACHINE_WORDS: Record<MachineEffect, string> = {
  creates: 'creates',
  deletes: '**deletes**',
  rolls: '**rolls**',
  scales: 'scales',
  'in-place': 'in place',
  'no-rollout': 'no rollout',
  rejected: '**rejected**',
  unknown: '**unknown**',
};

/** Table cells stay on one line and never close the table. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function counts(r: EnvironmentReview): string[] {
  const by = (a: TfAction) => r.vm.filter((c) => c.action === a).length;
  const vm = (['create', 'import', 'update', 'replace', 'may-replace', 'fails', 'blocked', 'destroy', 'move'] as TfAction[])
    .filter((a) => by(a) > 0)
    .map((a) => `${by(a)} ${a}`)
    .join(', ');
  const objects = (c: string) => r.objects.filter((o) => o.change === c).length;
  return [r.env, vm || '–', costCounts(r.servers) || '–', `+${objects('added')} ~${objects('changed')} -${objects('removed')}`, r.dangers.length > 0 ? `**${r.dangers.length}**` : '0'];
}

/** Who the change touches among the servers, with why, and the order the runbook takes them in. */
function servers(r: EnvironmentReview): string[] {
  const c = r.servers;
  const why = (list: readonly ServerCost[]) => list.map((s) => `${s.name} (${s.why.join('; ')})`).join(', ');
  const lines = [
    ...(c.added.length > 0 ? [`- added: ${c.added.join(', ')}`] : []),
    ...(c.removed.length > 0 ? [`- removed: ${c.removed.join(', ')}`] : []),
    ...(c.rebuilt.length > 0 ? [`- rebuilt: ${why(c.rebuilt)}`] : []),
    ...(c.restarted.length > 0 ? [`- restarted: ${why(c.restarted)}`] : []),
    ...(c.order.length > 0 ? [`- in this order: ${c.order.join('; then ')}`] : []),
  ];
  return lines.length > 0 ? ['**Servers**', '', ...lines, ''] : [];
}

function environment(r: EnvironmentReview): string[] {
  const tool = r.tool.before !== r.tool.after ? [`Written by ${r.tool.before ?? 'an earlier version that did not record itself'}, now by ${r.tool.after ?? 'a version that does not record itself'}.`, ''] : [];
  const out = [`### ${r.env}`, '', ...tool, mermaid(r.diagrams.environment), '', mermaid(r.diagrams.layers), '', ...servers(r)];
  if (r.vm.length > 0) {
    out.push('**VM layer**', '', '| address | action | why |', '| --- | --- | --- |');
    for (const c of r.vm) out.push(`| \`${cell(c.address)}\` | ${ACTION_WORDS[c.action]}${c.stops === 'restarts' ? ', **the VM stops**' : c.stops === 'pending' ? ', at the next reboot' : ''} | ${cell(c.reason)} |`);
    out.push('');
  }
  if (r.machines.length > 0) {
    out.push('**Cluster API machines**', '');
    for (const m of r.machines) {
      out.push(`- \`${m.subject}\` ${MACHINE_WORDS[m.effect]}: ${m.what}${m.source ? ` (${m.source})` : ''}`);
      for (const f of m.fields) out.push(`  - \`${f.path}\` ${f.before ?? '(none)'} → ${f.after ?? '(none)'}: ${f.effect} (${f.source})`);
    }
    out.push('');
  }
  if (r.nodes.length > 0) out.push('**Nodes**', '', ...r.nodes.map((n) => `- ${n}`), '');
  if (r.objects.length > 0) {
    const layers = [...new Set(r.objects.map((o) => o.layer))];
    out.push('**Flux tree**', '', '| layer | added | changed | removed |', '| --- | --- | --- | --- |');
    for (const layer of layers) {
      const of = (c: string) => r.objects.filter((o) => o.layer === layer && o.change === c).map((o) => `\`${cell(o.id)}\`${o.fromLayer ? ` (from ${o.fromLayer})` : ''}`).join(', ') || '–';
      out.push(`| ${layer} | ${of('added')} | ${of('changed')} | ${of('removed')} |`);
    }
    out.push('');
  }
  if (r.files.length > 0) out.push('**Other files**', '', ...r.files.map((f) => `- \`${f}\``), '');
  if (r.bumps.length > 0) out.push('**Versions**', '', ...r.bumps.map((b) => `- ${b.what} \`${cell(b.id)}\`: ${b.before} → ${b.after}`), '');
  const fields = r.objects.filter((o) => o.fields.length > 0);
  if (fields.length > 0) {
    out.push('<details><summary>Field changes</summary>', '');
    for (const o of fields) {
      out.push(`- \`${o.id}\` (${o.layer})`);
      for (const f of o.fields) out.push(`  - \`${f.path}\`: ${f.before ?? '(none)'} → ${f.after ?? '(none)'}`);
    }
    out.push('', '</details>', '');
  }
  if (r.patch !== '') {
    // A forge comment holds about 65,000 characters: a long diff is cut, and says where the rest is.
    const patch = r.patch.length > PATCH_LIMIT ? `${r.patch.slice(0, PATCH_LIMIT)}\n… cut at ${PATCH_LIMIT} characters: run npm run review locally, or read the pull request's diff\n` : r.patch;
    // A fence longer than any the diffed files hold (the overviews' Mermaid blocks use three).
    out.push('<details><summary>Full diff</summary>', '', '`````diff', patch.replace(/\n$/, ''), '`````', '', '</details>', '');
  }
  return out;
}

/** The step after the merge: verify, for each environment the change touches. */
function afterMerge(reviews: readonly EnvironmentReview[]): string[] {
  const commands = reviews.map((r) => `\`npm run verify -- --env ${r.env} --kubeconfig <its inspector kubeconfig>\``);
  const withRunbook = reviews.filter((r) => r.runbook).map((r) => r.env);
  const without = reviews.filter((r) => !r.runbook).map((r) => r.env);
  const where = [
    ...(withRunbook.length > 0 ? [`${withRunbook.join(', ')}: the one the runbook's last step writes`] : []),
    ...(without.length > 0 ? [`${without.join(', ')}, which no runbook builds: a token of flux-system/verify-inspector minted with the cluster's admin kubeconfig`] : []),
  ];
  return [
    `After the merge, once Flux reports its layers Ready at the merge commit: ${commands.join(', ')} compares the live cluster with the tree (${without.length === 0 ? "the inspector kubeconfig is the one the runbook's last step writes" : `the inspector kubeconfig of ${where.join('; of ')}`}).`,
    '',
  ];
}

/** `k3s-gitops-synth 0.2.0 → 0.2.1`: the tool versions that wrote the trees before and after, one line each pair. */
function upgrades(reviews: readonly EnvironmentReview[]): string[] {
  const pairs = new Map<string, string[]>();
  for (const r of reviews) {
    const { before, after } = r.tool;
    if (before === undefined || after === undefined || before === after) continue;
    // The stamp is `<tool> <version>`: the second names the version alone when the tool is the same.
    const [tool, version] = [before.split(' ')[0], after.split(' ')];
    const key = `**${before} → ${version[0] === tool ? version.slice(1).join(' ') : after}**`;
    pairs.set(key, [...(pairs.get(key) ?? []), r.env]);
  }
  return [...pairs].flatMap(([line, envs]) => [`${line}: the version that wrote ${listed(envs)}${envs.length === 1 ? "'s tree" : "'s trees"}, and the one that writes ${envs.length === 1 ? 'it' : 'them'} now.`, '']);
}

/** Characters of one environment's diff kept in the Markdown. */
const PATCH_LIMIT = 20_000;

/** The review as GitHub/Gitea-flavoured Markdown: the summary, the dangers first, then each environment. */
export function reviewMarkdown(reviews: readonly EnvironmentReview[], base: string): string {
  const header = ['## What this change does', '', `Compared with \`${base}\`.`, '', ...upgrades(reviews)];
  if (reviews.length === 0) return [...header, 'No environment tree changes.', ''].join('\n');
  const dangers = reviews.flatMap((r) => r.dangers.map((d) => `- **${r.env}** ${d.what}: ${d.why}`));
  return [
    ...header,
    '| env | VM layer | servers | Flux objects | dangers |',
    '| --- | --- | --- | --- | --- |',
    ...reviews.map((r) => `| ${counts(r).join(' | ')} |`),
    '',
    ...(dangers.length > 0 ? ['### Dangers', '', ...dangers, ''] : ['No dangers found.', '']),
    ...afterMerge(reviews),
    ...reviews.flatMap(environment),
  ].join('\n');
}

/** The same review as JSON, for tools. */
export function reviewJson(reviews: readonly EnvironmentReview[], base: string): string {
  return `${JSON.stringify({ base, environments: reviews }, null, 2)}\n`;
}
