import type { K3sEnvironment } from '../model/resolve';
import { quote } from './shell';
import { WAIT, onNode, sshTo, waitFor } from './step';
import type { Step } from './step';

// Retiring an earlier install (environment.handover) once Flux owns what it installed: the
// HelmChart files in k3s's manifests folder, a credentials file, then the credentials themselves.

/** An object the tree holds (the component table lists them: src/components/handover.ts), as `kubectl get <resource> -n <namespace> <name>` reads it. */
export interface FluxOwnedObject {
  /** kubectl's `<kind>.<group>`, lowercase: never ambiguous with another API group's kind. */
  readonly resource: string;
  readonly namespace: string;
  readonly name: string;
  /** The Flux Kustomization that applies it: kustomize-controller labels it with this name. */
  readonly layer: string;
  /** For a HelmChart: the chart version the tree pins (what k3s's copy would put back). */
  readonly version?: string;
}

export interface HandoverPlan {
  /** The HelmCharts whose manifest files go, in the order the spec lists them. */
  readonly helmCharts: readonly FluxOwnedObject[];
  /** Every object whose ownership by Flux is checked before and after (the HelmCharts first). */
  readonly owned: readonly FluxOwnedObject[];
}

/** Annotations and the label k3s's deploy controller sets through wrangler's apply (objectset.rio.cattle.io). */
const K3S_OWNERSHIP = {
  metadata: {
    labels: { 'objectset.rio.cattle.io/hash': null },
    annotations: Object.fromEntries(['applied', 'id', 'owner-gvk', 'owner-name', 'owner-namespace'].map((k) => [`objectset.rio.cattle.io/${k}`, null])),
  },
};

const get = (o: FluxOwnedObject, jsonpath: string) => `kubectl -n ${o.namespace} get ${o.resource} ${o.name} -o jsonpath=${quote(`{${jsonpath}}`)}`;

/** A line that fails unless kustomize-controller applied the object from its layer (its owner labels). */
export function fluxOwns(o: FluxOwnedObject): string {
  const labels = get(o, '.metadata.labels.kustomize\\.toolkit\\.fluxcd\\.io/name}/{.metadata.labels.kustomize\\.toolkit\\.fluxcd\\.io/namespace');
  return `test "$(${labels})" = ${o.layer}/flux-system || { echo ${quote(`${o.namespace}/${o.name} (${o.resource}) is not applied by the Flux Kustomization flux-system/${o.layer}`)} >&2; exit 1; }`;
}

/**
 * One HelmChart's manifest file, found through k3s's own record: the object's owner annotation
 * names the Addon k3s made for the file, whose spec.source is its path. Removing a file applies and
 * deletes nothing (k3s-io/k3s pkg/deploy/controller.go: listFilesIn walks only the files present;
 * objects are deleted only for a file named by --disable), so the HelmChart and its release stay.
 */
function removeManifest(env: K3sEnvironment, o: FluxOwnedObject): string {
  const folder = `${env.k3s.dataDir}/server/manifests/`;
  // No `exit 0` for an object no manifest applies: run.sh would end there, skipping the rest.
  const remove = [
    `file=$(kubectl -n kube-system get addon.k3s.cattle.io "$addon" -o jsonpath='{.spec.source}')`,
    `case "$file" in ${folder}*) ;; *) echo "k3s Addon $addon names $file, outside ${folder}" >&2; exit 1 ;; esac`,
    `echo "${o.namespace}/${o.name}: removing $file (k3s Addon $addon)"`,
    `printf '%s\\0' "$file" | ${sshTo(env, env.founder)} ${quote('sudo xargs -0 rm --force --')}`,
  ].join('; ');
  return `addon=$(${get(o, '.metadata.annotations.objectset\\.rio\\.cattle\\.io/owner-name')}); if [ -z "$addon" ]; then echo ${quote(`${o.namespace}/${o.name}: no k3s manifest applies it`)}; else ${remove}; fi`;
}

/** The cold-build step that retires the earlier install: every line stops the run when it fails. */
export function handoverStep(env: K3sEnvironment, plan: HandoverPlan): Step {
  const { founder } = env;
  const files = env.handover?.files ?? [];
  const layers = [...new Set(plan.owned.map((o) => o.layer))];
  const held = files.flatMap((f) => f.held);
  return {
    title: `Retire the earlier install on ${founder.name}`,
    where: `workstation, then ${founder.name}`,
    notes: [
      `Only once Flux owns them: each object below must carry the labels kustomize-controller sets on what it applies (\`kustomize.toolkit.fluxcd.io/name\` = its layer, \`…/namespace\` = flux-system), or nothing is touched.`,
      ...(plan.helmCharts.length > 0
        ? [
            `Then the manifest files of ${plan.helmCharts.map((o) => `\`${o.name}\``).join(' and ')} leave \`${env.k3s.dataDir}/server/manifests/\`: k3s re-applies that folder at every start, putting the earlier install's HelmCharts back over Git's. Each file is found through k3s's own record, not by its name: the HelmChart's annotation \`objectset.rio.cattle.io/owner-name\` names the k3s Addon made for the file (its name before the first dot, e.g. \`helmchart-cert-manager\` for a template \`helmchart-cert-manager.yaml.j2\`), and the Addon's \`spec.source\` is the file. Removing a file deletes nothing (k3s deletes objects only for a file named by \`--disable\`, so never disable them); then k3s's ownership annotations come off the objects, so no later manifest of that name can prune them. The Addon records stay, inert.`,
          ]
        : []),
      ...(files.length > 0
        ? [
            `${files.map((f) => `\`${f.path}\``).join(', ')} ${files.length > 1 ? 'are' : 'is'} shredded. That proves nothing on a journaled or copy-on-write disk (ext4's journal, a thin LVM volume, snapshots, backups keep old blocks; GNU shred's own manual says so)${held.length > 0 ? `: rotate ${held.map((s) => `\`${s}\``).join(', ')} next (Day 2, "Rotate …")` : ''}.`,
          ]
        : []),
      `Last, k3s restarts on ${founder.name} (the API is down meanwhile) and, once its deploy controller has walked the folder (every 15 s), every object is checked again: still there, still Flux's${plan.helmCharts.length > 0 ? ', at the chart version Git pins' : ''}. Then remove \`handover\` from \`environments/${env.name}.ts\`.`,
    ],
    commands: [
      ...layers.map((l) => `kubectl -n flux-system wait kustomization/${l} --for=condition=Ready --timeout=${WAIT.flux}`),
      ...plan.owned.map(fluxOwns),
      ...plan.helmCharts.flatMap((o) => [removeManifest(env, o), `kubectl -n ${o.namespace} patch ${o.resource} ${o.name} --type=merge -p ${quote(JSON.stringify(K3S_OWNERSHIP))}`]),
      ...files.map((f) => onNode(env, founder, `if sudo test -e ${f.path}; then sudo shred --remove --zero ${f.path}; fi; ! sudo test -e ${f.path}`)),
      onNode(env, founder, 'sudo systemctl restart k3s'),
      waitFor(WAIT.apiserver, `kubectl get --raw /readyz >/dev/null 2>&1`),
      `kubectl wait --for=condition=Ready node/${founder.name} --timeout=${WAIT.rollout}`,
      'sleep 30',
      ...plan.owned.map(fluxOwns),
      ...plan.helmCharts.flatMap((o) => [
        `test -z "$(${get(o, '.metadata.annotations.objectset\\.rio\\.cattle\\.io/owner-name')})" || { echo ${quote(`${o.namespace}/${o.name} is still applied from a k3s manifest`)} >&2; exit 1; }`,
        `test "$(${get(o, '.spec.version')})" = ${o.version} || { echo ${quote(`${o.namespace}/${o.name} is not at ${o.version}, the version Git pins`)} >&2; exit 1; }`,
      ]),
    ],
  };
}
