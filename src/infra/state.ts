import { LocalBackend } from 'cdktf';
import type { TerraformStack } from 'cdktf';

/**
 * A relative local-backend path: cdktf's default is absolute and machine-dependent. Both working
 * directories, `clusters/<env>/terraform` (tofu -chdir) and `cdktf.out/stacks/<env>` (cdktf deploy),
 * sit three levels below the repository, so both reach `<repo>/.terraform-state/<env>.tfstate`.
 * The folder is git-ignored: state never lands in the repository.
 */
export function useRepositoryState(stack: TerraformStack, envName: string): void {
  new LocalBackend(stack, { path: `../../../.terraform-state/${envName}.tfstate` });
  // moved blocks keyed for_each addresses and replace_triggered_by need 1.4+; import blocks with
  // for_each (adoption, keyed by node) need 1.7, in Terraform and in OpenTofu alike.
  stack.addOverride('terraform.required_version', `>= ${MINIMUM_TERRAFORM}`);
}

/** The oldest Terraform / OpenTofu that reads the generated JSON. */
export const MINIMUM_TERRAFORM = '1.7.0';
