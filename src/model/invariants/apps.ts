import { CLUSTERS_DIR } from '../../tree/paths';
import { HELM_DURATION, HELM_TIMEOUT, durationSeconds } from '../helm-timeout';
import { distinct, duplicates } from '../duplicates';
import { layersBefore } from './flux';
import type { App, Environment } from '../resolve';
import { shown } from '../violation';
import type { Finding, Rule } from '../violation';

/** The shortest timeout an app may set: below it no release with an image to pull could ever go Ready. */
const MIN_TIMEOUT_SECONDS = 60;

const SOURCES = ['helm', 'construct', 'manifests'] as const;
const at = (app: App, field?: string) => `apps[${app.index}]${field ? `.${field}` : ''}`;

/** A repository-relative path that stays inside the repository and outside the generated trees. */
export function isRepositoryPath(value: string): boolean {
  const parts = value.split('/');
  return value !== '' && !value.startsWith('/') && !value.includes('\\') && !parts.includes('..') && !parts.includes('.') && parts[0] !== CLUSTERS_DIR;
}

function dependencyProblem(env: Environment, app: App, name: string): string | undefined {
  const other = env.apps.find((a) => a.name === name);
  if (name === app.name) return 'an app cannot wait for itself';
  if (!other) return `no app is named ${name}`;
  if (other.layer === app.layer) {
    return app.helm && other.helm ? undefined : `${name} is in the same layer; only a Helm app can wait for another Helm app of its layer (HelmRelease dependsOn)`;
  }
  return layersBefore(env, app.layer).has(other.layer) ? undefined : `${name} is in layer ${other.layer}, which layer ${app.layer} does not depend on`;
}

/** The user's apps: one source each, a layer that exists, dependencies Flux can order. */
/** An oci:// chart location app.chart-source accepts: a registry and a path, no tag (the tag is helm.version). */
export const OCI_LOCATION = /^oci:\/\/[^\s:]+\/[^\s:]+$/;

export const appRules: readonly Rule[] = [
  {
    code: 'app.duplicate-name',
    severity: 'error',
    summary: 'app names are unique in an environment (each is a folder and a release)',
    check: (env) =>
      duplicates(env.apps, (a) => a.name).map(({ item, first }) => ({
        path: at(item, 'name'),
        value: item.name,
        message: `${item.name} is already the name of ${at(first)}`,
        fix: 'give every app its own name',
      })),
  },
  {
    code: 'app.one-source',
    severity: 'error',
    summary: 'every app sets exactly one of helm, construct and manifests',
    check: (env) =>
      env.apps
        .map((app) => ({ app, set: SOURCES.filter((s) => app[s] !== undefined) }))
        .filter(({ set }) => set.length !== 1)
        .map(({ app, set }) => ({
          path: at(app),
          value: set.length === 0 ? '(none)' : set.join(', '),
          message: set.length === 0 ? `app ${app.name} says nothing to deploy` : `app ${app.name} sets ${set.join(' and ')}; it can only be one thing`,
          fix: set.length === 0 ? 'set helm (a chart), construct (a cdk8s construct) or manifests (a folder)' : `split it into ${set.length} apps with their own names`,
        })),
  },
  {
    code: 'app.layer-missing',
    severity: 'error',
    summary: 'every app goes into a layer the environment declares',
    check: (env) =>
      env.apps
        .filter((app) => !env.flux.layers.some((l) => l.name === app.layer))
        .map((app) => ({
          path: at(app, 'layer'),
          value: app.layer,
          message: `app ${app.name} goes into layer ${app.layer}, which the environment does not declare`,
          fix: `add a layer named ${app.layer} to flux.layers, or use one of: ${distinct(env.flux.layers.map((l) => l.name)).join(', ')}`,
        })),
  },
  {
    code: 'app.namespace-not-ready',
    severity: 'error',
    summary: "an app's namespace is created by its own layer or by a layer it depends on",
    check: (env) =>
      env.apps.flatMap((app): Finding[] => {
        const owner = env.flux.layers.find((l) => l.namespaces.includes(app.namespace));
        if (!owner || owner.name === app.layer || !env.flux.layers.some((l) => l.name === app.layer) || layersBefore(env, app.layer).has(owner.name)) return [];
        return [{
          path: at(app, 'namespace'),
          value: app.namespace,
          message: `${app.namespace} is created by layer ${owner.name}, which layer ${app.layer} does not depend on: the app could be applied before its namespace exists`,
          fix: `add '${owner.name}' to the dependsOn of layer ${app.layer}, or move the app into layer ${owner.name}`,
        }];
      }),
  },
  {
    code: 'app.depends-on',
    severity: 'error',
    summary: 'an app waits only for apps Flux applies before it',
    check: (env) =>
      env.apps.flatMap((app) =>
        app.dependsOn
          .map((name, i) => ({ name, i, problem: dependencyProblem(env, app, name) }))
          .filter((d) => d.problem !== undefined)
          .map((d) => ({ path: at(app, `dependsOn[${d.i}]`), value: d.name, message: d.problem!, fix: 'depend on an app of a layer this layer depends on, or on a Helm app of the same layer' })),
      ),
  },
  {
    code: 'app.chart-source',
    severity: 'error',
    summary: "a Helm app names exactly one source: an oci:// location or an http(s) repository",
    check: (env) =>
      env.apps.flatMap((app): Finding[] => {
        const helm = app.helm;
        if (!helm) return [];
        if ((helm.oci === undefined) === (helm.repo === undefined)) {
          return [{ path: at(app, 'helm'), value: shown(helm.oci ?? helm.repo), message: `app ${app.name} must set one of helm.oci and helm.repo`, fix: "set oci: 'oci://registry/path/<chart>' where the chart is published as OCI, else repo: 'https://…'" }];
        }
        if (helm.oci !== undefined && !OCI_LOCATION.test(helm.oci)) {
          return [{ path: at(app, 'helm.oci'), value: helm.oci, message: `"${helm.oci}" is not an OCI chart location`, fix: 'write oci://<registry>/<path>/<chart> without a tag (the tag is helm.version)' }];
        }
        if (helm.oci !== undefined && !helm.oci.endsWith(`/${helm.chart}`)) {
          return [{ path: at(app, 'helm.oci'), value: helm.oci, message: `${helm.oci} does not end with the chart's name ${helm.chart}`, fix: `write the location of the chart itself, e.g. ${helm.oci.replace(/\/[^/]*$/, '')}/${helm.chart}` }];
        }
        if (helm.repo !== undefined && !URL.canParse(helm.repo)) {
          return [{ path: at(app, 'helm.repo'), value: helm.repo, message: `"${helm.repo}" is not a Helm repository URL`, fix: 'write the https:// URL of the repository index' }];
        }
        return [];
      }),
  },
  {
    code: 'app.invalid-timeout',
    severity: 'error',
    summary: "a Helm app's timeout is a duration the HelmRelease accepts, of a minute or more",
    check: (env) =>
      env.apps
        .filter((app) => app.helm?.timeout !== undefined && (!HELM_DURATION.test(app.helm.timeout) || durationSeconds(app.helm.timeout) < MIN_TIMEOUT_SECONDS))
        .map((app) => {
          const timeout = app.helm!.timeout!;
          return {
            path: at(app, 'helm.timeout'),
            value: timeout,
            message: HELM_DURATION.test(timeout)
              // Each try of RetryOnFailure would fail before an image pull or a hook could finish.
              ? `${timeout} is ${durationSeconds(timeout)} s: every install and upgrade would fail before its pods could start`
              : `"${timeout}" is not a duration the HelmRelease accepts (digits and ms, s, m or h)`,
            fix: `write a Go duration of at least ${MIN_TIMEOUT_SECONDS / 60}m, such as 10m or 1h30m (the default is ${HELM_TIMEOUT})`,
          };
        }),
  },
  {
    code: 'app.invalid-path',
    severity: 'error',
    summary: 'a manifests folder is a path inside the repository, outside clusters/',
    check: (env) =>
      env.apps
        .filter((app) => app.manifests !== undefined && !isRepositoryPath(app.manifests))
        .map((app) => ({
          path: at(app, 'manifests'),
          value: app.manifests!,
          message: `"${app.manifests}" is not a folder inside the repository outside clusters/ (synth owns clusters/)`,
          fix: `write a path relative to the repository root, e.g. apps/${env.name}/${app.name}`,
        })),
  },
];
