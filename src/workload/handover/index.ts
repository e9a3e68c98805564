export { WorkloadHandover } from './handover';
export type { WorkloadHandoverProps } from './handover';
export { SOPS_AGE_FALLBACK } from '../../k8s/sops-age-fallback';
export { handoverNames } from './names';
export { encryptedSecretProblems } from './encrypted-secret';
export type { EncryptedSecret, EncryptedSecretExpectation } from './encrypted-secret';
