import type { Environment } from '../resolve';
import type { Finding, Rule } from '../violation';
import { INTERFACE, invalidNames } from './standards';

// Names the tool hands to libvirt and Proxmox as they are: held to the checks those programs
// run on them, so a name they refuse fails here instead of in `tofu apply` or in CAPMOX's clone.

/** The drivers and transports terraform-provider-libvirt v0.9.7 dials (internal/libvirt/dialers/factory.go). */
const LIBVIRT_DRIVERS = ['qemu', 'lxc', 'xen', 'vbox', 'test'];
const LIBVIRT_TRANSPORTS = ['', 'ssh', 'sshcmd', 'tcp', 'tls'];
/** The paths libvirt's QEMU driver opens (qemuConnectOpen: "unexpected QEMU URI path"). */
const QEMU_PATHS = ['/system', '/session'];

/** What is wrong with a libvirt URI, and the URI that fixes it where one follows from it. */
function uriProblem(uri: string): { readonly problem: string; readonly fixed?: string } | undefined {
  // Go's url.Parse, as the provider reads it: `qemu:/system` has no authority and still dials the local socket.
  const shape = /^([a-z0-9]+)(?:\+([a-z0-9]+))?:(?:\/\/([^/?#]*))?(\/[^?#]*)?(\?.*)?$/i.exec(uri);
  if (!shape) return { problem: 'is not driver[+transport]://[user@host[:port]]/path' };
  const [, driver, transport = '', authority = '', path = '', query = ''] = shape as unknown as [string, string, string | undefined, string | undefined, string | undefined, string | undefined];
  if (!LIBVIRT_DRIVERS.includes(driver)) return { problem: `names no driver terraform-provider-libvirt dials (${LIBVIRT_DRIVERS.join(', ')})` };
  if (driver !== 'qemu') {
    const candidate = `qemu${transport && `+${transport}`}://${authority}${path}${query}`;
    const after = uriProblem(candidate);
    return { problem: `names the ${driver} driver, and the domains the tool writes are QEMU/KVM domains`, ...((!after || after.fixed) && { fixed: after?.fixed ?? candidate }) };
  }
  if (!LIBVIRT_TRANSPORTS.includes(transport)) return { problem: `names the transport ${transport}, which terraform-provider-libvirt v0.9.7 does not dial (${LIBVIRT_TRANSPORTS.filter(Boolean).join(', ')}, or none for the local socket)` };
  if (transport !== '' && authority === '') return { problem: `names the ${transport} transport and no host to reach with it` };
  // `qemu://system`: the host is `system` (reached over SSH) and the path empty.
  if (transport === '' && QEMU_PATHS.includes(`/${authority}`) && path === '') return { problem: `names a host ${authority} with no path; the local ${authority} instance is qemu:///${authority}`, fixed: `qemu:///${authority}${query}` };
  if (!QEMU_PATHS.includes(path)) return { problem: `has the path ${path === '' ? '(none)' : path}, and libvirt's QEMU driver opens only /system or /session`, fixed: `${uri.slice(0, uri.length - path.length - query.length)}/system${query}` };
  return undefined;
}

/** pve-common's parse_id (src/PVE/JSONSchema.pm): a storage ID. */
const PVE_STORAGE_ID = /^[a-z][a-z0-9\-_.]*[a-z0-9]$/i;
/** pve-common's pve_verify_node_name: a node name. */
export const PVE_NODE_NAME = /^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/;
/** pve-common's parse_bridge_id (format pve-bridge-id). */
const PVE_BRIDGE_ID = /^[-_.\w]+$/;

interface Named {
  readonly path: string;
  readonly name: string;
}

/** The Proxmox node names an environment hands to bpg/proxmox or to CAPMOX. */
function proxmoxNodes(env: Environment): Named[] {
  const infra = env.infrastructure;
  const own = infra.kind === 'proxmox' ? [{ path: 'infrastructure.node', name: infra.node }] : [];
  const workload = infra.kind === 'cluster-api'
    ? [{ path: 'infrastructure.proxmox.sourceNode', name: infra.proxmox.sourceNode }, ...(infra.proxmox.allowedNodes ?? []).map((name, i) => ({ path: `infrastructure.proxmox.allowedNodes[${i}]`, name }))]
    : [];
  const known = (env.spec.clusterApi?.proxmoxNodes ?? []).map((name, i) => ({ path: `clusterApi.proxmoxNodes[${i}]`, name }));
  return [...own, ...workload, ...known];
}


export const programNameRules: readonly Rule[] = [
  {
    code: 'libvirt.invalid-uri',
    severity: 'error',
    summary: 'the libvirt URI is one terraform-provider-libvirt v0.9.7 dials (driver qemu; transport none, ssh, sshcmd, tcp or tls, the last four with a host) and libvirt\'s QEMU driver opens (path /system or /session)',
    check: (env) => {
      const infra = env.infrastructure;
      if (infra.kind !== 'libvirt') return [];
      const found = uriProblem(infra.uri);
      if (!found) return [];
      return [{
        path: 'infrastructure.uri',
        value: infra.uri,
        message: `${infra.uri} ${found.problem}`,
        fix: found.fixed ? `write ${found.fixed}` : 'write qemu:///system for the local host, or qemu+ssh://<user>@<host>/system for a remote one',
        ...(found.fixed && { action: { set: 'infrastructure.uri', to: found.fixed } }),
      }];
    },
  },
  {
    code: 'libvirt.invalid-pool',
    severity: 'error',
    summary: "the storage pool is a name libvirt can hold: no '/' (storage_conf.c, virStoragePoolDefParseXML) and no newline (virXMLCheckIllegalChars)",
    check: (env) => {
      const infra = env.infrastructure;
      return infra.kind === 'libvirt' && /[/\n]/.test(infra.pool)
        ? [{ path: 'infrastructure.pool', value: infra.pool, message: `libvirt refuses a pool name with ${infra.pool.includes('/') ? "'/'" : 'a newline'}: no pool ${JSON.stringify(infra.pool)} can exist`, fix: 'write the name virsh pool-list --all shows (not its target path), or remove pool to use the pool named default' }]
        : [];
    },
  },
  {
    code: 'proxmox.invalid-storage-id',
    severity: 'error',
    summary: "Proxmox datastores are storage IDs as pve-common's parse_id accepts them: at least 2 characters, a letter first, then letters, digits, '-', '_' or '.', ending in a letter or digit",
    check: (env) => {
      const infra = env.infrastructure;
      if (infra.kind !== 'proxmox') return [];
      return invalidNames([{ path: 'infrastructure.datastore', name: infra.datastore }, { path: 'infrastructure.imageDatastore', name: infra.imageDatastore }], PVE_STORAGE_ID, 'a Proxmox storage ID', 'write the ID pvesm status lists, e.g. local-lvm (a letter first; letters, digits, -, _ and .)');
    },
  },
  {
    code: 'proxmox.invalid-node-name',
    severity: 'error',
    summary: "Proxmox node names are what pve-common's pve_verify_node_name accepts: letters, digits and '-', a letter or digit at each end",
    check: (env) => invalidNames(proxmoxNodes(env), PVE_NODE_NAME, 'a Proxmox node name', 'write the node as pvecm nodes lists it, e.g. pve1 (letters, digits and -)'),
  },
  {
    code: 'proxmox.invalid-bridge',
    severity: 'error',
    summary: "Proxmox bridges are what pve-common's pve-bridge-id format accepts: letters, digits, '-', '_' and '.'",
    check: (env) => {
      const infra = env.infrastructure;
      const bridge = infra.kind === 'proxmox' ? { path: 'infrastructure.bridge', name: infra.bridge } : infra.kind === 'cluster-api' ? { path: 'infrastructure.proxmox.bridge', name: infra.proxmox.bridge } : undefined;
      // A name no Linux interface can have is network.invalid-interface's, reported once.
      return bridge && INTERFACE.test(bridge.name) ? invalidNames([bridge], PVE_BRIDGE_ID, 'a Proxmox bridge name', 'write the bridge as ip link on the Proxmox host shows it, e.g. vmbr0') : [];
    },
  },
];
