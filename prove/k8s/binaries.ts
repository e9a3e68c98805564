/**
 * The Kubernetes half's binaries, from the toolchain's cache (built there on first use), once per
 * run; a program that could not be built stops the caller with the toolchain's reason.
 */
import { provideKubernetes } from '../toolchain';
import type { KubernetesPrograms } from '../toolchain';

export type KubernetesBinaries = { readonly [K in keyof KubernetesPrograms]: string };

let provided: KubernetesBinaries | undefined;

export function kubernetesBinaries(log: (line: string) => void): KubernetesBinaries {
  if (provided) return provided;
  const programs = provideKubernetes(log);
  const missing = Object.values(programs).filter((p) => !p.file);
  if (missing.length > 0) throw new Error(`the Kubernetes half needs ${missing.map((p) => `${p.name} ${p.version} (${p.source})`).join('; ')}`);
  provided = Object.fromEntries(Object.entries(programs).map(([key, p]) => [key, p.file!])) as unknown as KubernetesBinaries;
  return provided;
}
