import type { Construct } from 'constructs';
import { AppChart, AppNameError } from '../k8s/app-chart';
import type { AppFailure } from '../k8s/app-chart';
import { describeUserError } from '../fleet/user-error';
import type { ClusterUnit } from '../k8s/cluster';
import { VerbatimFile } from '../k8s/verbatim-file';
import { manifestFiles } from '../model/invariants/app-sources';
import type { App, Environment } from '../model/resolve';
import { AppRoute } from './route';

const isYaml = (file: string) => /\.ya?ml$/.test(file);
const KUSTOMIZATION = /^kustomization\.ya?ml$/;

/** The app's HTTPRoute, in its folder, where it declares a route. */
function route(app: App, folder: () => Construct): void {
  if (app.route) new AppRoute(folder(), 'route', { app, route: app.route });
}

/** A Helm app: its source and HelmRelease, always installed by Flux (which orders and health-checks it). */
function helmUnit(env: Environment, app: App): ClusterUnit {
  const helm = app.helm!;
  return {
    name: app.name,
    layer: app.layer,
    chart: { name: app.name, namespace: app.namespace, chart: helm.chart, version: helm.version, oci: helm.oci, repo: helm.repo, values: helm.values, timeout: helm.timeout },
    installer: 'flux',
    // Apps of other layers are ordered by the layers' dependsOn (app.depends-on checks it).
    dependsOn: app.dependsOn
      .map((name) => env.apps.find((a) => a.name === name && a.layer === app.layer && a.helm))
      .filter((a): a is App => a !== undefined)
      .map((a) => ({ name: a.name, namespace: a.namespace })),
    build: (own) => route(app, own),
  };
}

/**
 * A folder of plain manifests, copied byte for byte; with no kustomization.yaml of its own, one
 * listing its YAML files is generated (no transformer: the files say their namespaces).
 */
function manifestsUnit(app: App, sources: ReadonlyMap<string, string>): ClusterUnit {
  const files = manifestFiles(app, sources);
  const own = [...files.keys()].some((f) => KUSTOMIZATION.test(f));
  return {
    name: app.name,
    layer: app.layer,
    ownKustomization: own,
    build: (folder) => {
      for (const [file, content] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
        // Its own kustomization.yaml may reference any file (generators); without one only YAML is used.
        if (own || isYaml(file)) new VerbatimFile(folder(), `file-${file.replace(/\//g, "--")}`, { fileName: file, content });
      }
      // app.route-own-kustomization keeps a route out of a folder whose kustomization.yaml is the user's.
      if (!own) route(app, folder);
    },
  };
}

/** The user's apps as units of the tree; what their constructs get wrong goes to `failures`, all of it. */
export function appUnits(env: Environment, sources: ReadonlyMap<string, string>, failures: AppFailure[] = []): ClusterUnit[] {
  return env.apps.map((app): ClusterUnit => {
    if (app.helm) return helmUnit(env, app);
    if (app.manifests !== undefined) return manifestsUnit(app, sources);
    // A construct of the user's, inside a cdk8s Chart whose namespace is the app's (the cdk8s
    // idiom): objects that name no namespace land there; the writer drops it from cluster-scoped kinds.
    return {
      name: app.name,
      layer: app.layer,
      build: (folder) => {
        const chart = new AppChart(folder(), 'app', { app: app.name, namespace: app.namespace });
        try {
          app.construct!(chart, { name: app.name, namespace: app.namespace, environment: env.name });
        } catch (error) {
          failures.push(
            error instanceof AppNameError
              ? { app: app.name, message: error.message, fix: 'give the object a shorter id, or set its metadata.name' }
              : { app: app.name, message: `its construct threw: ${describeUserError(error)}`, fix: 'correct the construct where it throws (the place named above)' },
          );
        }
        failures.push(...chart.duplicateNames());
        route(app, folder);
      },
    };
  });
}
