import { Construct } from 'constructs';
import type * as instance from '../../imports/flux-instance-fluxcd.controlplane.io';
import type { ChartRelease } from '../../charts/chart';
import type { GatewayApiCrdsProps } from '../../k8s/gateway-api-source';
import { SOPS_AGE_SECRET } from '../../k8s/flux-layer';
import { FLUX_NAMESPACE } from '../../k8s/flux-sync';
import type { WorkloadCluster } from '../../model/workload';
import { fluxDir } from '../../tree/paths';
import { encryptedSecretProblems } from './encrypted-secret';
import { handoverNames } from './names';
import { HandoverReleases } from './releases';
import { RemoteFlux } from './remote-flux';
import { RemoteGatewayApiCrds } from './remote-gateway-api';

export interface WorkloadHandoverProps {
  /** The workload cluster (its name, the namespace of its Cluster, its kubeconfig Secret). */
  readonly cluster: WorkloadCluster;
  /** The Cilium release of the workload tree (ciliumRelease of the workload environment), object for object. */
  readonly cilium: ChartRelease;
  /** The Gateway API release of the workload tree (`versions.gatewayApi` of the workload environment). */
  readonly gatewayApi: GatewayApiCrdsProps;
  /** The flux-operator release of the workload tree (fluxOperatorRelease of its catalogue). */
  readonly fluxOperator: ChartRelease;
  /** The FluxInstance of the workload tree (fluxInstanceProps of the workload environment and its size). */
  readonly fluxInstance: instance.FluxInstanceProps;
  /** The encrypted `flux-system/sops-age` of the workload cluster: its age identity (`age.agekey`), encrypted to mgmt's recipients. */
  readonly sopsAge: string;
  /** The encrypted pull secret the FluxInstance's sync names, encrypted to mgmt's recipients. @default none (a public repository) */
  readonly pullSecret?: string;
  /** The management environment's age recipients (what the Secrets must be encrypted to). */
  readonly managementRecipients: readonly string[];
  /** The operator has seen the workload's own Flux Ready and handed the cluster over to it. */
  readonly handedOver: boolean;
  /** mgmt's synced folder in the repository. @default fluxDir(cluster.management) */
  readonly managementFluxPath?: string;
}

/**
 * What mgmt's Flux does for a new workload cluster until the cluster's own Flux owns it, written
 * into a folder of mgmt's tree, every object beside the Cluster (`cluster.namespace`, where its
 * kubeconfig Secret is). In order, each Ready before the next starts:
 *
 * 1. `<c>-gateway-api`: the Gateway API CRDs (Cilium's operator looks for them once, at start);
 * 2. `<c>-releases`: Cilium (the cluster has no CNI until then), then flux-operator, both as the
 *    workload tree's own HelmReleases release them, so that tree's HelmReleases adopt them;
 * 3. `<c>-flux`: the workload tree's FluxInstance, syncing `clusters/<c>/kubernetes`, and the
 *    Secrets its Flux needs first (its SOPS identity, the pull secret).
 *
 * `handedOver` turns every one of them inert without deleting anything, so no release has two
 * controllers and nothing is uninstalled: see
 * docs/decisions/0124-handing-a-workload-cluster-over-to-its-own-flux.md.
 */
export class WorkloadHandover extends Construct {
  public constructor(scope: Construct, id: string, props: WorkloadHandoverProps) {
    super(scope, id);
    const { cluster, handedOver } = props;
    const fluxPath = props.managementFluxPath ?? fluxDir(cluster.management);
    const names = handoverNames(cluster);
    const pull = props.fluxInstance.spec?.sync?.pullSecret;
    const secrets = [
      { namespace: FLUX_NAMESPACE, name: SOPS_AGE_SECRET, content: props.sopsAge },
      ...(pull && props.pullSecret !== undefined ? [{ namespace: FLUX_NAMESPACE, name: pull, content: props.pullSecret }] : []),
    ];
    const expect = { management: cluster.management, recipients: props.managementRecipients };
    const problems = [
      ...(pull && props.pullSecret === undefined ? [`the FluxInstance syncs with ${FLUX_NAMESPACE}/${pull}: give its encrypted file (pullSecret)`] : []),
      ...(!pull && props.pullSecret !== undefined ? ['a pullSecret is given but the FluxInstance names none'] : []),
      ...secrets.flatMap((s) => encryptedSecretProblems(s, { ...expect, keySuffix: s.name === SOPS_AGE_SECRET ? '.agekey' : undefined })),
    ];
    if (problems.length > 0) throw new Error(`${this.node.path}: the handover of ${cluster.name} cannot be written:\n${problems.map((p) => `  ${p}`).join('\n')}`);

    new RemoteGatewayApiCrds(this, 'gateway-api', { cluster, gatewayApi: props.gatewayApi, handedOver });
    new HandoverReleases(this, 'releases', { cluster, releases: [props.cilium, props.fluxOperator], after: [names.gatewayApi], handedOver, fluxPath });
    new RemoteFlux(this, 'flux', { cluster, instance: props.fluxInstance, secrets, after: [names.releases], handedOver, fluxPath });
  }
}
