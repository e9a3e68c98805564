/**
 * What the programs that read a name accept, each from its source at the version the fleet runs:
 * the rules of invariants/program-inputs.ts hold the spec's fields to these.
 */

/**
 * A Secret's data key: `[-._a-zA-Z0-9]+`, at most 253 characters, not `.` or `..` nor starting
 * with `..` (kubernetes/apimachinery v0.36.3 pkg/util/validation/validation.go, IsConfigMapKey).
 */
export const isSecretKey = (key: string): boolean => /^[-._a-zA-Z0-9]{1,253}$/.test(key) && key !== '.' && !key.startsWith('..');

/**
 * A login name useradd creates: `[a-zA-Z0-9_.][a-zA-Z0-9_.-]*[$]?`, not all digits, not `.` or
 * `..`, at most 32 characters (shadow 4.13 libmisc/chkname.c, is_valid_user_name, USER_NAME_MAX_LENGTH;
 * the release Ubuntu noble's cloud-init calls).
 */
export const isLoginName = (name: string): boolean => /^[a-zA-Z0-9_.][a-zA-Z0-9_.-]{0,30}[a-zA-Z0-9_.$-]?$/.test(name) && !/^\d+$/.test(name) && name !== '.' && name !== '..';

/** What ssh takes from its command line (openssh-portable V_10_2_P1 ssh.c, valid_hostname and valid_ruser). */
export const isSshHost = (host: string): boolean => host !== '' && !host.startsWith('-') && !/['`"$\\;&<>|(){},\s\p{Cc}]/u.test(host);
export const isSshUser = (user: string): boolean => user !== '' && !user.startsWith('-') && !/['`";&<>|(){}\p{Cc}]|\s-|\\$/u.test(user);

/**
 * A branch name git can hold (git v2.51.0 Documentation/git-check-ref-format.adoc, with `--branch`):
 * no control character, space, `~ ^ : ? * [ \`, no `..` or `@{`, not `@`, no component starting
 * with `.` or ending with `.lock`, no empty component, no trailing `.`, no leading `-`.
 */
export const isBranchName = (branch: string): boolean =>
  branch !== '@' &&
  !branch.startsWith('-') &&
  !branch.endsWith('.') &&
  !/[\p{Cc} ~^:?*[\\]|\.\.|@\{/u.test(branch) &&
  branch.split('/').every((part) => part !== '' && !part.startsWith('.') && !part.endsWith('.lock'));

/** Proxmox `machine:` as the bpg provider v0.111.1 takes it (proxmoxtf/resource/vm/validators.go, MachineTypeValidator); empty is the default. */
export const PROXMOX_MACHINE = /^$|^(pc|pc(-i440fx)?-\d+(\.\d+)+(\+pve\d+)?(\.pxe)?|q35(,viommu=(intel|virtio))?|pc-q35-\d+(\.\d+)+(\+pve\d+)?(\.pxe)?|virt(?:-\d+(\.\d+)+)?(\+pve\d+)?)$/;

/** Proxmox `cpu:` types the bpg provider v0.111.1 takes (validators.go, CPUTypeValidator), or a `custom-` model. */
export const PROXMOX_CPU_TYPES: readonly string[] = [
  '486', 'Broadwell', 'Broadwell-IBRS', 'Broadwell-noTSX', 'Broadwell-noTSX-IBRS', 'Cascadelake-Server', 'Cascadelake-Server-noTSX',
  'Cascadelake-Server-v2', 'Cascadelake-Server-v4', 'Cascadelake-Server-v5', 'Conroe', 'Cooperlake', 'Cooperlake-v2', 'EPYC', 'EPYC-Genoa',
  'EPYC-IBPB', 'EPYC-Milan', 'EPYC-Rome', 'EPYC-Rome-v2', 'EPYC-Rome-v3', 'EPYC-Rome-v4', 'EPYC-v3', 'EPYC-v4', 'Haswell', 'Haswell-IBRS',
  'Haswell-noTSX', 'Haswell-noTSX-IBRS', 'Icelake-Client', 'Icelake-Client-noTSX', 'Icelake-Server', 'Icelake-Server-noTSX', 'Icelake-Server-v3',
  'Icelake-Server-v4', 'Icelake-Server-v5', 'Icelake-Server-v6', 'IvyBridge', 'IvyBridge-IBRS', 'KnightsMill', 'Nehalem', 'Nehalem-IBRS',
  'Opteron_G1', 'Opteron_G2', 'Opteron_G3', 'Opteron_G4', 'Opteron_G5', 'Penryn', 'SandyBridge', 'SandyBridge-IBRS', 'SapphireRapids',
  'Skylake-Client', 'Skylake-Client-IBRS', 'Skylake-Client-noTSX-IBRS', 'Skylake-Client-v4', 'Skylake-Server', 'Skylake-Server-IBRS',
  'Skylake-Server-noTSX-IBRS', 'Skylake-Server-v4', 'Skylake-Server-v5', 'Westmere', 'Westmere-IBRS', 'athlon', 'core2duo', 'coreduo', 'host',
  'kvm32', 'kvm64', 'max', 'pentium', 'pentium2', 'pentium3', 'phenom', 'qemu32', 'qemu64', 'x86-64-v2', 'x86-64-v2-AES', 'x86-64-v3', 'x86-64-v4',
];
export const isProxmoxCpuType = (type: string): boolean => PROXMOX_CPU_TYPES.includes(type) || /^custom-.+$/.test(type);

/** Proxmox `ostype:` values the bpg provider v0.111.1 takes (validators.go, OperatingSystemTypeValidator). */
export const PROXMOX_OS_TYPES: readonly string[] = ['l24', 'l26', 'other', 'solaris', 'w2k', 'w2k3', 'w2k8', 'win7', 'win8', 'win10', 'win11', 'wvista', 'wxp'];

/** A disk slot of a Proxmox VM: ide0-3, sata0-5, scsi0-30, virtio0-15 (qemu-server 9.2.6 src/PVE/QemuServer/Drive.pm, $MAX_*_DISKS). */
export const PROXMOX_DISK_SLOT = /^(ide[0-3]|sata[0-5]|scsi([0-9]|[12][0-9]|30)|virtio([0-9]|1[0-5]))$/;

/** One component of an OCI repository name (distribution-spec v1.1.1 spec.md, "Pulling manifests": `<name>`). */
export const OCI_PATH_COMPONENT = /^[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*$/;
