import { Construct } from 'constructs';
import * as kcp from '../imports/capi-kubeadmcontrolplane-controlplane.cluster.x-k8s.io';
import type { WorkloadCluster } from '../model/workload';
import { providerIdArgs, rootUser } from './kubeadm';
import type { ContainerImage } from './kube-vip-files';
import { KUBE_VIP_PREPARE_PATH, kubeVipFiles } from './kube-vip-files';
import { controlPlaneName, machineTemplateRef } from './references';

export interface ControlPlaneProps {
  readonly cluster: WorkloadCluster;
  /** The control plane's ProxmoxMachineTemplate of its current generation. */
  readonly machineTemplate: string;
  readonly kubeVipImage: ContainerImage;
}

/**
 * Cilium replaces kube-proxy, so `kubeadm init` skips installing it (the phase Cilium's
 * kube-proxy-free guide skips: `kubeadm init --skip-phases=addon/kube-proxy`). Cluster API leaves a
 * missing kube-proxy alone on upgrades (v1.12.11 controlplane/kubeadm/internal/workload_cluster.go
 * UpdateKubeProxyImageInfo: "if kube-proxy is missing, return without errors").
 */
export const SKIP_KUBE_PROXY = 'addon/kube-proxy';

/**
 * The `KubeadmControlPlane` `<cluster>-control-plane` (CAPMOX v0.9.0 templates/cluster-template.yaml
 * lines 37–170): the control plane's machines from its current template generation, kube-vip as
 * a static pod holding the endpoint, and kube-proxy left out. The apiserver binds the endpoint's
 * port: kube-vip in ARP mode moves the address only, so the two are one number.
 */
export class ControlPlane extends Construct {
  public readonly name: string;

  public constructor(scope: Construct, id: string, props: ControlPlaneProps) {
    super(scope, id);
    const { cluster } = props;
    const bindPort = cluster.endpoint.port;
    this.name = controlPlaneName(cluster.name);
    new kcp.KubeadmControlPlaneV1Beta2(this, 'Resource', {
      metadata: { name: this.name, namespace: cluster.namespace },
      spec: {
        replicas: cluster.controlPlane.replicas,
        version: cluster.kubernetesVersion,
        machineTemplate: { spec: { infrastructureRef: machineTemplateRef(props.machineTemplate) } },
        kubeadmConfigSpec: {
          users: [rootUser(cluster.sshKeys)],
          files: kubeVipFiles(cluster, props.kubeVipImage),
          preKubeadmCommands: [KUBE_VIP_PREPARE_PATH],
          initConfiguration: {
            localApiEndpoint: { bindPort },
            nodeRegistration: { kubeletExtraArgs: providerIdArgs() },
            skipPhases: [SKIP_KUBE_PROXY],
          },
          joinConfiguration: {
            controlPlane: { localApiEndpoint: { bindPort } },
            nodeRegistration: { kubeletExtraArgs: providerIdArgs() },
          },
        },
      },
    });
  }
}
