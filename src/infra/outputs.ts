import { TerraformOutput } from 'cdktf';
import type { Construct } from 'constructs';
import type { K3sEnvironment } from '../model/resolve';

/** An Ansible INI inventory of the live servers (`ansible_host` is the node IP here). */
export function inventory(env: K3sEnvironment): string {
  const hosts = env.vms.map((vm) => `${vm.node.name} ansible_host=${vm.node.ip}`);
  return ['[k3s_servers]', ...hosts, '', '[k3s_servers:vars]', `ansible_user=${env.vmUser}`, ''].join('\n');
}

/** The stack's outputs: the ordered node list, the primary (founder) and an Ansible inventory. */
export function addNodeOutputs(scope: Construct, env: K3sEnvironment): void {
  new TerraformOutput(scope, 'nodes', {
    description: 'Live servers in node order',
    value: env.vms.map((vm) => ({ name: vm.node.name, ip: vm.node.ip })),
  });
  new TerraformOutput(scope, 'primary', {
    description: 'The founder, which runs cluster-init',
    value: { name: env.founder.name, ip: env.founder.ip },
  });
  new TerraformOutput(scope, 'inventory', { description: 'Ansible inventory (INI)', value: inventory(env) });
}
