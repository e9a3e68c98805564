import { LocalBackend } from 'cdktf';
import type { TerraformStack } from 'cdktf';
import { MINIMUM_TERRAFORM } from '../model/minimum-terraform';

/**
 * A relative local-backend path: cdktf's default is absolute and machine-dependent. Both working
 * directories, `clusters/<env>/terraform` (tofu -chdir) and `cdktf.out/stacks/<env>` (cdktf deploy),
 * sit three levels below the repository, so both reach `<repo>/.terraform-state/<env>.tfstate`.
 * The folder is git-ignored: state never lands in the repository.
 */
export function useRepositoryState(stack: TerraformStack, envName: string): void {
  new LocalBackend(stack, { path: statePath(envName) });
  // moved blocks keyed for_each addresses and replace_triggered_by need 1.4+; import blocks with
  // for_each (adoption, keyed by node) need 1.7, in Terraform and in OpenTofu alike.
  stack.addOverride('terraform.required_version', `>= ${MINIMUM_TERRAFORM}`);
}

/**
 * The temporary folder Terraform and its providers run with, relative to the working directory
 * (`clusters/<env>/terraform`, or cdktf's `cdktf.out/stacks/<env>`, both three levels down).
 * libvirt 0.9.7 writes each cloud-init ISO to `os.TempDir()/terraform-provider-libvirt-cloudinit/`
 * and keeps that path in the state (internal/provider/cloudinit_disk_resource.go:170-180), and
 * its Read drops a seed whose file is gone (:233-240): beside the state, relative, the ISOs move
 * with the state and a second machine with both plans nothing.
 */
export const providerTmpDir = (envName: string) => `../../../.terraform-state/${envName}/scratch`;

/** The state file, relative to the working directory (see useRepositoryState). */
export const statePath = (envName: string) => `../../../.terraform-state/${envName}.tfstate`;
