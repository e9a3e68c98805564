/** The oldest Terraform / OpenTofu that reads the generated JSON (its `required_version`). */
export const MINIMUM_TERRAFORM = '1.7.0';
