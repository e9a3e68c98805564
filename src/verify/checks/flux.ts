import { applyFluxInstance } from '../../bootstrap/flux-step';
import { FLUX_INSTANCE_FILE, fluxDir, treeDir } from '../../tree/paths';
import type { EnvironmentTree } from '../../validate/tree-objects';
import type { ExpectedRevision, LiveKind, VerifyCheck, VerifyInput, VerifyLine } from '../types';
import { FLUX_OPERATOR_GROUP, HELM_GROUP, KUSTOMIZE_GROUP, expectedFluxObjects, pinnedChartVersion, pinnedSourceRef, sourceKey, suspendedBy, syncSource, treeFluxInstance } from './flux-expected';
import { parseFluxRevision } from '../revision';
import type { ExpectedObject } from './flux-expected';
import { byName, listed, notReady, objectName } from './live-objects';

/** The kinds the Flux check lists (versions as the vendored CRDs serve them: schemas/SOURCES.md). */
export const FLUX_INSTANCES: LiveKind = { group: FLUX_OPERATOR_GROUP, version: 'v1', resource: 'fluxinstances', kind: 'FluxInstance', namespace: 'flux-system' };
export const KUSTOMIZATIONS: LiveKind = { group: KUSTOMIZE_GROUP, version: 'v1', resource: 'kustomizations', kind: 'Kustomization' };
export const HELM_RELEASES: LiveKind = { group: HELM_GROUP, version: 'v2', resource: 'helmreleases', kind: 'HelmRelease' };

const INSTALL_FLUX = 'install Flux as the runbook does (its flux-operator and FluxInstance steps), then run verify again';

/** `v2.9.4@sha256:…` (flux-operator v0.58.1 internal/builder/build.go: `<version>@<digest>` of the distribution's manifests) → `2.9.4`. */
const distributionVersion = (revision: unknown) => (typeof revision === 'string' && revision.includes('@') ? revision.slice(0, revision.indexOf('@')).replace(/^v/, '') : undefined);

function instanceLines({ tree, live }: VerifyInput): VerifyLine[] {
  const instance = treeFluxInstance(tree);
  if (instance === undefined) return [];
  const list = listed(live, FLUX_INSTANCES, 'flux.instance', INSTALL_FLUX);
  if (list.line) return [list.line];
  const subject = `FluxInstance ${objectName(instance.doc)}`;
  const want = String(instance.doc.spec?.distribution?.version ?? '').replace(/^v/, '');
  const found = list.items.find((i) => objectName(i) === objectName(instance.doc));
  if (found === undefined) return [{ check: 'flux.instance', outcome: 'drift', subject, expected: `present (${instance.file})`, live: 'absent', fix: `apply it as the runbook does: ${applyFluxInstance(`${treeDir(tree.env)}/${FLUX_INSTANCE_FILE}`)}` }];
  const why = notReady(found);
  const applied = distributionVersion(found.status?.lastAppliedRevision);
  return [
    why === undefined
      ? { check: 'flux.instance', outcome: 'pass', subject, expected: 'Ready', live: 'Ready' }
      : { check: 'flux.instance', outcome: 'drift', subject, expected: 'Ready', live: why, fix: `see kubectl -n ${found.metadata.namespace} describe fluxinstance ${found.metadata.name} and the flux-operator logs` },
    applied === want
      ? { check: 'flux.distribution', outcome: 'pass', subject, expected: `Flux ${want}`, live: `Flux ${applied}` }
      : {
          check: 'flux.distribution',
          outcome: 'drift',
          subject,
          expected: `Flux ${want} (spec.distribution.version)`,
          live: applied === undefined ? 'no distribution applied yet (status.lastAppliedRevision empty)' : `Flux ${applied} (status.lastAppliedRevision ${found.status.lastAppliedRevision})`,
          fix: `let flux-operator reconcile the instance (flux-operator v0.58.1 ships the distribution it needs): kubectl -n ${found.metadata.namespace} annotate fluxinstance ${found.metadata.name} reconcile.fluxcd.io/requestedAt="$(date +%s)" --overwrite`,
        },
  ];
}

/** The words of a revision that does not contain the expected commit. */
function revisionLine(env: string, subject: string, liveRevision: unknown, revision: ExpectedRevision, reconcile: string): VerifyLine {
  const check = 'flux.revision';
  if (revision.commit === undefined) {
    return { check, outcome: 'not-checkable', subject, expected: `a commit that changed ${fluxDir(env)}/`, live: String(liveRevision ?? 'none'), fix: `commit the synthesized tree (git log -- ${fluxDir(env)} finds no commit), or pass --revision <sha>` };
  }
  const expected = `contains ${revision.commit}, ${fluxDir(env)}/ unchanged since`;
  if (typeof liveRevision !== 'string' || liveRevision === '') return { check, outcome: 'drift', subject, expected, live: 'nothing applied yet (status.lastAppliedRevision empty)', fix: reconcile };
  const answer = revision.contains(liveRevision);
  if (answer === 'yes') return { check, outcome: 'pass', subject, expected, live: liveRevision };
  if (answer === 'unknown') {
    return { check, outcome: 'not-checkable', subject, expected, live: `${liveRevision}: not in the local history, cannot tell`, fix: 'git fetch the branch Flux syncs so its head is in the local history, or pass --revision <sha>' };
  }
  const relation = revision.relation?.(liveRevision);
  const words = relation === 'behind' ? 'older than the commit (not a descendant)' : relation === 'changed-since' ? `past the commit, with ${fluxDir(env)}/ changed since` : 'does not contain the commit';
  return { check, outcome: 'drift', subject, expected, live: `${liveRevision}: ${words}`, fix: reconcile };
}

/** Suspension as the tree says; a line only where it differs or the tree suspends. `reconcile` applies the tree's. */
/** A Kustomization of another source (Gateway API's CRDs from upstream): its revision names the tag the tree pins. */
function pinnedRefLine(subject: string, liveRevision: unknown, ref: string | undefined, reconcile: string): VerifyLine[] {
  if (ref === undefined) return [];
  const expected = `a revision of ${ref}`;
  if (typeof liveRevision !== 'string' || liveRevision === '') return [{ check: 'flux.revision', outcome: 'drift', subject, expected, live: 'nothing applied yet (status.lastAppliedRevision empty)', fix: reconcile }];
  const live = parseFluxRevision(liveRevision).ref;
  return live === ref || live === `refs/tags/${ref}` || live === `refs/heads/${ref}`
    ? [{ check: 'flux.revision', outcome: 'pass', subject, expected, live: liveRevision }]
    : [{ check: 'flux.revision', outcome: 'drift', subject, expected, live: liveRevision, fix: reconcile }];
}

function suspendLine(subject: string, want: boolean, found: Record<string, any>, resource: string, reconcile: string): VerifyLine | undefined {
  const is = found.spec?.suspend === true;
  const words = (s: boolean) => (s ? 'suspended' : 'not suspended');
  if (is === want) return want ? { check: 'flux.suspend', outcome: 'pass', subject, expected: 'suspended', live: 'suspended' } : undefined;
  return {
    check: 'flux.suspend',
    outcome: 'drift',
    subject,
    expected: `${words(want)} (spec.suspend in the tree)`,
    live: words(is),
    // Resuming by hand is what the tree says; a suspension the tree asks for comes with its layer's apply.
    fix: want ? reconcile : `flux resume ${resource} ${found.metadata.name} -n ${found.metadata.namespace}`,
  };
}

/** The lines of one kind: presence, suspension, readiness and what `more` compares; then the live ones the tree lacks. */
function objectLines(input: VerifyInput, kind: LiveKind, expected: readonly ExpectedObject[], kustomizations: readonly ExpectedObject[], more: (e: ExpectedObject, found: Record<string, any>) => VerifyLine[]): VerifyLine[] {
  const resource = kind.kind.toLowerCase();
  const list = listed(input.live, kind, `flux.${resource}`, INSTALL_FLUX);
  if (list.line) return [list.line];
  // Listed items may omit kind (the API server's lists of built-in kinds do): one kind a list, matched by name.
  const live = new Map(list.items.map((i) => [objectName(i), i]));
  const lines = byName(expected.map((e) => e.doc)).flatMap((doc): VerifyLine[] => {
    const e = expected.find((x) => x.doc === doc)!;
    const subject = `${kind.kind} ${objectName(doc)}`;
    const held = suspendedBy(e, kustomizations);
    const found = live.get(objectName(doc));
    const [ownerNamespace, ownerName] = (e.owner ?? objectName(doc)).split('/');
    const reconcile = `flux reconcile kustomization ${ownerName} -n ${ownerNamespace} --with-source`;
    if (found === undefined) {
      return held
        ? [{ check: 'flux.present', outcome: 'not-checkable', subject, expected: `applied once layer ${held} resumes (the tree suspends it)`, live: 'absent' }]
        : [{ check: 'flux.present', outcome: 'drift', subject, expected: `present (${e.file})`, live: 'absent', fix: reconcile }];
    }
    const want = doc.spec?.suspend === true;
    const suspend = suspendLine(subject, want, found, resource, reconcile);
    // What the tree suspends (itself or its layer) is not reconciled: its readiness and revision say nothing.
    if (want || held) return suspend ? [suspend] : [];
    const why = notReady(found);
    const ready: VerifyLine = why === undefined
      ? { check: 'flux.ready', outcome: 'pass', subject, expected: 'Ready', live: 'Ready' }
      : { check: 'flux.ready', outcome: 'drift', subject, expected: 'Ready', live: why, fix: `flux events --for ${kind.kind}/${found.metadata.name} -n ${found.metadata.namespace}` };
    return [...(suspend ? [suspend] : []), ready, ...more(e, found)];
  });
  const wanted = new Set(expected.map((e) => objectName(e.doc)));
  const extra = byName(list.items.filter((i) => !wanted.has(objectName(i)))).map((i): VerifyLine => ({
    check: 'flux.unexpected',
    outcome: 'drift',
    subject: `${kind.kind} ${objectName(i)}`,
    expected: `absent (the tree of ${input.env.name} has no such ${kind.kind})`,
    live: `present${i.metadata?.labels?.['kustomize.toolkit.fluxcd.io/name'] ? ` (applied by Kustomization ${i.metadata.labels['kustomize.toolkit.fluxcd.io/namespace'] ?? ''}/${i.metadata.labels['kustomize.toolkit.fluxcd.io/name']})` : ''}`,
    fix: `add it to the environment, or delete it: flux delete ${resource} ${i.metadata?.name} -n ${i.metadata?.namespace}`,
  }));
  return [...lines, ...extra];
}

/**
 * The deployed chart is the pinned one. helm-controller v1.6.3 records a chart pulled from an
 * OCIRepository as its SemVer with the artifact digest's first 12 hex digits as build metadata and
 * no `v` (internal/controller/helmrelease_controller.go, mutateChartWithSourceRevision:
 * `ver.SetMetadata(sha)`, then `ver.String()`): `v1.21.2` deploys as `1.21.2+e59f51a56774`.
 * Build metadata carries no precedence (SemVer 2.0.0 §10), so it is left out of the comparison.
 */
export function sameChartVersion(live: unknown, pinned: string): boolean {
  if (typeof live !== 'string') return false;
  const core = (v: string) => v.replace(/^v/, '').replace(/\+[0-9A-Za-z.-]+$/, '');
  return live === pinned || core(live) === core(pinned);
}

/** A HelmRelease's deployed chart: the newest release of `status.history` (helm-controller v1.6.3 api/v2: newest first). */
function chartLine(e: ExpectedObject, found: Record<string, any>, tree: EnvironmentTree): VerifyLine {
  const subject = `HelmRelease ${objectName(found)}`;
  const pinned = pinnedChartVersion(e.doc, tree);
  const latest = Array.isArray(found.status?.history) ? found.status.history[0] : undefined;
  const attempted = found.status?.lastAttemptedRevision;
  const live = latest === undefined
    ? 'no release in status.history'
    : `chart ${latest.chartName} ${latest.chartVersion} (${latest.status}, release v${latest.version})${attempted && attempted !== latest.chartVersion ? `; last attempted ${attempted}` : ''}`;
  if (pinned === undefined) return { check: 'flux.chart', outcome: 'not-checkable', subject, expected: 'a pinned chart version', live, fix: 'pin the chart version in the environment (chart.spec.version, or its OCIRepository ref.tag)' };
  const expected = `chart ${pinned} deployed`;
  if (sameChartVersion(latest?.chartVersion, pinned) && latest.status === 'deployed') return { check: 'flux.chart', outcome: 'pass', subject, expected, live };
  return { check: 'flux.chart', outcome: 'drift', subject, expected, live, fix: `flux events --for HelmRelease/${found.metadata.name} -n ${found.metadata.namespace}; once fixed: flux reconcile helmrelease ${found.metadata.name} -n ${found.metadata.namespace} --with-source` };
}

/**
 * Flux as the tree says: the FluxInstance Ready at the pinned distribution; every Kustomization
 * and HelmRelease present, Ready and suspended as the tree says; each Kustomization at the expected
 * revision and each HelmRelease at its pinned chart; and none live that the tree lacks.
 */
export const fluxCheck: VerifyCheck = {
  area: 'flux',
  reads: () => [FLUX_INSTANCES, KUSTOMIZATIONS, HELM_RELEASES],
  run: (input) => {
    const { kustomizations, helmReleases } = expectedFluxObjects(input.tree);
    const reconcile = (found: Record<string, any>) => `flux reconcile kustomization ${found.metadata.name} -n ${found.metadata.namespace} --with-source`;
    const source = syncSource(input.tree);
    return [
      ...instanceLines(input),
      ...objectLines(input, KUSTOMIZATIONS, kustomizations, kustomizations, (e, found) => {
        const subject = `Kustomization ${objectName(found)}`;
        // Only the sync's own repository is this git history; another source is held to the ref the tree pins.
        if (source !== undefined && sourceKey(e.doc) === source) return [revisionLine(input.env.name, subject, found.status?.lastAppliedRevision, input.revision, reconcile(found))];
        return pinnedRefLine(subject, found.status?.lastAppliedRevision, pinnedSourceRef(e.doc, input.tree), reconcile(found));
      }),
      ...objectLines(input, HELM_RELEASES, helmReleases, kustomizations, (e, found) => [chartLine(e, found, input.tree)]),
    ];
  },
};
