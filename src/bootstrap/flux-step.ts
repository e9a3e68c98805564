import { fluxOperatorRelease } from '../k8s/flux-instance';
import type { K3sEnvironment } from '../model/resolve';
import { FLUX_INSTANCE_FILE } from '../tree/paths';
import { REPO_ROOT, WAIT, applySecret } from './step';
import type { Step } from './step';

/** How the runbook applies the FluxInstance (`file` as the shell running it sees it); verify's fix says the same. */
export const applyFluxInstance = (file: string) => `kubectl apply --server-side -f ${file}`;

/** Flux through flux-operator, or the hand-over from a `flux bootstrap` install. */
export function fluxStep(env: K3sEnvironment): Step {
  const operator = fluxOperatorRelease(env.versions);
  const ageKey = `${REPO_ROOT}/.age/${env.name}.agekey`;
  const secrets = env.secrets.length > 0 || env.flux.pullSecret !== undefined;
  const pull = env.flux.pullSecret;
  const install = `helm upgrade --install ${operator.name} ${operator.oci} --version ${operator.version} --namespace ${operator.namespace} --create-namespace --wait --timeout ${WAIT.flux}`;
  if (env.flux.bootstrapped) {
    return {
      title: 'Flux: hand the bootstrapped Flux over to flux-operator',
      where: 'workstation',
      notes: [
        'The cluster runs Flux from `flux bootstrap`. The operator takes over its controllers and its `flux-system` sync in place (no downtime); the annotations keep the root Kustomization from pruning them when the next commit drops `gotk-components.yaml` and the sync files.',
        `Then: remove \`flux.bootstrapped\` from \`environments/${env.name}.ts\`, \`git rm clusters/${env.name}/kubernetes/flux-system/gotk-components.yaml\`, \`npm run synth\`, commit and merge.`,
      ],
      commands: [
        install,
        applyFluxInstance(FLUX_INSTANCE_FILE.replace('bootstrap/', '')),
        `kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready --timeout=${WAIT.flux}`,
        'kubectl annotate --overwrite -f ../kubernetes/flux-system/gotk-components.yaml kustomize.toolkit.fluxcd.io/prune=disabled',
        'kubectl -n flux-system annotate --overwrite gitrepository/flux-system kustomization/flux-system kustomize.toolkit.fluxcd.io/prune=disabled',
      ],
    };
  }
  return {
    title: 'Flux, through flux-operator',
    where: 'workstation',
    notes: [
      `flux-operator ${operator.version} installs Flux ${env.versions.flux.version} as \`flux-instance.yaml\` says, with the sync of \`${env.flux.path}\`. From then on Flux keeps the operator's release and the FluxInstance (both in \`kubernetes/flux-system/\`) applied from Git.`,
      ...(secrets ? [`Flux decrypts the tree's SOPS Secrets with the age identity of ${env.name} (\`npm run secrets -- init ${env.name}\` wrote it to \`.age/${env.name}.agekey\`, outside Git). The Secret \`sops-age\` is applied server-side, so no \`last-applied-configuration\` annotation holds the key; a copy an earlier client-side apply left is removed.`] : []),
      ...(pull ? [`Flux pulls the repository with the Secret \`flux-system/${pull}\`, decrypted here from \`secrets/${env.name}/\` and applied once; Flux keeps it applied afterwards.`] : []),
    ],
    commands: [
      install,
      ...(secrets ? [`kubectl -n flux-system create secret generic sops-age --from-file=age.agekey=${ageKey} --dry-run=client -o yaml | ${applySecret('flux-system', 'sops-age')}`] : []),
      ...(pull ? [`(cd ${REPO_ROOT} && SOPS_AGE_KEY_FILE=.age/${env.name}.agekey npm run --silent secrets -- show ${env.name} flux-system/${pull}) | ${applySecret('flux-system', pull)}`] : []),
      applyFluxInstance(FLUX_INSTANCE_FILE.replace('bootstrap/', '')),
      `kubectl -n flux-system wait fluxinstance/flux --for=condition=Ready --timeout=${WAIT.flux}`,
      `kubectl -n flux-system wait kustomization/flux-system --for=condition=Ready --timeout=${WAIT.flux}`,
      'kubectl -n flux-system get kustomizations',
    ],
  };
}
