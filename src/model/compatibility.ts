import semver from 'semver';
// Bundled into dist/ (no file read at run time): the data travels with the code that reads it.
import certManagerJson from '../../schemas/compat/cert-manager-kubernetes.json' with { type: 'json' };
import ciliumJson from '../../schemas/compat/cilium-gateway-api.json' with { type: 'json' };
import capiKubernetesJson from '../../schemas/compat/cluster-api-kubernetes.json' with { type: 'json' };
import operatorJson from '../../schemas/compat/cluster-api-operator.json' with { type: 'json' };
import providersJson from '../../schemas/compat/cluster-api-providers.json' with { type: 'json' };
import fluxOperatorJson from '../../schemas/compat/flux-operator-flux.json' with { type: 'json' };

/**
 * What the pinned releases declare about each other, vendored from the projects' own repositories
 * (schemas/compat/, each file naming its source; schemas/SOURCES.md lists them) and looked up by
 * the version an environment actually pins. The tool's data: a fleet bumps the tool to get more.
 */
export const COMPAT_DIR = 'schemas/compat';

/** Where a table was transcribed from. */
export interface CompatSource {
  readonly repo: string;
  readonly path: string;
  readonly tag: string;
  readonly commit: string;
  readonly note?: string;
}

/** One vendored table: its source and an entry per release it knows. */
export interface CompatTable<T> {
  readonly file: string;
  readonly source: CompatSource;
  readonly releases: Readonly<Record<string, T>>;
}

export interface CertManagerRange { readonly min: string; readonly max: string }
export interface OperatorRelease { readonly commit: string; readonly clusterApi: string; readonly contracts: readonly string[] }
export interface FluxOperatorRelease { readonly commit: string; readonly flux: readonly string[] }
export interface CiliumRelease { readonly gatewayApi: string }
/** One Kubernetes minor a Cluster API minor supports: for workload clusters always, for the management cluster where `management`; from patch `since` on where set. */
export interface CapiKubernetesMinor { readonly management: boolean; readonly since?: string }
/** The Kubernetes minors (`1.35`) one Cluster API minor supports. */
export type CapiKubernetesSupport = Readonly<Record<string, CapiKubernetesMinor>>;
export interface ReleaseSeries { readonly major: number; readonly minor: number; readonly contract: string }
export interface ProviderRepository {
  readonly source: CompatSource;
  readonly providers: readonly { readonly kind: string; readonly name: string; readonly catalogue: string }[];
  readonly releaseSeries: readonly ReleaseSeries[];
}

const table = <T>(file: string, json: unknown): CompatTable<T> => {
  const { source, releases } = json as { source: CompatSource; releases: Record<string, T> };
  return { file: `${COMPAT_DIR}/${file}`, source, releases };
};

export const certManagerKubernetes = table<CertManagerRange>('cert-manager-kubernetes.json', certManagerJson);
export const clusterApiOperator = table<OperatorRelease>('cluster-api-operator.json', operatorJson);
export const fluxOperatorFlux = table<FluxOperatorRelease>('flux-operator-flux.json', fluxOperatorJson);
export const ciliumGatewayApi = table<CiliumRelease>('cilium-gateway-api.json', ciliumJson);
export const clusterApiKubernetes = table<CapiKubernetesSupport>('cluster-api-kubernetes.json', capiKubernetesJson);
export const PROVIDERS_FILE = `${COMPAT_DIR}/cluster-api-providers.json`;
export const providerRepositories = (providersJson as unknown as { repositories: ProviderRepository[] }).repositories;

/** `v1.35.8+k3s1` → `1.35`; undefined when it names no version. */
export function minorOf(version: string): string | undefined {
  const parsed = semver.coerce(version);
  return parsed ? `${parsed.major}.${parsed.minor}` : undefined;
}

const order = (key: string) => semver.coerce(key) ?? new semver.SemVer('0.0.0');

/** The table's entry for a key: a minor (`1.21`) or an exact release (`v0.28.0` and `0.28.0` alike). */
export function entryFor<T>(t: CompatTable<T>, key: string): T | undefined {
  const found = Object.keys(t.releases).find((k) => k === key || (semver.valid(k) !== null && semver.clean(k) === semver.clean(key)));
  return found === undefined ? undefined : t.releases[found];
}

/** The newest release a table knows. */
export function newestOf<T>(t: CompatTable<T>): string {
  return Object.keys(t.releases).sort((a, b) => semver.rcompare(order(a), order(b)))[0]!;
}

/** `kubernetes-sigs/cluster-api-operator go.mod at v0.28.0 (schemas/compat/cluster-api-operator.json)`. */
export const sourceOf = (source: CompatSource, file: string) => `${source.repo} ${source.path} at ${source.tag} (${file})`;

/** The repository a provider kind and name come from, undefined for one the data does not know. */
export const providerRepository = (kind: string, name: string) => providerRepositories.find((r) => r.providers.some((p) => p.kind === kind && p.name === name));

/** The release series a provider version falls in, undefined when its repository's metadata.yaml does not list it. */
export function releaseSeriesOf(repository: ProviderRepository, version: string): ReleaseSeries | undefined {
  const parsed = semver.coerce(version);
  return parsed ? repository.releaseSeries.find((s) => s.major === parsed.major && s.minor === parsed.minor) : undefined;
}

/** The newest release series a provider repository's metadata.yaml lists, as `1.12`. */
export const newestSeries = (repository: ProviderRepository) => {
  const s = [...repository.releaseSeries].sort((a, b) => b.major - a.major || b.minor - a.minor)[0]!;
  return `${s.major}.${s.minor}`;
};
