/**
 * Kyverno's verdicts against the synth check's, object by object and policy by policy. Kyverno
 * speaks in its policy report (`kyverno apply --policy-report --output-format json`, v1.19.0
 * cmd/cli/kubectl-kyverno/commands/apply/print.go `printReports`); synth in `policyVerdicts` and in
 * the findings of its rules `kyverno.app-refused` and `kyverno.app-audited`. Both become one
 * verdict per policy: `pass`, `fail:<rule>`, or Kyverno's other results as it names them.
 */
import { policyVerdicts } from '../src/components/kyverno/rendered-rules';
import { POLICY_RULES } from '../src/components/kyverno/policy-rules';
import type { Row } from './compare';
import type { Check } from './report';

type Json = Record<string, any>;

/** Policy → `pass`, `fail:<rule>`, or `error`/`skip`/`warn`; a policy that does not match is absent. */
export type Verdicts = Readonly<Record<string, string>>;

/** An object as the table names it: `Kind/namespace/name`. */
export const addressOf = (kind: string, namespace: string | undefined, name: string) => `${kind}/${namespace ?? ''}/${name}`;

/**
 * The policy report in the CLI's output. Without a single result the CLI prints no report at all;
 * a policy it could not load is listed in plain text before it (`printSkippedAndInvalidPolicies`).
 */
export function readKyvernoOutput(stdout: string): { report: Json; unloaded: string[] } {
  const lines = stdout.split('\n');
  const json = lines.find((l) => l.startsWith('{'));
  const listed = lines.some((l) => /^(Policies Skipped|Invalid Policies):$/.test(l));
  const unloaded = listed ? lines.filter((l) => /^\d+\. /.test(l)) : [];
  return { report: json ? (JSON.parse(json) as Json) : { results: [] }, unloaded };
}

/** A failing validation's rule: the table's row at Kyverno's `cel.validationIndex` (the policy's rows in table order). */
function ruleAt(policy: string, index: string | undefined): string {
  const rule = POLICY_RULES.filter((r) => r.policy === policy)[Number(index)]?.rule;
  return rule ?? `validation ${index ?? '?'}`;
}

/** Each object's verdicts in Kyverno's report. */
export function kyvernoVerdicts(report: Json): Map<string, Verdicts> {
  const byObject = new Map<string, Record<string, string>>();
  for (const result of (report.results ?? []) as Json[]) {
    const verdict = result.result === 'fail' ? `fail:${ruleAt(result.policy, result.properties?.['cel.validationIndex'])}` : String(result.result);
    for (const r of (result.resources ?? result.subjects ?? []) as Json[]) {
      const address = addressOf(r.kind, r.namespace || undefined, r.name);
      byObject.set(address, { ...byObject.get(address), [result.policy]: verdict });
    }
  }
  return byObject;
}

/**
 * An object's verdicts in Kyverno's: an object that names no namespace is reported in `default`,
 * where the CLI puts a namespaced kind (v1.19.0 cmd/cli/kubectl-kyverno/resource/resource.go).
 */
export function verdictsOf(kyverno: ReadonlyMap<string, Verdicts>, doc: Json): Verdicts {
  const { kind, metadata: { name, namespace } } = doc;
  return kyverno.get(addressOf(kind, namespace, name)) ?? (namespace === undefined ? kyverno.get(addressOf(kind, 'default', name)) : undefined) ?? {};
}

/** The synth check's verdicts on one object, as `policyVerdicts` computes them. */
export function synthVerdicts(doc: Record<string, unknown>, exclude: readonly string[]): Verdicts {
  return Object.fromEntries(policyVerdicts(doc, exclude).map((v) => [v.policy, v.result === 'fail' ? `fail:${v.rule}` : 'pass']));
}

/**
 * The failing verdicts synth's own rules name in its output (one finding per container and rule):
 * per object and policy the first of the policy's rules in table order, as Kyverno reports the
 * first failing validation.
 */
export function findingVerdicts(output: string, code: 'kyverno.app-refused' | 'kyverno.app-audited'): Map<string, Verdicts> {
  const named = new Map<string, Record<string, string>>();
  const pattern = new RegExp(`\\[${code.replace('.', '\\.')}\\]: app \\S+: (\\S+) ([^/\\s]+)/(\\S+), container .*?Kyverno's policy (\\S+) \\(rule (\\S+)\\)`, 'g');
  for (const [, kind, namespace, name, policy, rule] of output.matchAll(pattern)) {
    const address = addressOf(kind!, namespace, name!);
    const seen = named.get(address)?.[policy!];
    const order = (r: string | undefined) => POLICY_RULES.findIndex((row) => row.policy === policy && row.rule === r);
    if (seen === undefined || order(rule) < order(seen.slice('fail:'.length))) named.set(address, { ...named.get(address), [policy!]: `fail:${rule}` });
  }
  return named;
}

/** Verdicts as a table cell: `policy: verdict` in policy order, or that no policy judged it. */
export const shownVerdicts = (v: Verdicts) =>
  Object.keys(v).length === 0 ? 'no policy matches' : Object.keys(v).sort().map((p) => `${p}: ${v[p]}`).join('; ');

/** One object judged by both sides (and, for a corpus object, what its annotation expects). */
export interface Judged {
  readonly address: string;
  readonly synth: Verdicts;
  readonly kyverno: Verdicts;
  readonly expected?: Verdicts;
}

/** How one policy's two verdicts on one object can differ: each class is one check. */
const CLASSES: readonly { readonly what: string; readonly is: (synth: string | undefined, kyverno: string | undefined) => boolean }[] = [
  { what: 'Kyverno judges no object the synth check leaves unjudged', is: (s, k) => s === undefined && k !== undefined },
  { what: 'the synth check judges no object Kyverno leaves unjudged', is: (s, k) => s !== undefined && k === undefined },
  { what: 'Kyverno evaluates every policy to pass or fail (no error, skip or warn)', is: (_s, k) => k !== undefined && k !== 'pass' && !k.startsWith('fail:') },
  { what: 'no object the synth check passes fails in Kyverno', is: (s, k) => s === 'pass' && k?.startsWith('fail:') === true },
  { what: 'no object the synth check fails passes in Kyverno', is: (s, k) => s?.startsWith('fail:') === true && k === 'pass' },
  { what: 'where both fail an object, they name the same rule', is: (s, k) => s?.startsWith('fail:') === true && k?.startsWith('fail:') === true && s !== k },
];

const policiesOf = (...vs: (Verdicts | undefined)[]) => [...new Set(vs.flatMap((v) => Object.keys(v ?? {})))].sort();
const same = (a: Verdicts, b: Verdicts) => policiesOf(a, b).every((p) => a[p] === b[p]);

/**
 * One row per object (the synth check's verdicts against Kyverno's) and one check per class of
 * disagreement, naming the objects in it; for corpus objects a check that Kyverno gives the
 * expected verdicts too.
 */
export function compareVerdicts(judged: readonly Judged[]): { rows: Row[]; checks: Check[] } {
  const rows = judged.map((j): Row => ({
    address: j.address,
    predicted: shownVerdicts(j.synth),
    real: shownVerdicts(j.kyverno),
    agrees: same(j.synth, j.kyverno) && (j.expected === undefined || same(j.expected, j.kyverno)),
    ...(j.expected !== undefined && !same(j.expected, j.kyverno) && { note: `the corpus expects ${shownVerdicts(j.expected)}` }),
  }));
  const named = (is: (j: Judged) => boolean) => judged.filter(is).map((j) => j.address);
  const checks = CLASSES.map(({ what, is }): Check => {
    const found = named((j) => policiesOf(j.synth, j.kyverno).some((p) => is(j.synth[p], j.kyverno[p])));
    return { what, ok: found.length === 0, ...(found.length > 0 && { detail: found.join(', ') }) };
  });
  const corpus = judged.filter((j) => j.expected !== undefined);
  if (corpus.length > 0) {
    const off = named((j) => j.expected !== undefined && !same(j.expected, j.kyverno));
    checks.push({ what: `Kyverno gives every one of the ${corpus.length} corpus objects the verdicts its annotation expects`, ok: off.length === 0, ...(off.length > 0 && { detail: off.join(', ') }) });
  }
  return { rows, checks };
}

/**
 * Synth's findings against Kyverno's failures: the objects and policies synth's rule names are
 * exactly the ones Kyverno fails, with the same rule.
 */
export function findingsCheck(what: string, findings: ReadonlyMap<string, Verdicts>, kyverno: ReadonlyMap<string, Verdicts>): Check {
  const failing = (v: Verdicts | undefined) => Object.fromEntries(Object.entries(v ?? {}).filter(([, verdict]) => verdict.startsWith('fail:')));
  const addresses = [...new Set([...findings.keys(), ...kyverno.keys()])].sort();
  const off = addresses.filter((a) => !same(findings.get(a) ?? {}, failing(kyverno.get(a))));
  const count = [...findings.values()].reduce((n, v) => n + Object.keys(v).length, 0);
  return { what, ok: off.length === 0 && count > 0, detail: off.length > 0 ? `they differ on ${off.join(', ')}` : `${count} failing verdicts on ${findings.size} objects` };
}
