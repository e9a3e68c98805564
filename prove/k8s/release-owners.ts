/**
 * Who acts on a Helm release that two clusters' HelmReleases name: mgmt's remote one (through the
 * workload cluster's kubeconfig Secret) and the workload cluster's own. helm-controller v1.6.3 keys
 * a release by name and storage namespace only (internal/reconcile/state.go,
 * DetermineReleaseState): a release it did not record is `Unmanaged` and upgraded, so two active
 * HelmReleases take turns. Read from what the programs show, polled: the release's revisions in
 * Helm's storage (`sh.helm.release.v1.<name>.v<N>` Secrets, labels `owner=helm`, `name`,
 * `version`) and each HelmRelease's `status.history` (one snapshot per release action it made).
 */
import type { Row } from '../compare';
import type { Check } from '../report';
import type { Kubectl } from './kubectl';

type Json = Record<string, any>;

/** A release both sides name, and the HelmRelease of each side (`<cluster> <namespace>/<name>`). */
export interface HandedRelease {
  /** `<storage namespace>/<release name>` on the workload cluster. */
  readonly release: string;
  readonly management: string;
  readonly workload: string;
}

/** One poll: the revisions in Helm's storage per release, and each HelmRelease's state. */
export interface ReleaseSample {
  readonly at: number;
  readonly revisions: Readonly<Record<string, readonly number[]>>;
  readonly helmReleases: readonly { readonly id: string; readonly suspended: boolean; readonly versions: Readonly<Record<string, readonly number[]>> }[];
}

/** The release a HelmRelease acts on: helm-controller's GetReleaseName and GetStorageNamespace (api/v2). */
export function releaseOf(hr: Json): string {
  const ns = hr.metadata.namespace as string;
  const target = hr.spec?.targetNamespace as string | undefined;
  const name = (hr.spec?.releaseName as string | undefined) ?? (target ? `${target}-${hr.metadata.name}` : hr.metadata.name);
  return `${hr.spec?.storageNamespace ?? target ?? ns}/${name}`;
}

/** The releases mgmt's remote HelmReleases install on `workload`, paired with the workload tree's own HelmRelease of each. */
export function handedReleases(management: readonly Json[], workload: readonly Json[], names: { management: string; workload: string }): HandedRelease[] {
  const own = new Map(workload.filter((o) => o.kind === 'HelmRelease').map((o) => [releaseOf(o), o]));
  return management
    .filter((o) => o.kind === 'HelmRelease' && o.spec?.kubeConfig && own.has(releaseOf(o)))
    .map((o) => {
      const w = own.get(releaseOf(o))!;
      return { release: releaseOf(o), management: `${names.management} ${o.metadata.namespace}/${o.metadata.name}`, workload: `${names.workload} ${w.metadata.namespace}/${w.metadata.name}` };
    })
    .sort((a, b) => (a.release < b.release ? -1 : 1));
}

/** One sample from both clusters (a cluster that does not serve HelmReleases yet shows none). */
export function sampleReleases(clusters: Readonly<Record<string, Kubectl>>, workload: string, at: number): ReleaseSample {
  const revisions: Record<string, number[]> = {};
  const secrets = clusters[workload]!.try(['get', 'secrets', '-A', '-l', 'owner=helm', '-o', 'json']);
  if (secrets.status === 0) {
    for (const s of (JSON.parse(secrets.stdout).items ?? []) as Json[]) {
      const id = `${s.metadata.namespace}/${s.metadata.labels?.name}`;
      (revisions[id] ??= []).push(Number(s.metadata.labels?.version));
    }
  }
  const helmReleases: ReleaseSample['helmReleases'][number][] = [];
  for (const [cluster, k] of Object.entries(clusters)) {
    const got = k.try(['get', 'helmreleases.helm.toolkit.fluxcd.io', '-A', '-o', 'json']);
    if (got.status !== 0) continue;
    for (const hr of (JSON.parse(got.stdout).items ?? []) as Json[]) {
      const versions: Record<string, number[]> = {};
      for (const h of (hr.status?.history ?? []) as Json[]) (versions[`${h.namespace}/${h.name}`] ??= []).push(Number(h.version));
      helmReleases.push({ id: `${cluster} ${hr.metadata.namespace}/${hr.metadata.name}`, suspended: hr.spec?.suspend === true, versions });
    }
  }
  for (const list of Object.values(revisions)) list.sort((a, b) => a - b);
  return { at, revisions, helmReleases };
}

/**
 * Per revision of the release, which of its two HelmReleases ever recorded it in its history (a
 * release of the same name in mgmt's own storage, mgmt's flux-operator, is another release).
 */
export function writers(samples: readonly ReleaseSample[], r: HandedRelease): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const s of samples) {
    for (const hr of s.helmReleases.filter((h) => h.id === r.management || h.id === r.workload)) for (const v of hr.versions[r.release] ?? []) (out.get(v) ?? out.set(v, new Set()).get(v)!).add(hr.id);
    for (const v of s.revisions[r.release] ?? []) if (!out.has(v)) out.set(v, new Set());
  }
  return new Map([...out.entries()].sort(([a], [b]) => a - b));
}

const latest = (s: ReleaseSample | undefined, release: string) => Math.max(0, ...(s?.revisions[release] ?? []));

/** `v1 mgmt default/lab1-cilium, v2 lab1 kube-system/cilium`: who made each revision. */
export function describeWriters(w: ReadonlyMap<number, ReadonlySet<string>>): string {
  return [...w.entries()].map(([v, ids]) => `v${v} ${ids.size === 0 ? 'by no HelmRelease seen' : [...ids].join(' and ')}`).join(', ') || 'no revision';
}

/**
 * The revisions a phase of the run made (samples at or after `from`, up to the last), and whether
 * they are what one owner makes: `expected` new revisions, each by `owner`, none after the first
 * `settled` sample (the reconciles the harness requested act on nothing).
 */
export function phaseRow(samples: readonly ReleaseSample[], r: HandedRelease, phase: { from: number; settled: number; owner: string; expected: number; predicted: string }): Row {
  const before = samples.filter((s) => s.at < phase.from).at(-1);
  const inPhase = samples.filter((s) => s.at >= phase.from);
  const w = writers(samples, r);
  const made = [...w.entries()].filter(([v]) => v > latest(before, r.release));
  const atSettled = latest(inPhase.filter((s) => s.at <= phase.settled).at(-1), r.release);
  const end = latest(inPhase.at(-1), r.release);
  const byOwner = made.every(([, ids]) => ids.size === 1 && ids.has(phase.owner));
  const agrees = made.length === phase.expected && byOwner && end === atSettled;
  return {
    address: `Helm release ${r.release} (${r.workload.split(' ')[0]})`,
    predicted: phase.predicted,
    real: made.length === 0 ? `no new revision (at v${end})` : `${describeWriters(new Map(made))}${end > atSettled ? `; still climbing after the requested reconciles (v${atSettled} → v${end})` : '; none after the requested reconciles'}`,
    agrees,
  };
}

/** Over the whole run: the release's writer changes at most once, from mgmt's HelmRelease to the workload's. */
export function oneOwnerCheck(samples: readonly ReleaseSample[], r: HandedRelease): Check {
  const w = writers(samples, r);
  const sequence = [...w.values()].map((ids) => [...ids].join(' and '));
  const changes = sequence.filter((id, i) => i > 0 && id !== sequence[i - 1]).length;
  const shared = [...w.entries()].filter(([, ids]) => ids.size > 1);
  const order = sequence.length === 0 || (sequence[0] === r.management && sequence.every((id, i) => i === 0 || id === sequence[i - 1] || id === r.workload));
  const ok = sequence.length > 0 && changes <= 1 && shared.length === 0 && order;
  return {
    what: `release ${r.release} on ${r.workload.split(' ')[0]} was only ever installed or upgraded by one active HelmRelease at a time: ${r.management}, then ${r.workload} (${samples.length} polls of Helm's storage and both HelmReleases' status.history)`,
    ok,
    ...(!ok && { detail: describeWriters(w) }),
  };
}
