import { distinct } from '../duplicates';
import type { Rule } from '../violation';
import { k3sOnly } from './kind-scope';

// The hand-over from an earlier install (environment.handover): the files the runbook shreds on
// the founder and the Secrets it has rotated. The HelmCharts it retires are checked against the
// component table (src/components/handover.ts).

/** An absolute path the runbook can put into a command line unquoted (no spaces, quotes or `$`). */
const PLAIN_PATH = /^\/[A-Za-z0-9_.@%+=:,/-]+$/;

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
          fix: 'write the file as it is on the founder, e.g. /opt/lab-mgmt/capi-providers.yaml',
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
