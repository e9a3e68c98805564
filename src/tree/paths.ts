/** Paths inside `clusters/<env>/` that more than one part of the code names (the writer's and the checks'). */

/** Cilium's bootstrap values: byte for byte the HelmRelease's `spec.values`. */
export const CILIUM_VALUES_FILE = 'bootstrap/cilium-values.yaml';
/** The runbook as a script: `bash run.sh`, or `./run.sh`. */
export const RUN_SCRIPT_FILE = 'bootstrap/run.sh';
/** Files synth writes with mode 0755, so that git records them as 100755. */
export const EXECUTABLE_FILES: readonly string[] = [RUN_SCRIPT_FILE];
export const EXECUTABLE_MODE = 0o755;
/** The FluxInstance the runbook applies once; the tree holds the same object for Flux to keep. */
export const FLUX_INSTANCE_FILE = 'bootstrap/flux-instance.yaml';

/** Where a chart's values.schema.json is kept in the repository (validate reads the same folder). */
export const VALUES_SCHEMA_DIR = 'schemas/values';
/** The fleet's own kubeconform-style schemas, for kinds of its apps the tool has not vendored. */
export const FLEET_SCHEMA_DIR = 'schemas/json';
export const valuesSchemaPath = (chart: string, version: string) => `${VALUES_SCHEMA_DIR}/${chart}-${version}.values.schema.json`;

/** The copy of a declared secret's encrypted source, in the folder of what uses it. */
export const secretFileName = (namespace: string, name: string) => `secret.${namespace}.${name}.sops.yaml`;

/** The folder an environment's tree is written to, relative to the repository root. */
export const CLUSTERS_DIR = 'clusters';
export const treeDir = (env: string) => `${CLUSTERS_DIR}/${env}`;
/** The fleet's git-ignored folder of etcd snapshots copied off the servers, per environment. */
export const BACKUPS_DIR = 'backups';
export const backupsDir = (env: string) => `${BACKUPS_DIR}/${env}`;
/** The one folder of the tree Flux syncs. */
export const fluxDir = (env: string) => `${treeDir(env)}/kubernetes`;

/** The Chainsaw conformance suites of an environment (one consumer: Chainsaw), relative to `clusters/<env>/`. */
export const TESTS_DIR = 'tests';
/** The suites' Chainsaw Configuration: not `.chainsaw.yaml`, so a run inside tests/ never writes its report into the tree. */
export const CHAINSAW_CONFIG_FILE = `${TESTS_DIR}/chainsaw-config.yaml`;
