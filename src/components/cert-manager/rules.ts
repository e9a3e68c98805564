import semver from 'semver';
import { certManagerKubernetes, entryFor, minorOf, sourceOf } from '../../model/compatibility';
import { kubernetesVersionPath } from '../../model/resolve';
import type { Environment } from '../../model/resolve';
import type { Rule } from '../../model/violation';

const minorValue = (minor: string) => semver.coerce(minor)!;

/**
 * cert-manager's invariants, wherever it is installed (for Cluster API's webhooks, or for the
 * Gateway's certificate): `installed` is the component's own configure().
 */
export const certManagerRules = (installed: (env: Environment) => boolean): readonly Rule[] => [
  {
    code: 'compat.cert-manager-kubernetes',
    severity: 'error',
    summary: "the cert-manager pin supports the environment's Kubernetes minor (cert-manager's supported releases, vendored)",
    check: (env) => {
      // A k3s version that names no release is k3s.version-suffix's to report, a kubeadm one workload.kubernetes-version's.
      const release = env.k3s ? /^v\d+\.\d+\.\d+\+k3s\d+$/ : /^v\d+\.\d+\.\d+$/;
      if (!installed(env) || !release.test(env.kubernetesVersion)) return [];
      const minor = minorOf(env.kubernetesVersion);
      const certManager = env.versions.charts.certManager.version;
      // A cert-manager minor the data does not know is compat.unknown-release's warning.
      const range = entryFor(certManagerKubernetes, minorOf(certManager) ?? certManager);
      if (!minor || !range || (semver.gte(minorValue(minor), minorValue(range.min)) && semver.lte(minorValue(minor), minorValue(range.max)))) return [];
      return [{
        path: kubernetesVersionPath(env),
        value: env.kubernetesVersion,
        message: `cert-manager ${certManager} supports Kubernetes ${range.min} to ${range.max} (${sourceOf(certManagerKubernetes.source, certManagerKubernetes.file)}), not ${minor}`,
        fix: `pin a ${env.k3s ? 'k3s' : 'Kubernetes'} release between v${range.min} and v${range.max}, or a cert-manager release that supports ${minor} (versions.charts.certManager)`,
      }];
    },
  },
];
