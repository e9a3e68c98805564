import { ApiObject } from 'cdk8s';
import type { Construct } from 'constructs';
import * as helm from '../imports/flux-helmrelease-helm.toolkit.fluxcd.io';
import { durationSeconds, HELM_TIMEOUT } from '../model/helm-timeout';
import { LAYER_TIMEOUT } from './flux-layer';
import { KustomizationFolder } from './kustomization-folder';

/**
 * How long a HelmRelease whose dependency is not Ready waits before it looks again:
 * helm-controller v1.6.3's `--requeue-dependency` default (main.go). It never looks sooner: the
 * controller watches no HelmRelease for its dependents (internal/controller/helmrelease_manager.go).
 */
export const DEPENDENCY_REQUEUE = '30s';

/** One HelmRelease as a waiting Kustomization sees it: its timeout and what it installs after. */
export interface ReleaseWait {
  readonly name: string;
  readonly namespace: string;
  /** `spec.timeout`. @default HELM_TIMEOUT, helm-controller's own */
  readonly timeout?: string;
  /** `spec.dependsOn`, a missing namespace being the release's own. */
  readonly dependsOn: readonly { readonly name: string; readonly namespace?: string }[];
}

const key = (name: string, namespace: string) => `${namespace}/${name}`;

/**
 * The longest a first install of `releases` can take before each is Ready: a release installs once
 * the releases it depends on are Ready (helm-controller v1.6.3 `checkDependencies`, then a requeue),
 * so a dependsOn chain takes the sum of its timeouts and one DEPENDENCY_REQUEUE per link; chains
 * run side by side (the FluxInstance's size gives every release a worker, flux-cluster-size.ts), so
 * the longest chain is the answer. A dependency outside `releases` is another layer's: Ready
 * before this layer starts.
 */
export function installSeconds(releases: readonly ReleaseWait[]): number {
  const byKey = new Map(releases.map((r) => [key(r.name, r.namespace), r]));
  const done = new Map<string, number>();
  const finish = (release: ReleaseWait, path: ReadonlySet<string>): number => {
    const own = key(release.name, release.namespace);
    const known = done.get(own);
    if (known !== undefined) return known;
    const before = release.dependsOn
      .map((d) => byKey.get(key(d.name, d.namespace ?? release.namespace)))
      // A cycle never becomes Ready; its first link counts once (flux.* rules are no place for it here).
      .filter((d): d is ReleaseWait => d !== undefined && !path.has(key(d.name, d.namespace)))
      .map((d) => finish(d, new Set([...path, own])) + durationSeconds(DEPENDENCY_REQUEUE));
    const seconds = Math.max(0, ...before) + durationSeconds(release.timeout ?? HELM_TIMEOUT);
    done.set(own, seconds);
    return seconds;
  };
  return Math.max(0, ...releases.map((r) => finish(r, new Set())));
}

/** Seconds as a Go duration the Kustomization CRD accepts, largest units first: 1830 → `30m30s`, 3600 → `1h`. */
export function goDuration(seconds: number): string {
  const parts: [number, string][] = [[Math.floor(seconds / 3600), 'h'], [Math.floor((seconds % 3600) / 60), 'm'], [seconds % 60, 's']];
  return parts.filter(([n]) => n > 0).map(([n, unit]) => `${n}${unit}`).join('') || '0s';
}

/** The folder whose Flux Kustomization applies `construct`: the nearest detached folder above it (a layer's, or a nested Kustomization's). */
const appliedBy = (construct: Construct) =>
  construct.node.scopes.filter((s): s is KustomizationFolder => s instanceof KustomizationFolder && s.detached).pop();

/** The HelmReleases the Kustomization of `folder` applies itself, read from the objects as they render. */
export function appliedReleases(folder: KustomizationFolder): ReleaseWait[] {
  return folder.node
    .findAll()
    // By kind: cdk8s answers `instanceof` of any ApiObject subclass for every ApiObject.
    .filter((c): c is ApiObject => ApiObject.isApiObject(c) && c.apiVersion === helm.HelmRelease.GVK.apiVersion && c.kind === helm.HelmRelease.GVK.kind && appliedBy(c) === folder)
    .map((release) => {
      const { metadata, spec } = release.toJson() as { metadata: { name: string; namespace: string }; spec: helm.HelmReleaseSpec };
      return { name: metadata.name, namespace: metadata.namespace, timeout: spec.timeout, dependsOn: spec.dependsOn ?? [] };
    });
}

/**
 * A waiting layer's timeout: long enough for the first install of every HelmRelease it applies
 * (installSeconds), LAYER_TIMEOUT at least. kustomize-controller v1.9.4 gives the wait for every
 * applied object no more than `spec.timeout` (internal/controller/kustomization_controller.go
 * `checkHealth`, `WaitForSetWithContext`), and fails the layer after it.
 */
export function layerTimeout(folder: KustomizationFolder): string {
  const seconds = installSeconds(appliedReleases(folder));
  return seconds > durationSeconds(LAYER_TIMEOUT) ? goDuration(seconds) : LAYER_TIMEOUT;
}
