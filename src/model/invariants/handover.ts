import { distinct } from '../duplicates';
import type { FixAction, Rule } from '../violation';
import { k3sOnly } from './kind-scope';

// The hand-over from an earlier install (environment.handover): the files the runbook shreds on
// the founder and the Secrets it has rotated. The HelmCharts it retires are checked against the
// component table (src/components/handover.ts).

/** An absolute path the runbook can put into a command line unquoted (no spaces, quotes or `$`). */
const PLAIN_PATH = /^\/[A-Za-z0-9_.@%+=:,/-]+$/;

/** A path that lacks only its leading slash gets it; another needs the founder's real path. */
function relativeFix(path: string, at: string): { fix: string; action: FixAction } | undefined {
  const absolute = `/${path}`;
  return !path.startsWith('/') && PLAIN_PATH.test(absolute) && !absolute.split('/').includes('..') && !absolute.endsWith('/')
    ? { fix: `write the file as it is on the founder, e.g. ${absolute}`, action: { set: at, to: absolute } }
    : undefined;
}

export const handoverRules: readonly Rule[] = [
  k3sOnly({
    code: 'handover.file-path',
    severity: 'error',
    summary: 'each file the runbook shreds is an absolute path of a file',
    check: (env) =>
      (env.handover?.files ?? [])
        .map((f, i) => ({ f, i }))
        .filter(({ f }) => !PLAIN_PATH.test(f.path) || f.path.endsWith('/') || f.path.split('/').includes('..'))
        .map(({ f, i }) => ({
          path: `handover.files[${i}].path`,
          value: f.path,
          message: 'not an absolute path of a file without spaces, quotes or ..',
          ...(relativeFix(f.path, `handover.files[${i}].path`) ?? { fix: 'write the file as it is on the founder, e.g. /opt/lab-mgmt/capi-providers.yaml' }),
        })),
  }),
  k3sOnly({
    code: 'handover.secret-undeclared',
    severity: 'error',
    summary: 'each Secret a shredded file held is one the environment declares, so the runbook can have it rotated',
    check: (env) =>
      (env.handover?.files ?? []).flatMap((f, i) =>
        f.held
          .map((ref, j) => ({ ref, j }))
          .filter(({ ref }) => !env.secrets.some((s) => `${s.namespace}/${s.name}` === ref))
          .map(({ ref, j }) => ({
            path: `handover.files[${i}].held[${j}]`,
            value: ref,
            message: `${f.path} held ${ref}, which the environment does not declare: nothing says where its new values go`,
            fix: `use <namespace>/<name> of a declared Secret: ${distinct(env.secrets.map((s) => `${s.namespace}/${s.name}`)).join(', ') || '(none declared)'}`,
          })),
      ),
  }),
];
