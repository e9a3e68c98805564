import { Construct } from 'constructs';
import { VerbatimFile } from '../k8s/verbatim-file';
import type { WorkloadCluster } from '../model/workload';
import { CapiCluster } from './capi-cluster';
import { ControlPlane } from './control-plane';
import { HealthCheck } from './health-check';
import type { ContainerImage } from './kube-vip-files';
import { MachineTemplate } from './machine-template';
import { ProxmoxCluster } from './proxmox-cluster';
import { CONTROL_PLANE_LABEL, DEPLOYMENT_NAME_LABEL } from './references';
import type { RetainedTemplateFile } from './retained-templates';
import { WorkerPool } from './worker-pool';

export interface WorkloadClusterObjectsProps {
  readonly cluster: WorkloadCluster;
  /** kube-vip for the control plane's static pod: the catalogue's `images.kubeVip`. */
  readonly kubeVipImage: ContainerImage;
  /**
   * Committed files of the retained template generations (retainedTemplates()), written again
   * byte for byte beside the current ones. @default none
   */
  readonly retained?: readonly RetainedTemplateFile[];
}

/**
 * Every Cluster API object of one workload cluster on its management cluster, in the cluster's
 * namespace: CAPMOX v0.9.0's object set (templates/cluster-template.yaml, default flavor, with the
 * external-creds flavor's credentialsRef) plus a MachineHealthCheck per machine set. Templates are
 * named by generation and the control plane and pools point at their current one. No
 * InClusterIPPool (CAPMOX makes the cluster's own from the ProxmoxCluster) and no Secret (the
 * Proxmox credentials are a SOPS file; Cluster API writes the kubeconfig).
 */
export class WorkloadClusterObjects extends Construct {
  public constructor(scope: Construct, id: string, props: WorkloadClusterObjectsProps) {
    super(scope, id);
    const { cluster } = props;
    const retained = props.retained ?? [];

    new CapiCluster(this, 'Cluster', { cluster });
    new ProxmoxCluster(this, 'ProxmoxCluster', { cluster });

    const cpTemplate = new MachineTemplate(this, 'ControlPlaneTemplate', { cluster, set: cluster.controlPlane });
    const controlPlane = new ControlPlane(this, 'ControlPlane', { cluster, machineTemplate: cpTemplate.name, kubeVipImage: props.kubeVipImage });
    new HealthCheck(this, 'ControlPlaneHealthCheck', { cluster, name: controlPlane.name, selector: { [CONTROL_PLANE_LABEL]: '' }, replicas: cluster.controlPlane.replicas });

    for (const pool of cluster.workers) {
      const template = new MachineTemplate(this, `${pool.name}-Template`, { cluster, set: pool });
      const workers = new WorkerPool(this, pool.name, { cluster, pool, machineTemplate: template.name });
      new HealthCheck(this, `${pool.name}-HealthCheck`, { cluster, name: workers.deploymentName, selector: { [DEPLOYMENT_NAME_LABEL]: workers.deploymentName }, replicas: pool.replicas });
    }

    for (const file of retained) new VerbatimFile(this, `Retained-${file.fileName}`, { fileName: file.fileName, content: file.content });
  }
}
