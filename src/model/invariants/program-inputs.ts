import type { Environment } from '../resolve';
import type { Finding, FixAction, Rule } from '../violation';
import {
  OCI_PATH_COMPONENT,
  PROXMOX_CPU_TYPES,
  PROXMOX_DISK_SLOT,
  PROXMOX_MACHINE,
  PROXMOX_OS_TYPES,
  isBranchName,
  isLoginName,
  isProxmoxCpuType,
  isSecretKey,
  isSshHost,
  isSshUser,
} from '../program-grammars';
import { OCI_LOCATION } from './apps';
import { k3sOnly, onWorkload } from './kind-scope';

// Names and values the program that reads them refuses: each rule names the program, and where
// only the letter case is wrong, its fix is the accepted spelling (program-grammars.ts cites each).

/** The one accepted value that differs from `value` only in letter case, if there is one. */
const caseOf = (value: string, accepted: readonly string[]): string | undefined => accepted.find((a) => a.toLowerCase() === value.toLowerCase());
const setTo = (path: string, to: string | undefined): { action?: FixAction } => (to === undefined ? {} : { action: { set: path, to } });

/** Every Secret's keys: the components' own are the tool's constants, so what can fail is what the environment declares. */
function declaredKeys(env: Environment): { path: string; key: string; source: string }[] {
  return env.secrets.flatMap((s) => s.keys.map((key, j) => ({ path: `${s.declaredAt}.keys[${j}]`, key, source: s.source })));
}

/** The Proxmox settings of each adopted VM, as `qm config` shows them. */
function adoptedSettings(env: Environment): { path: string; field: 'machine' | 'cpuType' | 'osType'; value: string; name: string }[] {
  const infra = env.infrastructure;
  if (infra.kind !== 'proxmox' || !infra.adopt) return [];
  return Object.entries(infra.adopt.vms).flatMap(([name, vm]) =>
    (['machine', 'cpuType', 'osType'] as const).map((field) => ({ path: `infrastructure.adopt.vms.${name}.${field}`, field, value: vm[field], name })),
  );
}

const SETTING = {
  machine: { ok: (v: string) => PROXMOX_MACHINE.test(v), line: 'machine:', spelled: (v: string) => (PROXMOX_MACHINE.test(v.toLowerCase()) ? v.toLowerCase() : undefined), what: 'a machine type' },
  cpuType: { ok: isProxmoxCpuType, line: 'cpu:', spelled: (v: string) => caseOf(v, PROXMOX_CPU_TYPES), what: 'a CPU type' },
  osType: { ok: (v: string) => PROXMOX_OS_TYPES.includes(v), line: 'ostype:', spelled: (v: string) => caseOf(v, PROXMOX_OS_TYPES), what: 'an OS type' },
};

/** ssh's verdict on each node's `ssh.<field>`, in ssh's own words ("hostname contains invalid characters"). */
const SSH_REFUSAL = { host: 'hostname contains invalid characters', user: 'remote username contains invalid characters' };
const sshRefuses = (field: 'host' | 'user', ok: (v: string) => boolean, fix: (n: { name: string; ip: string }) => string) => (env: Environment): Finding[] =>
  (env.spec.nodes ?? []).flatMap((n, i) => {
    const value = n.ssh?.[field];
    return value === undefined || ok(value)
      ? []
      : [{ path: `nodes[${i}].ssh.${field}`, value, message: `ssh refuses the ${field} "${value}" ("${SSH_REFUSAL[field]}"): the runbook cannot reach ${n.name}`, fix: fix(n) }];
  });

/** An OCI location's repository path after the registry host, split into its components. */
const ociPath = (oci: string): string[] => oci.replace(/^oci:\/\/[^/]*\/?/, '').split('/');

export const programInputRules: readonly Rule[] = [
  {
    code: 'secret.invalid-key',
    severity: 'error',
    summary: "a declared Secret's keys are keys the API server takes: [-._a-zA-Z0-9]+, at most 253, not . or .. (apimachinery v0.36.3 IsConfigMapKey)",
    check: (env) =>
      declaredKeys(env)
        .filter(({ key }) => !isSecretKey(key))
        .map(({ path, key, source }) => ({
          path,
          value: key,
          message: `"${key}" is no Secret data key: the API server takes letters, digits, '-', '_' and '.' (at most 253, not . or .., nor starting with ..) and refuses the Secret`,
          fix: `rename the key, here and in ${source}, to letters, digits, '-', '_' and '.'`,
        })),
  },
  {
    code: 'vm.invalid-login-user',
    severity: 'error',
    summary: "the VMs' login user is a name useradd creates: [a-zA-Z0-9_.][a-zA-Z0-9_.-]*[$]?, not all digits, at most 32 (shadow 4.13 is_valid_user_name)",
    check: (env) => {
      const infra = env.infrastructure;
      if (infra.kind !== 'libvirt' && infra.kind !== 'proxmox') return [];
      const user = infra.access.user;
      return isLoginName(user)
        ? []
        : [{
            path: 'infrastructure.access.user',
            value: user,
            message: `"${user}" is no login name useradd creates (letters, digits, '_', '.', '-', a final '$', not all digits, at most 32): cloud-init boots the VM without the user, and nobody can log in`,
            fix: `pick a name of letters, digits, '_', '.' and '-', e.g. ubuntu`,
          }];
    },
  },
  k3sOnly({
    code: 'ssh.invalid-host',
    severity: 'error',
    summary: "a node's ssh.host is a host ssh connects to: no leading -, white space or shell character (openssh-portable V_10_2_P1 ssh.c valid_hostname)",
    check: sshRefuses('host', isSshHost, (n) => `write the address or DNS name ssh reaches ${n.name} at, e.g. ${n.ip}`),
  }),
  k3sOnly({
    code: 'ssh.invalid-user',
    severity: 'error',
    summary: "a node's ssh.user is a user ssh takes on its command line: no leading -, no shell character (openssh-portable V_10_2_P1 ssh.c valid_ruser)",
    check: sshRefuses('user', isSshUser, (n) => `write the login name ${n.name} has, or remove ssh.user to use the VM user or ~/.ssh/config`),
  }),
  {
    code: 'flux.invalid-branch',
    severity: 'error',
    summary: 'flux.branch is a name git can give a branch (git v2.51.0 git-check-ref-format --branch)',
    check: (env) =>
      isBranchName(env.flux.branch)
        ? []
        : [{
            path: 'flux.branch',
            value: env.flux.branch,
            message: `"${env.flux.branch}" cannot name a git branch (no space, ~ ^ : ? * [ \\, no .., @{, leading -, trailing . or .lock): no repository has it, and Flux never syncs`,
            fix: 'write the name of the branch Flux follows as git branch --list shows it, e.g. main',
          }],
  },
  {
    code: 'vm.adopt-invalid-setting',
    severity: 'error',
    summary: "an adopted Proxmox VM's machine, cpu and ostype are values the bpg provider v0.111.1 takes (its validators.go)",
    check: (env) =>
      adoptedSettings(env)
        .filter((s) => !SETTING[s.field].ok(s.value))
        .map((s) => {
          const { line, spelled: spell, what } = SETTING[s.field];
          const spelled = spell(s.value);
          return {
            path: s.path,
            value: s.value,
            message: `"${s.value}" is not ${what} the bpg provider takes: the plan that imports ${s.name} fails`,
            fix: spelled !== undefined ? `write ${spelled}` : `copy the ${line} line of qm config for ${s.name} (absent: leave the field out)`,
            ...setTo(s.path, spelled),
          };
        }),
  },
  {
    code: 'workload.invalid-boot-device',
    severity: 'error',
    summary: "a workload cluster's boot device is a Proxmox disk slot: ide0-3, sata0-5, scsi0-30, virtio0-15 (qemu-server 9.2.6 Drive.pm)",
    check: onWorkload((_env, w) => {
      const device = w.proxmox.bootDevice;
      if (PROXMOX_DISK_SLOT.test(device)) return [];
      const lower = PROXMOX_DISK_SLOT.test(device.toLowerCase()) ? device.toLowerCase() : undefined;
      return [{
        path: 'infrastructure.proxmox.bootDevice',
        value: device,
        message: `"${device}" is no Proxmox disk slot (ide0-3, sata0-5, scsi0-30, virtio0-15): CAPMOX resizes no boot disk of the clone`,
        fix: lower !== undefined ? `write ${lower}` : "write the slot of the template's boot disk as qm config shows it, e.g. scsi0",
        ...setTo('infrastructure.proxmox.bootDevice', lower),
      }];
    }),
  },
  {
    code: 'app.oci-reference',
    severity: 'error',
    summary: "an app's OCI chart location is a repository name the registry takes: lowercase components [a-z0-9]+ joined by . _ __ or - (distribution-spec v1.1.1)",
    check: (env) =>
      env.apps.flatMap((app): Finding[] => {
        const helm = app.helm;
        // A location app.chart-source refuses (a tag, no path) is that rule's alone: one mistake, one error.
        if (helm?.oci === undefined || !OCI_LOCATION.test(helm.oci)) return [];
        // The last component is the chart (app.chart-source): judged once, on helm.chart.
        const parts = ociPath(helm.oci);
        const chartLast = parts.at(-1) === helm.chart;
        const path = chartLast ? parts.slice(0, -1) : parts;
        const lowered = chartLast ? `oci://${helm.oci.slice(6).split('/')[0]}/${[...path.map((p) => p.toLowerCase()), helm.chart].join('/')}` : undefined;
        const accepted = lowered !== undefined && path.every((p) => OCI_PATH_COMPONENT.test(p.toLowerCase()));
        return [
          ...(path.every((p) => OCI_PATH_COMPONENT.test(p))
            ? []
            : [{
                path: `apps[${app.index}].helm.oci`,
                value: helm.oci,
                message: `${helm.oci} is no OCI repository: each part of its path is lowercase letters and digits joined by . _ __ or -, and the registry refuses the pull`,
                fix: accepted ? `write ${lowered}` : 'write the path as the registry lists it: lowercase letters and digits joined by . _ __ or -',
                ...setTo(`apps[${app.index}].helm.oci`, accepted ? lowered : undefined),
              }]),
          ...(chartLast && !OCI_PATH_COMPONENT.test(helm.chart)
            ? [{
                path: `apps[${app.index}].helm.chart`,
                value: helm.chart,
                message: `under an oci:// location the chart "${helm.chart}" is the repository's last part, lowercase letters and digits joined by . _ __ or -; the registry refuses the pull`,
                fix: 'write the chart\'s name as the registry lists it, in helm.chart and at the end of helm.oci',
              }]
            : []),
        ];
      }),
  },
];
