/**
 * The libvirt host the proving ground runs on: libvirtd and virtlogd from Debian's packages,
 * started here when they are not running (and stopped again), a storage pool and an isolated
 * network of its own (a bridge with no uplink and no address: no guest traffic leaves the
 * machine), all removed at the end with every domain and volume the scenarios left.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const URI = 'qemu:///system';
export const POOL = 'k3sprove';
export const BRIDGE = 'k3sprove0';
/** A second isolated bridge, for the scenario that moves the VMs to another bridge. */
export const OTHER_BRIDGE = 'k3sprove1';
const NETWORKS = [['k3sprove', BRIDGE], ['k3sprove-other', OTHER_BRIDGE]] as const;
export const POOL_DIR = '/var/lib/libvirt/k3s-gitops-synth-prove';

export const virsh = (...args: string[]) => spawnSync('virsh', ['-c', URI, ...args], { encoding: 'utf8' });
const must = (...args: string[]) => {
  const r = virsh(...args);
  if (r.status !== 0) throw new Error(`virsh ${args.join(' ')}: ${r.stderr.trim()}`);
  return r.stdout;
};

export interface Host {
  /** What was done to make this machine a libvirt host, for the report. */
  readonly notes: readonly string[];
  /** Every domain on the proving ground's bridges or named with the prefix, destroyed and undefined; every volume of its pool deleted. */
  wipe(prefix: string): void;
  stop(): void;
}

const MISSING = ['libvirtd', 'virsh', 'virtlogd', 'qemu-system-x86_64', 'qemu-img', 'qemu-io', 'mkisofs'].filter((b) => spawnSync('sh', ['-c', `command -v ${b}`]).status !== 0);

export function startHost(log: (line: string) => void): Host {
  if (MISSING.length > 0) throw new Error(`the proving ground needs ${MISSING.join(', ')}: apt-get install -y libvirt-daemon-system libvirt-clients qemu-system-x86 qemu-utils genisoimage`);
  const notes: string[] = [];
  const started: string[] = [];
  if (virsh('version').status !== 0) {
    for (const daemon of ['virtlogd', 'libvirtd']) {
      execFileSync(daemon, ['--daemon']);
      started.push(daemon);
    }
    for (let i = 0; i < 50 && virsh('version').status !== 0; i++) execFileSync('sleep', ['0.2']);
    must('version');
    notes.push('libvirtd and virtlogd started by the proving ground (no service manager runs them here), stopped at the end');
  }
  // udev gives /dev/kvm to the kvm group on a real host; without it libvirt's QEMU user cannot
  // open it, and libvirt probes QEMU's capabilities again at every domain start (about 100 s).
  const kvm = '/dev/kvm';
  let kvmBefore: { gid: number; mode: number } | undefined;
  if (fs.existsSync(kvm)) {
    const stat = fs.statSync(kvm);
    const group = spawnSync('getent', ['group', 'kvm'], { encoding: 'utf8' }).stdout.split(':')[2];
    if (group && (stat.gid !== Number(group) || (stat.mode & 0o060) !== 0o060)) {
      kvmBefore = { gid: stat.gid, mode: stat.mode & 0o777 };
      fs.chownSync(kvm, stat.uid, Number(group));
      fs.chmodSync(kvm, 0o660);
      notes.push('/dev/kvm given to the kvm group, mode 0660, as udev does on a real host (restored at the end)');
    }
  }
  wipePool();
  removeNetworks();
  fs.mkdirSync(POOL_DIR, { recursive: true });
  must('pool-define-as', POOL, 'dir', '--target', POOL_DIR);
  must('pool-start', POOL);
  for (const [name, bridge] of NETWORKS) {
    const xml = path.join(POOL_DIR, '..', `${name}.xml`);
    fs.writeFileSync(xml, `<network>\n  <name>${name}</name>\n  <bridge name='${bridge}' stp='off'/>\n</network>\n`);
    must('net-define', xml);
    must('net-start', name);
    fs.rmSync(xml);
  }
  notes.push(`isolated libvirt networks (bridges ${NETWORKS.map(([, b]) => b).join(' and ')}: no forward mode, no address, no DHCP) and a dir pool ${POOL}, created for the run and removed after`);
  log(`libvirt host ready (${URI}, pool ${POOL}, bridge ${BRIDGE})`);

  return {
    notes,
    wipe(prefix: string) {
      wipeDomains(prefix);
      deleteVolumes();
    },
    stop() {
      wipeDomains('');
      wipePool();
      removeNetworks();
      if (kvmBefore) {
        fs.chownSync(kvm, fs.statSync(kvm).uid, kvmBefore.gid);
        fs.chmodSync(kvm, kvmBefore.mode);
      }
      for (const daemon of started.reverse()) {
        const pid = Number(readIf(`/run/${daemon}.pid`) ?? readIf(`/var/run/${daemon}.pid`));
        if (pid > 0) try { process.kill(pid, 'SIGTERM'); } catch { /* gone already */ }
      }
    },
  };
}

function removeNetworks(): void {
  for (const [name] of NETWORKS) {
    virsh('net-destroy', name);
    virsh('net-undefine', name);
  }
}

function readIf(file: string): string | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/** The domains the scenarios define: every one attached to the proving ground's bridge or named with the prefix. */
function wipeDomains(prefix: string): void {
  const names = virsh('list', '--all', '--name').stdout.split('\n').map((n) => n.trim()).filter(Boolean);
  for (const name of names) {
    const interfaces = virsh('domiflist', name).stdout;
    const onBridge = NETWORKS.some(([, bridge]) => interfaces.includes(bridge));
    if (!onBridge && !(prefix !== '' && name.startsWith(prefix))) continue;
    virsh('destroy', name);
    virsh('undefine', name, '--nvram');
  }
}

function deleteVolumes(): void {
  for (const line of virsh('vol-list', POOL).stdout.split('\n').slice(2)) {
    const name = line.trim().split(/\s+/)[0];
    if (name) virsh('vol-delete', '--pool', POOL, name);
  }
}

function wipePool(): void {
  if (virsh('pool-info', POOL).status !== 0) return;
  deleteVolumes();
  virsh('pool-destroy', POOL);
  virsh('pool-undefine', POOL);
  fs.rmSync(POOL_DIR, { recursive: true, force: true });
}

/** Every volume of the pool: name → SHA-256 of its file's bytes (a qcow2's own file, not the guest view). */
export function volumeDigests(): Map<string, { path: string; sha256: string }> {
  const found = new Map<string, { path: string; sha256: string }>();
  for (const line of must('vol-list', POOL).split('\n').slice(2)) {
    const [name, file] = line.trim().split(/\s+/);
    if (!name || !file) continue;
    const sha256 = execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0]!;
    found.set(name, { path: file, sha256 });
  }
  return found;
}

/** Each domain's libvirt UUID: the same UUID after a change means the domain was not re-created. */
export function domainUuids(): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of virsh('list', '--all', '--name').stdout.split('\n').map((n) => n.trim()).filter(Boolean)) {
    found.set(name, virsh('domuuid', name).stdout.trim());
  }
  return found;
}

/** Where the proving ground writes its marker into each disk: a real disk's bytes past the partition table. */
const MARK = { offset: '1M', length: '64k', pattern: '0x5a' };

/**
 * Writes a marker into each node's OS and data disks, the domain stopped around it (QEMU holds the
 * image's write lock while it runs) and started again, as the scenario found it.
 */
export function stampDisks(disks: ReadonlyMap<string, readonly string[]>): void {
  for (const [domain, files] of disks) {
    virsh('destroy', domain);
    for (const file of files) execFileSync('qemu-io', ['-f', 'qcow2', '-c', `write -P ${MARK.pattern} ${MARK.offset} ${MARK.length}`, file], { stdio: 'pipe' });
    must('start', domain);
  }
}

/** Whether the file still holds the marker (read shared, beside a running QEMU); false when it is gone. */
export function holdsMarker(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const r = spawnSync('qemu-io', ['-U', '-r', '-f', 'qcow2', '-c', `read -P ${MARK.pattern} ${MARK.offset} ${MARK.length}`, file], { encoding: 'utf8' });
  return r.status === 0 && !/Pattern verification failed/.test(r.stdout + r.stderr);
}

/** The inode of a file: a volume deleted and created again under the same name gets another. */
export const inodeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).ino : undefined);

/**
 * libvirt's lifecycle events while `during` runs, to see how many domains were ever stopped at
 * once: `virsh event --loop` prints one line per event.
 */
export async function watchLifecycle<T>(during: () => Promise<T>): Promise<{ result: T; events: string[] }> {
  const { spawn } = await import('node:child_process');
  const watcher = spawn('virsh', ['-c', URI, 'event', '--loop', '--timestamp', '--event', 'lifecycle'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let text = '';
  watcher.stdout.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
  await new Promise((r) => setTimeout(r, 500));
  try {
    const result = await during();
    await new Promise((r) => setTimeout(r, 1000));
    return { result, events: text.split('\n').filter((l) => l.includes("event 'lifecycle'")) };
  } finally {
    watcher.kill();
  }
}

/** The most domains stopped at one moment, from lifecycle events (all running at the start). */
export function mostStoppedAtOnce(events: readonly string[]): { most: number; at?: string } {
  const stopped = new Set<string>();
  let most = 0;
  let at: string | undefined;
  for (const line of events) {
    const m = /for domain '?([^':]+)'?: (\w+)/.exec(line);
    if (!m) continue;
    const [, domain, kind] = m;
    if (kind === 'Stopped' || kind === 'Shutdown' || kind === 'Undefined') stopped.add(domain!);
    if (kind === 'Started' || kind === 'Resumed') stopped.delete(domain!);
    if (stopped.size > most) {
      most = stopped.size;
      at = [...stopped].sort().join(', ');
    }
  }
  return { most, ...(at && { at }) };
}

/**
 * Domains made with virsh before any Terraform state, as an operator's own scripts made them:
 * an OS and a data disk each (qcow2, in the pool), one NIC on the bridge, started. Each disk
 * holds the marker before the domain first starts. Returns what `adopt.domains` records.
 */
export function defineByHand(nodes: readonly { name: string; mac: string }[]): Record<string, { uuid: string; osDisk: string; dataDisk: string }> {
  const found: Record<string, { uuid: string; osDisk: string; dataDisk: string }> = {};
  for (const node of nodes) {
    const osDisk = path.join(POOL_DIR, `${node.name}-by-hand-os.qcow2`);
    const dataDisk = path.join(POOL_DIR, `${node.name}-by-hand-data.qcow2`);
    for (const file of [osDisk, dataDisk]) {
      execFileSync('qemu-img', ['create', '-q', '-f', 'qcow2', file, '2G']);
      execFileSync('qemu-io', ['-f', 'qcow2', '-c', `write -P ${MARK.pattern} ${MARK.offset} ${MARK.length}`, file], { stdio: 'pipe' });
    }
    const disk = (file: string, dev: string) => `<disk type='file' device='disk'><driver name='qemu' type='qcow2'/><source file='${file}'/><target dev='${dev}' bus='virtio'/></disk>`;
    const xml = path.join(POOL_DIR, '..', `${node.name}.xml`);
    fs.writeFileSync(xml, `<domain type='qemu'><name>${node.name}</name><memory unit='MiB'>1024</memory><vcpu>1</vcpu><os><type arch='x86_64' machine='q35'>hvm</type><boot dev='hd'/></os><features><acpi/></features><devices>${disk(osDisk, 'vda')}${disk(dataDisk, 'vdb')}<interface type='bridge'><mac address='${node.mac}'/><source bridge='${BRIDGE}'/><model type='virtio'/></interface><serial type='pty'/></devices></domain>\n`);
    must('define', xml);
    fs.rmSync(xml);
    must('start', node.name);
    found[node.name] = { uuid: must('domuuid', node.name).trim(), osDisk, dataDisk };
  }
  must('pool-refresh', POOL);
  return found;
}
