import { AJV_CODE } from '../../tree/ajv-code';
import Ajv from 'ajv';
import YAML from 'yaml';
import { CLUSTER_SCOPED } from '../../tree/kinds';
import { VALUES_SCHEMA_DIR, valuesSchemaPath } from '../../tree/paths';
import { copyValuesSchemaFix, resolveValuesSchema, valuesSchemaNote } from '../../tree/values-schema';
import type { ValuesSchemaChoice } from '../../tree/values-schema';
import type { App, Environment } from '../resolve';
import { isRepositoryPath } from './apps';
import { runRules, shown } from '../violation';
import type { Finding, Rule, Violation } from '../violation';

/** What the user's apps read from the repository: repository-relative path → text. */
export interface AppSources {
  readonly env: Environment;
  readonly sources: ReadonlyMap<string, string>;
}

const isYaml = (file: string) => /\.ya?ml$/.test(file);

/** Files of an app's manifests folder, relative to the folder. */
export function manifestFiles(app: App, sources: ReadonlyMap<string, string>): Map<string, string> {
  const prefix = `${app.manifests}/`;
  return new Map([...sources].filter(([p]) => p.startsWith(prefix)).map(([p, text]) => [p.slice(prefix.length), text]));
}

interface Document {
  readonly file: string;
  readonly index: number;
  readonly doc?: Record<string, unknown>;
  readonly error?: string;
}

/** Every YAML document of every app's manifests (kustomization.yaml aside), parsed once. */
function documents(input: AppSources): { app: App; docs: Document[] }[] {
  return input.env.apps
    .filter((app) => app.manifests !== undefined)
    .map((app) => ({
      app,
      docs: [...manifestFiles(app, input.sources)]
        .filter(([file]) => isYaml(file) && !/(^|\/)kustomization\.ya?ml$/.test(file))
        .flatMap(([file, text]) =>
          YAML.parseAllDocuments(text).map((d, index): Document => {
            if (d.errors.length > 0) return { file, index, error: d.errors[0]!.message.split('\n')[0]!.replace(/:$/, '') };
            const js = d.toJS();
            return js !== null && typeof js === 'object' && !Array.isArray(js) ? { file, index, doc: js } : { file, index, error: 'not a YAML mapping' };
          }),
        ),
    }));
}

const where = (app: App, file: string) => `${app.manifests}/${file}`;

/** The values schema of a Helm app among the fleet's schemas/values/ files read, by the rule validate shares. */
export function appValuesSchema(chart: string, version: string, sources: ReadonlyMap<string, string>): ValuesSchemaChoice {
  const prefix = `${VALUES_SCHEMA_DIR}/`;
  const files = [...sources.keys()].filter((p) => p.startsWith(prefix) && !p.slice(prefix.length).includes('/')).map((p) => p.slice(prefix.length));
  return resolveValuesSchema(files, chart, version);
}

export const appSourceRules: readonly Rule<AppSources>[] = [
  {
    code: 'app.manifests-missing',
    severity: 'error',
    summary: "an app's manifests folder exists and holds YAML",
    check: ({ env, sources }) =>
      env.apps
        .filter((app) => app.manifests !== undefined && isRepositoryPath(app.manifests) && ![...manifestFiles(app, sources).keys()].some(isYaml))
        .map((app) => ({
          path: `apps[${app.index}].manifests`,
          value: app.manifests!,
          message: `${app.manifests}/ holds no .yaml file (or does not exist) in the repository`,
          fix: `create ${app.manifests}/ with the app's manifests, or correct the path`,
        })),
  },
  {
    code: 'app.manifest-invalid',
    severity: 'error',
    summary: 'every document of a manifests folder is a Kubernetes object (YAML mapping with apiVersion, kind and metadata.name)',
    check: (input) =>
      documents(input).flatMap(({ app, docs }) =>
        docs
          .filter((d) => d.error !== undefined || !d.doc!.apiVersion || !d.doc!.kind || !(d.doc!.metadata as { name?: string } | undefined)?.name)
          .map((d): Finding => ({
            path: where(app, d.file),
            value: `document ${d.index + 1}`,
            message: d.error ?? 'this document has no apiVersion, kind or metadata.name',
            fix: 'write one Kubernetes object per document (separated by ---)',
          })),
      ),
  },
  {
    code: 'app.manifest-namespace',
    severity: 'error',
    summary: "every namespaced object of a manifests folder names its namespace (or the folder's own kustomization.yaml sets it)",
    check: (input) =>
      documents(input)
        .filter(({ app }) => ![...manifestFiles(app, input.sources).keys()].some((f) => /^kustomization\.ya?ml$/.test(f)))
        .flatMap(({ app, docs }) =>
          docs
            .filter((d) => d.doc?.kind !== undefined && !CLUSTER_SCOPED.has(String(d.doc.kind)) && !(d.doc.metadata as { namespace?: string } | undefined)?.namespace)
            .map((d): Finding => ({
              path: where(app, d.file),
              value: `${String(d.doc!.kind)} ${String((d.doc!.metadata as { name?: string } | undefined)?.name)}`,
              message: `this ${String(d.doc!.kind)} names no namespace; the files are copied verbatim, so nothing would put it into ${app.namespace}`,
              fix: `add metadata.namespace: ${app.namespace}, or give the folder a kustomization.yaml with namespace: ${app.namespace}`,
            })),
        ),
  },
  {
    code: 'app.route-own-kustomization',
    severity: 'error',
    summary: "a manifests app with its own kustomization.yaml declares no route (synth cannot add the HTTPRoute to the user's list)",
    check: ({ env, sources }) =>
      env.apps
        .filter((app) => app.manifests !== undefined && app.route !== undefined && [...manifestFiles(app, sources).keys()].some((f) => /^kustomization\.ya?ml$/.test(f)))
        .map((app) => ({
          path: `apps[${app.index}].route`,
          value: app.route!.hostname,
          message: `${app.manifests}/ brings its own kustomization.yaml, which would not list the HTTPRoute synth writes for ${app.route!.hostname}`,
          fix: `remove the route and write the HTTPRoute in ${app.manifests}/ yourself (parentRefs: the Gateway ingress/ingress, sectionName https), or drop the folder's kustomization.yaml`,
        })),
  },
  {
    code: 'app.plaintext-secret',
    severity: 'error',
    summary: 'a manifests folder holds no Secret in plaintext (SOPS-encrypted ones only)',
    check: (input) =>
      documents(input).flatMap(({ app, docs }) =>
        docs
          .filter((d) => d.doc?.kind === 'Secret' && (d.doc.sops === null || typeof d.doc.sops !== 'object'))
          .map((d): Finding => ({
            path: where(app, d.file),
            value: `Secret ${String((d.doc!.metadata as { name?: string } | undefined)?.name ?? '(unnamed)')}`,
            message: 'a plaintext Secret would be committed to Git and copied into the tree',
            fix: `remove it from the folder, declare it under secrets and set it with npm run secrets -- set ${input.env.name} <namespace>/<name> --env-file - (<key>=… lines on stdin)`,
          })),
      ),
  },
  {
    code: 'app.values-invalid',
    severity: 'error',
    summary: "a Helm app's values match the chart's values.schema.json where the repository has it",
    check: ({ env, sources }) =>
      env.apps.flatMap((app): Finding[] => {
        if (!app.helm) return [];
        const chosen = appValuesSchema(app.helm.chart, app.helm.version, sources);
        if (chosen.file === undefined) return [];
        const file = `${VALUES_SCHEMA_DIR}/${chosen.file}`;
        const text = sources.get(file)!;
        const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, code: AJV_CODE });
        let validate;
        try {
          validate = ajv.compile(JSON.parse(text) as object);
        } catch (error) {
          return [{ path: file, value: '(schema)', message: `the values schema does not load: ${(error as Error).message}`, fix: "copy the chart's values.schema.json unchanged" }];
        }
        if (validate(app.helm.values)) return [];
        return (validate.errors ?? []).map((e) => ({
          path: `apps[${app.index}].helm.values${e.instancePath.replace(/\//g, '.')}`,
          value: shown(e.instancePath.split('/').slice(1).reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], app.helm!.values)),
          message: `${e.message ?? 'does not match'} (${file})`,
          fix: "correct the value as the chart's values schema says",
        }));
      }),
  },
  {
    code: 'app.values-schema-stand-in',
    severity: 'warning',
    summary: "a Helm app's values are judged by its release's own values schema (another release's standing in is named, in validate's words)",
    check: ({ env, sources }) =>
      env.apps.flatMap((app): Finding[] => {
        if (!app.helm) return [];
        const chosen = appValuesSchema(app.helm.chart, app.helm.version, sources);
        const note = valuesSchemaNote(app.helm.chart, app.helm.version, chosen);
        return note === undefined
          ? []
          : [{
              path: `apps[${app.index}].helm.version`,
              value: app.helm.version,
              message: note,
              fix: copyValuesSchemaFix(app.helm.chart, app.helm.version),
            }];
      }),
  },
];

/** The app sources' own violations (paths prefixed with the environment's name where they are spec paths). */
export function checkAppSources(input: AppSources): Violation[] {
  return runRules(appSourceRules, input).map((v) => (v.path.startsWith('apps[') ? { ...v, path: `${input.env.name}.${v.path}` } : v));
}

/** The repository paths the apps of `env` read: their manifests folders, their values schemas (and the charts whose schemas of other releases may stand in). */
export function appSourceFiles(env: Environment): { folders: string[]; files: string[]; valuesCharts: string[] } {
  return {
    folders: env.apps.flatMap((a) => (a.manifests === undefined ? [] : [a.manifests])),
    files: env.apps.flatMap((a) => (a.helm ? [valuesSchemaPath(a.helm.chart, a.helm.version)] : [])),
    valuesCharts: [...new Set(env.apps.flatMap((a) => (a.helm ? [a.helm.chart] : [])))],
  };
}
