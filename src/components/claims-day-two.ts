import { quote } from '../bootstrap/shell';
import { WAIT, waitFor } from '../bootstrap/step';
import type { Step } from '../bootstrap/step';
import type { ChartRelease } from '../charts/chart';
import { durationSeconds } from '../model/helm-timeout';
import { K3S_LOCAL_PATH, K3S_LOCAL_STORAGE } from '../model/k3s-packaged';
import type { Environment } from '../model/resolve';
import { claimName } from './entry';
import type { VolumeClaim } from './entry';
import { LONGHORN_STORAGE_CLASS } from './longhorn/chart';
import { enabledComponents } from './table';

// A StatefulSet's volumeClaimTemplates cannot change, and a claim already made is reused by name
// whatever its class: moving a volume to Longhorn is deleting the claim and letting the
// StatefulSet make it again. The claim is deleted first: it goes once no scheduled pod uses it,
// and a pod whose claim is being deleted is never started (kubernetes
// pkg/controller/volume/pvcprotection/pvc_protection_controller.go podUsesPVC), so the old volume
// cannot be mounted again; then the StatefulSet, whose controller, remade, makes the claim from
// the new template for its Pending pod (pkg/controller/statefulset/stateful_set_control.go,
// createMissingPersistentVolumeClaims).

/** The claim's class and phase, `class/phase` (empty once it is gone). */
const classOf = (claim: VolumeClaim) => `kubectl -n ${claim.statefulSet.namespace} get pvc ${claimName(claim)} -o jsonpath='{.spec.storageClassName}/{.status.phase}' 2>/dev/null`;

/** How long each wait of a move lasts: a rollout's (the runbook's WAIT.rollout). */
const ROLLOUT_SECONDS = durationSeconds(WAIT.rollout);

/** Each line acts only when the claim was on local-path as the first line found it: a claim already on Longhorn is left alone. */
const onLocalPath = (command: string) => `[ "$CLASS_WAS" != ${K3S_LOCAL_PATH} ] || ${command}`;

function move(claim: VolumeClaim, release: ChartRelease): string[] {
  const { namespace, name } = claim.statefulSet;
  const pvc = claimName(claim);
  return [
    // Flux has applied the values naming the new class: what the StatefulSet is remade from.
    waitFor(ROLLOUT_SECONDS, `[ "$(kubectl -n ${release.namespace} get helmrelease ${release.name} -o jsonpath='{.spec.values.${claim.valuesPath}}')" = ${claim.storageClass} ]`, 10),
    // …and, for an operator's StatefulSet, Helm has applied them to what the operator reads.
    ...(claim.madeFrom
      ? [waitFor(ROLLOUT_SECONDS, `[ "$(kubectl -n ${namespace} get ${claim.madeFrom.resource} ${claim.madeFrom.name} -o jsonpath='{${claim.madeFrom.classField}}')" = ${claim.storageClass} ]`, 10)]
      : []),
    `CLASS_WAS="$(kubectl -n ${namespace} get pvc ${pvc} -o jsonpath='{.spec.storageClassName}' 2>/dev/null)"; TOKEN="$(date +%s)"; echo "${pvc}: \${CLASS_WAS:-no claim}"`,
    ...[
      `kubectl -n ${namespace} delete pvc ${pvc} --wait=false`,
      `kubectl -n ${namespace} delete statefulset ${name} --cascade=foreground --ignore-not-found --timeout=${WAIT.rollout}`,
      `kubectl -n ${namespace} wait --for=delete pvc/${pvc} --timeout=${WAIT.rollout}`,
      // Helm alone puts a chart's StatefulSet back: a forced upgrade, now (helm-controller v1.6.3
      // docs/spec/v2/helmreleases.md "Forcing a release").
      ...(claim.recreatedBy === 'helm'
        ? [`kubectl -n ${release.namespace} annotate --field-manager=flux-client-side-apply --overwrite helmrelease/${release.name} "reconcile.fluxcd.io/requestedAt=$TOKEN" "reconcile.fluxcd.io/forceAt=$TOKEN"`]
        : []),
      waitFor(ROLLOUT_SECONDS, `[ "$(${classOf(claim)})" = ${quote(`${claim.storageClass}/Bound`)} ]`, 10),
    ].map(onLocalPath),
  ];
}

/**
 * Day 2 on a cluster built before the platform's claims named Longhorn's class: they were made on
 * k3s's local-path and stay there until deleted. Their data is dropped, not copied (decided in
 * docs/decisions/0093-storage-longhorn-the-only-default-class-claims-that-name-it.md), then k3s's local-storage goes with the rolling restart.
 */
export function claimsDayTwoSteps(env: Environment): Step[] {
  // k3s HelmCharts have no forced upgrade to remake a chart's StatefulSet: Flux installs only.
  if (!env.longhorn || env.helmInstaller !== 'flux') return [];
  const moved = enabledComponents(env).flatMap(({ entry, config }) => {
    const release = entry.chart?.(config, env);
    return release ? (entry.claims?.(config) ?? []).filter((claim) => claim.storageClass === LONGHORN_STORAGE_CLASS).map((claim) => ({ claim, release })) : [];
  });
  if (moved.length === 0) return [];
  const named = moved.map(({ claim }) => `${claim.what} (StatefulSet ${claim.statefulSet.namespace}/${claim.statefulSet.name}, claim ${claimName(claim)})`);
  return [{
    title: `Volumes made on ${K3S_LOCAL_PATH} before Longhorn was the only class`,
    where: 'workstation',
    notes: [
      `Once, on a cluster whose volumes were made while k3s's ${K3S_LOCAL_PATH} was a default class (the first command lists every claim with its class; a cluster built with Longhorn as the only default has none on ${K3S_LOCAL_PATH}, and nothing to do). A StatefulSet's claim templates cannot change and a claim is reused by name whatever its class, so each claim below is deleted and made again on \`${LONGHORN_STORAGE_CLASS}\`: ${named.join('; ')}.`,
      'Their data is dropped: the history of metrics and logs within their retention (they fill again from now on). Each move waits for Flux to have applied the values naming the new class; a StatefulSet its operator owns is remade by the operator, one Helm owns by a forced upgrade of its HelmRelease (which fails until then: its claim template differs from the running one).',
      `Do this before the rolling restart that disables ${K3S_LOCAL_STORAGE} ("A server's k3s config changed"): the local-path provisioner deletes the old volumes' directories only while it runs. After the restart, k3s deletes the ${K3S_LOCAL_PATH} class, its provisioner and their configuration (the objects it applied for ${K3S_LOCAL_STORAGE}). A claim an app still holds on ${K3S_LOCAL_PATH} keeps working (the kubelet mounts a local volume itself), but deleting it then leaves its directory on the node: move it first, the same way.`,
    ],
    commands: [
      'kubectl get pvc -A -o custom-columns=NAMESPACE:.metadata.namespace,NAME:.metadata.name,CLASS:.spec.storageClassName,STATUS:.status.phase',
      ...moved.flatMap(({ claim, release }) => move(claim, release)),
      `kubectl get pv -o custom-columns=NAME:.metadata.name,CLASS:.spec.storageClassName,CLAIM:.spec.claimRef.name,STATUS:.status.phase | grep -w ${K3S_LOCAL_PATH} || echo 'no volume left on ${K3S_LOCAL_PATH}'`,
    ],
  }];
}
