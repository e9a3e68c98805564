import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { isHostIn, isIpv4, parseSubnet } from '../model/ipv4';
import { evenCount } from '../model/quorum';
import { didYouMean } from '../model/spec-check';
import { isPrivateKey, redacted, sshPublicKeyProblem } from '../model/public-keys';
import { toolSpecProblem } from './tool-spec';

/** What `init` asks: every answer has an option, and a default where one can be sane. */
export interface Answers {
  /** The fleet's folder (its package.json's name is the folder's). */
  readonly dir: string;
  /** The first environment's name (clusters/<name>/). @default 'dev' */
  readonly name: string;
  /** The environment's DNS domain. @default '<name>.home.arpa' (RFC 8375's domain for home networks) */
  readonly domain: string;
  readonly subnet: string;
  readonly gateway: string;
  readonly dns: readonly string[];
  readonly nodes: readonly { readonly name: string; readonly ip: string }[];
  readonly vip: string;
  /** The interface kube-vip and Cilium's L2 announcements use on every node. @default 'eth0' */
  readonly vipInterface: string;
  readonly infrastructure: 'bare-metal' | 'libvirt';
  /** Public SSH keys the VMs' cloud-init user trusts (libvirt only). @default none (check flags it) */
  readonly sshKeys: readonly string[];
  readonly fluxUrl: string;
  readonly branch: string;
  /** How the fleet depends on the tool: an npm spec (version, git URL and tag, tarball, folder). */
  readonly tool: string;
}

/** The raw options, as the command line or the prompts gave them. */
export type RawAnswers = Partial<Record<'name' | 'domain' | 'subnet' | 'gateway' | 'dns' | 'nodes' | 'vip' | 'interface' | 'infrastructure' | 'ssh-key' | 'flux-url' | 'branch' | 'tool', string>>;

export interface AnswerError {
  readonly option: string;
  readonly value: string;
  readonly message: string;
  readonly fix: string;
}

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
/** An environment's name is also a TypeScript key in the files init writes (and secrets init rewrites). */
const ENV_NAME = /^[a-z][a-z0-9]{0,39}$/;

/** The nth host of a subnet (1 = the first usable address). */
function host(subnet: string, n: number): string {
  const [base] = parseSubnet(subnet)!;
  const bytes = base.toByteArray();
  const value = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) + n;
  return ipaddr.fromByteArray([(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]).toString();
}

/** The defaults that follow from the answers given so far (what a prompt offers). */
export function defaultsFor(raw: RawAnswers, dir: string): Required<RawAnswers> {
  const name = raw.name ?? 'dev';
  const subnet = raw.subnet ?? '192.168.10.0/24';
  const usable = parseSubnet(subnet) !== undefined;
  const gateway = raw.gateway ?? (usable ? host(subnet, 1) : '');
  return {
    name,
    domain: raw.domain ?? `${name.toLowerCase()}.home.arpa`,
    subnet,
    gateway,
    dns: raw.dns ?? gateway,
    nodes: raw.nodes ?? (usable ? [1, 2, 3].map((i) => `${name}-${i}=${host(subnet, 10 + i)}`).join(',') : ''),
    vip: raw.vip ?? (usable ? host(subnet, 10) : ''),
    interface: raw.interface ?? 'eth0',
    infrastructure: raw.infrastructure ?? 'bare-metal',
    'ssh-key': raw['ssh-key'] ?? '',
    'flux-url': raw['flux-url'] ?? `https://git.example.com/ops/${path.basename(path.resolve(dir))}.git`,
    branch: raw.branch ?? 'main',
    tool: raw.tool ?? '',
  };
}

/** Checks every answer; returns all errors at once, or the answers. */
export function parseAnswers(raw: RawAnswers, dir: string, defaultTool: string): { answers?: Answers; errors: AnswerError[] } {
  const d = defaultsFor(raw, dir);
  const errors: AnswerError[] = [];
  const fail = (option: string, value: string, message: string, fix: string) => errors.push({ option, value, message, fix });
  const nameOk = ENV_NAME.test(d.name);
  if (!nameOk) fail('--name', d.name, 'is not an environment name here (a lowercase letter, then letters and digits, at most 40)', 'use a name such as dev or lab1');
  // A default derived from a wrong answer is not reported again: only the answer is.
  const derived = (option: keyof RawAnswers, from: boolean) => raw[option] !== undefined || from;
  if (derived('domain', nameOk) && !/^(?=.{1,253}$)([a-z0-9]([-a-z0-9]*[a-z0-9])?\.)*[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(d.domain)) {
    fail('--domain', d.domain, 'is not a DNS domain', `use a domain such as ${nameOk ? d.name : 'lab'}.home.arpa`);
  }
  const subnetOk = parseSubnet(d.subnet) !== undefined;
  if (!subnetOk) fail('--subnet', d.subnet, 'is not an IPv4 subnet in CIDR form', 'write it as 192.168.10.0/24');
  const inSubnet = (option: string, ip: string, what: string) => {
    if (!isIpv4(ip)) fail(option, ip, `is not an IPv4 address (${what})`, 'write it as 192.168.10.1');
    else if (subnetOk && !isHostIn(ip, d.subnet)) fail(option, ip, `is outside ${d.subnet} (${what})`, `pick an address inside ${d.subnet}`);
  };
  if (derived('gateway', subnetOk)) inSubnet('--gateway', d.gateway, 'the nodes\' default gateway');
  const dns = d.dns.split(',').map((s) => s.trim()).filter(Boolean);
  // The DNS default is the gateway: judged only when given, or when the gateway it copies is sound.
  if (derived('dns', subnetOk && isIpv4(d.gateway))) {
    if (dns.length === 0) fail('--dns', d.dns, 'names no DNS server', 'give one or more, comma-separated: 192.168.10.1,1.1.1.1');
    for (const server of dns) if (!isIpv4(server)) fail('--dns', server, 'is not an IPv4 address', 'give DNS servers as addresses, comma-separated');
  }
  const nodes = d.nodes.split(',').map((s) => s.trim()).filter(Boolean).map((pair) => {
    const [name = '', ip = ''] = pair.split('=');
    return { name: name.trim(), ip: ip.trim() };
  });
  if (nodes.length === 0 && derived('nodes', subnetOk)) fail('--nodes', d.nodes, 'names no node', 'give name=ip pairs, comma-separated: dev-1=192.168.10.11,dev-2=192.168.10.12,dev-3=192.168.10.13');
  for (const node of derived('nodes', nameOk && subnetOk) ? nodes : []) {
    if (!DNS_LABEL.test(node.name)) fail('--nodes', `${node.name}=${node.ip}`, 'has no valid node name (a DNS label)', 'write name=ip, e.g. dev-1=192.168.10.11');
    inSubnet('--nodes', node.ip, `node ${node.name}`);
  }
  if (nodes.length % 2 === 0 && nodes.length > 0) fail('--nodes', d.nodes, `lists ${nodes.length} servers: ${evenCount(nodes.length)}`, `give ${nodes.length - 1} or ${nodes.length + 1} servers`);
  if (derived('vip', subnetOk)) inSubnet('--vip', d.vip, 'the control-plane VIP');
  if (nodes.some((n) => n.ip === d.vip)) fail('--vip', d.vip, 'is the address of a node; the API endpoint would die with that node', subnetOk ? `pick a free address in ${d.subnet}` : 'pick an address no node has');
  if (!/^[a-zA-Z0-9._-]{1,15}$/.test(d.interface)) fail('--interface', d.interface, 'is not a network interface name', 'name the nodes\' interface, e.g. eth0 or enp1s0');
  if (d.infrastructure !== 'bare-metal' && d.infrastructure !== 'libvirt') {
    const near = didYouMean(d.infrastructure, ['bare-metal', 'libvirt']);
    fail('--infrastructure', d.infrastructure, `is not one of bare-metal, libvirt${near ? `; did you mean ${near}?` : ''}`, `use ${near ?? 'bare-metal or libvirt'} (a Proxmox environment is added by hand: see docs/guides/environments.md)`);
  }
  const sshKeys = d['ssh-key'] === '' ? [] : [d['ssh-key'].trim()];
  if (sshKeys.length > 0 && d.infrastructure !== 'libvirt') fail('--ssh-key', isPrivateKey(sshKeys[0]!) ? '(a private key, not shown)' : sshKeys[0]!, 'is only used by VMs (cloud-init)', 'drop it, or add --infrastructure libvirt');
  for (const key of sshKeys) {
    // A private key is never repeated, not even in the error that refuses it.
    if (isPrivateKey(key)) fail('--ssh-key', '(a private key, not shown)', 'is a private key; the VMs need the public half', 'pass the .pub file (~/.ssh/id_ed25519.pub), and treat the private key as exposed if it was pasted anywhere shared');
    else if (sshPublicKeyProblem(key) !== undefined) {
      const file = /^(\.{0,2}\/|~)|\.pub$/.test(key);
      // The synth rule's own test (vm.ssh-key-invalid): init writes no fleet that synth refuses.
      fail('--ssh-key', file ? key : redacted(key), file ? 'names no file here, and is no OpenSSH public key either' : `is not an OpenSSH public key: ${sshPublicKeyProblem(key)!}`, file ? 'give the path of your .pub file, or its one line' : 'pass the contents of ~/.ssh/id_ed25519.pub');
    }
  }
  if (!/^(https?|ssh):\/\/[^\s/]+\/\S+$/.test(d['flux-url'])) fail('--flux-url', d['flux-url'], 'is not a Git URL Flux can pull', 'give https://<forge>/<owner>/<repo>.git or ssh://git@<forge>/<owner>/<repo>.git');
  if (!/^[A-Za-z0-9._/-]+$/.test(d.branch)) fail('--branch', d.branch, 'is not a branch name', 'use main');
  const toolProblem = d.tool === '' ? undefined : toolSpecProblem(d.tool);
  if (toolProblem) fail('--tool', d.tool, toolProblem.message, toolProblem.fix);
  const tool = d.tool === '' ? defaultTool : d.tool;
  if (errors.length > 0) return { errors };
  return {
    errors,
    answers: {
      dir,
      name: d.name,
      domain: d.domain,
      subnet: d.subnet,
      gateway: d.gateway,
      dns,
      nodes,
      vip: d.vip,
      vipInterface: d.interface,
      infrastructure: d.infrastructure as Answers['infrastructure'],
      sshKeys,
      fluxUrl: d['flux-url'],
      branch: d.branch,
      tool,
    },
  };
}
