/**
 * The scenarios: each edit the review speaks of, made to a fleet the proving ground scaffolds.
 * Day 0 (first apply from an empty state, then an empty plan) opens every one, so it has no
 * scenario of its own.
 */
import { cloudImage } from '../src/versions';
import { BASE } from './fleet';
import type { FleetSpec } from './fleet';
import { OTHER_BRIDGE, defineByHand } from './host';
import { MIGRATION, runMigration } from './migration';
import { macFor } from '../src/model/resolve';
import type { Scenario } from './scenario';

/** A later serial, as a release of the tool would pin it (its bytes are the local stand-in's: rewrite.ts). */
const NEXT_IMAGE = { serial: '20261105', sha256: '0'.repeat(63) + '1' };

const withNodes = (spec: FleetSpec, count: number): FleetSpec => ({
  ...spec,
  nodes: Array.from({ length: count }, (_, i) => spec.nodes[i] ?? { name: `prove-${i + 1}`, ip: `192.168.77.${11 + i}`, image: cloudImage.serial }),
});

export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'disk growth',
    start: BASE,
    steps: [
      // capacity is ignored (src/infra/libvirt-nodes.ts): the plan is empty, no domain stops, and
      // the runbook's "Grow a VM's disk" grows the running disks.
      { title: 'OS disks grown on every server', edit: (s) => ({ ...s, vm: { ...s.vm, osDiskGiB: s.vm.osDiskGiB + 2 } }), apply: 'deploy', keepsData: true, mostStopped: 0 },
      { title: 'data disks grown on every server', edit: (s) => ({ ...s, vm: { ...s.vm, dataDiskGiB: s.vm.dataDiskGiB + 2 } }), apply: 'deploy', keepsData: true, mostStopped: 0 },
    ],
  },
  {
    name: 'vcpus and memory on every server',
    start: BASE,
    steps: [
      // Every domain updated in place, which stops it: applied by the runbook's rolling procedure.
      { title: 'vcpus 1 → 2 and memory 1024 → 1280 MiB', edit: (s) => ({ ...s, vm: { ...s.vm, vcpus: 2, memoryMiB: 1280 } }), apply: 'rolling', keepsData: true, mostStopped: 1 },
    ],
  },
  {
    name: 'servers added, then removed',
    start: BASE,
    steps: [
      { title: 'two servers added', edit: (s) => withNodes(s, 5), apply: 'deploy', keepsData: true, mostStopped: 0 },
      // prevent_destroy on the data disks: Terraform refuses the plan, nothing is destroyed.
      { title: 'two servers removed while their data disks are protected', edit: (s) => withNodes(s, 3), apply: 'none' },
      { title: 'two servers removed with protectData off', edit: (s) => ({ ...withNodes(s, 3), protectData: false }), apply: 'deploy' },
    ],
  },
  {
    name: 'image serial bump',
    // prove-3 follows the environment's image (no vm.image): a new serial rebuilds it, the others keep theirs.
    start: { ...BASE, nodes: BASE.nodes.map((n) => (n.name === 'prove-3' ? { name: n.name, ip: n.ip } : n)) },
    steps: [
      { title: 'a new cloud image serial: recorded nodes keep theirs, prove-3 is rebuilt', edit: (s) => ({ ...s, cloudImage: NEXT_IMAGE }), apply: 'deploy', keepsData: true, rebuilds: ['prove-3'] },
      { title: "prove-2's recorded serial moved to the new one: prove-2 is rebuilt", edit: (s) => ({ ...s, nodes: s.nodes.map((n) => (n.name === 'prove-2' ? { ...n, image: NEXT_IMAGE.serial } : n)) }), apply: 'deploy', keepsData: true, rebuilds: ['prove-2'] },
    ],
  },
  {
    name: 'adoption of domains made with virsh',
    start: { ...BASE, nodes: BASE.nodes.map(({ name, ip }) => ({ name, ip })) },
    // Three domains defined and started by hand, then recorded in infrastructure.adopt as the runbook says.
    prepare: (start) => ({ ...start, adopt: { domains: defineByHand(start.nodes.map((n) => ({ name: n.name, mac: macFor(n.name) }))) } }),
    day0: { title: 'day 0: the running domains adopted, as the runbook\'s deploy --expect applies it', keepsData: true, runbookGate: true },
    steps: [
      // An adopted domain is never updated (ignore_changes = all): nothing is planned.
      { title: 'vcpus and memory changed: adopted domains are left as they run', edit: (s) => ({ ...s, vm: { ...s.vm, vcpus: 2, memoryMiB: 1280 } }), apply: 'deploy', keepsData: true, mostStopped: 0 },
    ],
  },
  { name: MIGRATION, start: BASE, steps: [], run: runMigration },
  {
    name: 'a seed change',
    start: BASE,
    steps: [
      { title: 'the VMs trust another SSH key', edit: (s) => ({ ...s, sshKey: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx1Cz6mKq0bS5m3yCq2aTH5bI4o2cE1bW9pHn8cZ0xd rotated@localhost' }), apply: 'deploy', keepsData: true },
    ],
  },
  {
    name: "a server's address",
    start: BASE,
    steps: [
      // A plain apply replaces the seed only: the running VM keeps its address (the review's SEED_NOTE).
      { title: 'prove-2 takes another address, applied plainly', edit: (s) => ({ ...s, nodes: s.nodes.map((n) => (n.name === 'prove-2' ? { ...n, ip: '192.168.77.22' } : n)) }), apply: 'deploy', keepsData: true },
      // The runbook's procedure rebuilds it on the new seed, its data disk kept.
      { title: 'prove-3 takes another address, by the runbook\'s "A server\'s address changes"', edit: (s) => ({ ...s, nodes: s.nodes.map((n) => (n.name === 'prove-3' ? { ...n, ip: '192.168.77.23' } : n)) }), apply: 'rolling', section: "A server's address changes", rebuilds: ['prove-3'], keepsData: true, mostStopped: 1 },
    ],
  },
  {
    name: 'the bridge',
    start: BASE,
    steps: [
      { title: `every NIC moved to bridge ${OTHER_BRIDGE}`, edit: (s) => ({ ...s, bridge: OTHER_BRIDGE }), apply: 'rolling', keepsData: true, mostStopped: 1 },
    ],
  },
];
