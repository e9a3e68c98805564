import { Construct } from 'constructs';
import * as capi from '../imports/capi-cluster-cluster.x-k8s.io';
import type { WorkloadCluster } from '../model/workload';
import { CLUSTER_NAME_LABEL, controlPlaneName, controlPlaneRef, proxmoxClusterRef } from './references';

export interface CapiClusterProps {
  readonly cluster: WorkloadCluster;
}

/**
 * The Cluster API `Cluster` (CAPMOX v0.9.0 templates/cluster-template.yaml lines 1–19): the
 * ProxmoxCluster as its infrastructure, the KubeadmControlPlane as its control plane. Both CIDRs
 * are explicit, where the template sets pods only: the kubeadm bootstrap provider passes them to
 * kubeadm as podSubnet and serviceSubnet (Cluster API v1.12.11
 * bootstrap/kubeadm/internal/controllers/kubeadmconfig_controller.go lines 1321–1326).
 */
export class CapiCluster extends Construct {
  public constructor(scope: Construct, id: string, props: CapiClusterProps) {
    super(scope, id);
    const { cluster } = props;
    new capi.ClusterV1Beta2(this, 'Resource', {
      metadata: { name: cluster.name, namespace: cluster.namespace, labels: { [CLUSTER_NAME_LABEL]: cluster.name } },
      spec: {
        clusterNetwork: {
          pods: { cidrBlocks: [cluster.clusterNetwork.pods] },
          services: { cidrBlocks: [cluster.clusterNetwork.services] },
        },
        infrastructureRef: proxmoxClusterRef(cluster.name),
        controlPlaneRef: controlPlaneRef(controlPlaneName(cluster.name)),
      },
    });
  }
}
