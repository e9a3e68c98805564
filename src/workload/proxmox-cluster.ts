import { Construct } from 'constructs';
import * as capmox from '../imports/capmox-proxmoxcluster-infrastructure.cluster.x-k8s.io';
import type { WorkloadCluster } from '../model/workload';
import { CLUSTER_NAME_LABEL } from './references';

export interface ProxmoxClusterProps {
  readonly cluster: WorkloadCluster;
}

/**
 * CAPMOX's `ProxmoxCluster` (templates/cluster-template.yaml lines 20–36, the default flavor): the
 * endpoint kube-vip serves, the machines' addresses as `first-last` ranges, and the Proxmox nodes
 * machines may land on. CAPMOX creates the cluster's InClusterIPPool `<name>-v4-icip` from
 * `ipv4Config` itself (pkg/kubernetes/ipam/ipam.go), so no pool is written here.
 *
 * No `credentialsRef`: CAPMOX v0.9.0 builds one controller-wide Proxmox client from
 * PROXMOX_URL/TOKEN/SECRET (cmd/main.go `setupProxmoxClient`; the management environment's
 * provider configSecret fills them) and `NewClusterScope` (pkg/scope/cluster.go) reads
 * `credentialsRef` only when that client is nil, so a per-cluster Secret would never be used.
 */
export class ProxmoxCluster extends Construct {
  public constructor(scope: Construct, id: string, props: ProxmoxClusterProps) {
    super(scope, id);
    const { cluster } = props;
    const { addresses } = cluster;
    new capmox.ProxmoxClusterV1Alpha2(this, 'Resource', {
      metadata: { name: cluster.name, namespace: cluster.namespace, labels: { [CLUSTER_NAME_LABEL]: cluster.name } },
      spec: {
        controlPlaneEndpoint: { host: cluster.endpoint.host, port: cluster.endpoint.port },
        ipv4Config: {
          addresses: addresses.ranges.map((r) => `${r.first}-${r.last}`),
          prefix: addresses.prefix,
          gateway: addresses.gateway,
        },
        dnsServers: [...addresses.dns],
        allowedNodes: [...cluster.proxmox.allowedNodes],
      },
    });
  }
}
