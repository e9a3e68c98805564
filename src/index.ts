/**
 * The package's programmatic API, which its bin wraps:
 *
 *   import { synthesize, check, resolve } from 'k3s-gitops-synth';
 *   const { files, violations } = synthesize(myEnv);   // in memory, nothing written
 */
export type * from './model/environment';
export type { Environment, Node, FluxLayer as ResolvedFluxLayer } from './model/resolve';
export type { Violation, Severity } from './model/violation';
export type { ChartRelease } from './charts/chart';
export type { SynthesizedEnvironment } from './synth/render';
export type { CommandOptions, CommandResult } from './synth/commands';
export type { Catalogue, VersionOverrides } from './model/version-overrides';

export { resolve } from './model/resolve';
export { check, runChecks } from './check/run';
export type { CheckOutcome, CheckRequest, CheckedEnvironment, EnvironmentSources } from './check/run';
export { checkEnvironment, environmentRules } from './check/environment-rules';
export { modelRules } from './model/invariants';
export { COMPONENTS, enabledComponents } from './components/table';
export { componentRules } from './components/rules';
export { defineComponent } from './components/entry';
export type { ComponentEntry, RenderContext } from './components/entry';
export { fromSwitch } from './components/switch';
export { checkSpec, specRules } from './model/spec-check';
export { environmentSchema } from './model/environment';
export { checkFleet, fleetRules } from './model/invariants/fleet';
export { checkCatalogue, catalogueRules } from './model/invariants/catalogue';
export { environmentJsonSchema } from './synth/environment-schema';
export { checkRendered, renderedRules } from './check/rendered-rules';
export { formatViolation, hasErrors } from './model/violation';
export { synthesize } from './synth/render';
export { plan } from './synth/plan';
export { synthCommand, checkCommand, diffCommand } from './synth/commands';
export { TOOL_NAME, toolVersion } from './synth/tool-version';
export * as versions from './versions';

// Constructs, for composing an environment's tree differently.
export { Cluster } from './k8s/cluster';
export { KustomizationFolder } from './k8s/kustomization-folder';
export { FluxSync } from './k8s/flux-sync';
export { FluxLayer } from './k8s/flux-layer';
export { FluxHelmRelease } from './k8s/flux-helm-release';
export { IngressGateway } from './components/ingress-gateway/gateway';
export { GatewayApiCrds } from './components/gateway-api/crds';
export { ChartInstall } from './k8s/chart-install';
export { Namespaces } from './k8s/namespaces';
export { AppChart } from './k8s/app-chart';
export { ciliumRelease } from './components/cilium/chart';
