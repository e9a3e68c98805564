import { Construct } from 'constructs';
import * as capmox from '../imports/capmox-proxmoxmachinetemplate-infrastructure.cluster.x-k8s.io';
import type { MachineSet, WorkloadCluster } from '../model/workload';
import { templateName } from '../model/workload';

export interface MachineTemplateProps {
  readonly cluster: WorkloadCluster;
  /** The control plane or a worker pool; the template is of its current generation. */
  readonly set: MachineSet;
}

/**
 * The `ProxmoxMachineTemplate` of one machine set's current generation (CAPMOX v0.9.0
 * templates/cluster-template.yaml lines 171–194 and 224–247): a full clone of the cluster's
 * template VM in qcow2, sized by the set, on one virtio NIC of the cluster's bridge (and VLAN).
 * CAPMOX rejects any change of its spec (internal/webhook/proxmoxmachinetemplate_webhook.go
 * ValidateUpdate): a changed template is a new generation, hence a new name.
 */
export class MachineTemplate extends Construct {
  public readonly name: string;

  public constructor(scope: Construct, id: string, props: MachineTemplateProps) {
    super(scope, id);
    const { cluster, set } = props;
    const { proxmox } = cluster;
    this.name = templateName(cluster.name, set.name, set.generation);
    new capmox.ProxmoxMachineTemplateV1Alpha2(this, 'Resource', {
      metadata: { name: this.name, namespace: cluster.namespace },
      spec: {
        template: {
          spec: {
            sourceNode: proxmox.sourceNode,
            templateId: proxmox.templateId,
            format: capmox.ProxmoxMachineTemplateV1Alpha2SpecTemplateSpecFormat.QCOW2,
            full: true,
            numSockets: set.sizes.sockets,
            numCores: set.sizes.cores,
            memoryMiB: set.sizes.memoryMiB,
            disks: { bootVolume: { disk: proxmox.bootDevice, sizeGb: set.sizes.diskGiB } },
            network: {
              networkDevices: [
                {
                  bridge: proxmox.bridge,
                  model: capmox.ProxmoxMachineTemplateV1Alpha2SpecTemplateSpecNetworkNetworkDevicesModel.VIRTIO,
                  name: 'net0',
                  vlan: proxmox.vlan,
                },
              ],
            },
          },
        },
      },
    });
  }
}
