/**
 * What every machine's kubeadm configuration shares, control plane and workers alike, as CAPMOX
 * v0.9.0 templates/cluster-template.yaml writes it (lines 51–53, 159–169, 256–263).
 */

/** root trusts the cluster's SSH keys (cloud-init `users`). */
export const rootUser = (sshKeys: readonly string[]) => ({ name: 'root', sshAuthorizedKeys: [...sshKeys] });

/**
 * The kubelet's provider ID, from the instance id CAPMOX gives the VM's cloud-init metadata; Cluster
 * API matches Machines to Nodes by it. v1beta2 takes kubelet arguments as a `{name, value}` list.
 */
export const providerIdArgs = () => [{ name: 'provider-id', value: "proxmox://'{{ ds.meta_data.instance_id }}'" }];
