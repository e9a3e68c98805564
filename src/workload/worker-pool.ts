import { Construct } from 'constructs';
import * as kct from '../imports/capi-kubeadmconfigtemplate-bootstrap.cluster.x-k8s.io';
import * as md from '../imports/capi-machinedeployment-cluster.x-k8s.io';
import type { MachineSet, WorkloadCluster } from '../model/workload';
import { templateName } from '../model/workload';
import { providerIdArgs, rootUser } from './kubeadm';
import { CLUSTER_NAME_LABEL, DEPLOYMENT_NAME_LABEL, configTemplateRef, deploymentName, machineTemplateRef } from './references';

export interface WorkerPoolProps {
  readonly cluster: WorkloadCluster;
  readonly pool: MachineSet;
  /** The pool's ProxmoxMachineTemplate of its current generation. */
  readonly machineTemplate: string;
}

/**
 * One worker pool: its `MachineDeployment` `<cluster>-<pool>` and the `KubeadmConfigTemplate` of
 * its current generation (CAPMOX v0.9.0 templates/cluster-template.yaml lines 195–223, 248–263).
 * The KubeadmConfigTemplate carries the generation in its name like the machine template: Cluster
 * API rolls no Machine out for a changed KubeadmConfigTemplate, only for a new name in the
 * MachineDeployment (v1.12.11 docs/book/src/tasks/updating-machine-templates.md).
 *
 * The selector is the one Cluster API's webhook derives from the template's empty one
 * (internal/webhooks/machinedeployment.go Default: the deployment's name and the cluster's), written
 * out so that the pool's health check can select the pool's Machines by the same label.
 */
export class WorkerPool extends Construct {
  public readonly deploymentName: string;

  public constructor(scope: Construct, id: string, props: WorkerPoolProps) {
    super(scope, id);
    const { cluster, pool } = props;
    const config = templateName(cluster.name, pool.name, pool.generation);
    this.deploymentName = deploymentName(cluster.name, pool.name);
    const selected = { [CLUSTER_NAME_LABEL]: cluster.name, [DEPLOYMENT_NAME_LABEL]: this.deploymentName };

    new kct.KubeadmConfigTemplateV1Beta2(this, 'ConfigTemplate', {
      metadata: { name: config, namespace: cluster.namespace },
      spec: {
        template: {
          spec: {
            users: [rootUser(cluster.sshKeys)],
            joinConfiguration: { nodeRegistration: { kubeletExtraArgs: providerIdArgs() } },
          },
        },
      },
    });
    new md.MachineDeploymentV1Beta2(this, 'Resource', {
      metadata: { name: this.deploymentName, namespace: cluster.namespace, labels: { [CLUSTER_NAME_LABEL]: cluster.name } },
      spec: {
        clusterName: cluster.name,
        replicas: pool.replicas,
        selector: { matchLabels: selected },
        template: {
          metadata: { labels: { ...selected, 'node-role.kubernetes.io/node': '' } },
          spec: {
            clusterName: cluster.name,
            version: cluster.kubernetesVersion,
            bootstrap: { configRef: configTemplateRef(config) },
            infrastructureRef: machineTemplateRef(props.machineTemplate),
          },
        },
      },
    });
  }
}
