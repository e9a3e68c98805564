/**
 * The policy scenario: the Kyverno CLI (`kyverno apply`) judges the ValidatingPolicies synth
 * renders, on every app object of a scaffolded fleet's tree and on the corpus of refused objects
 * (test/fixtures/kyverno/corpus.yaml), and its verdict is compared with the synth check's, object
 * by object and policy by policy. The objects the policies refuse go through the same environment
 * twice: under Enforce synth refuses them and writes nothing, so Kyverno judges them as synth
 * writes them under Audit, and synth's findings under both actions must name what Kyverno fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { NAMESPACE_NAME_LABEL } from '../src/components/kyverno/policies';
import { KYVERNO_CORPUS, kyvernoCorpus } from '../test/fixtures/kyverno/corpus';
import type { Check, ScenarioResult, StepResult } from './report';
import { outcomeOf } from './report';
import { POLICY_APPS, scaffoldPolicyFleet } from './policy-fleet';
import type { SynthRun } from './policy-fleet';
import { addressOf, compareVerdicts, findingsCheck, findingVerdicts, kyvernoVerdicts, readKyvernoOutput, synthVerdicts, verdictsOf } from './policy-verdicts';
import type { Judged, Verdicts } from './policy-verdicts';

type Json = Record<string, any>;

/** The table's headings: the synth check's verdicts, Kyverno's. */
const COLUMNS = ['synth check', 'kyverno apply'] as const;

export const POLICY_SCENARIO = 'Kyverno policies: kyverno apply against the synth check';

export interface PolicyInput {
  /** The Kyverno CLI binary; the scenario is not provable here without it. */
  readonly kyverno: string;
  readonly work: string;
  /** The packed tool's bin, which writes the fleet. */
  readonly bin: string;
  readonly log: (line: string) => void;
}

const yamlFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.yaml')).map((e) => path.join(e.parentPath, e.name)).sort();
const docsOf = (file: string): Json[] => YAML.parseAllDocuments(fs.readFileSync(file, 'utf8')).map((d) => d.toJSON() as Json).filter((d) => d !== null);

/** The tree's ValidatingPolicies, copied to `into` (a later synth rewrites the tree), and the namespaces they leave alone. */
function treePolicies(tree: string, into: string): { files: string[]; exclude: string[] } {
  fs.mkdirSync(into, { recursive: true });
  const found = yamlFiles(path.join(tree, 'kubernetes')).filter((f) => docsOf(f).some((d) => d.kind === 'ValidatingPolicy'));
  const files = found.map((f) => {
    const copy = path.join(into, path.basename(f));
    fs.copyFileSync(f, copy);
    return copy;
  });
  const expressions = (found[0] ? docsOf(found[0])[0]?.spec?.matchConstraints?.namespaceSelector?.matchExpressions ?? [] : []) as Json[];
  return { files, exclude: expressions.filter((e) => e.key === NAMESPACE_NAME_LABEL && e.operator === 'NotIn').flatMap((e) => e.values as string[]) };
}

/** Every object of the apps' folders as Flux applies it (the folder's kustomization namespace over the object's). */
function appObjects(tree: string): Json[] {
  return POLICY_APPS.flatMap(({ name, layer }) => {
    const folder = path.join(tree, 'kubernetes', layer, name);
    const kustomization = docsOf(path.join(folder, 'kustomization.yaml'))[0] ?? {};
    return ((kustomization.resources ?? []) as string[]).flatMap((file) =>
      docsOf(path.join(folder, file)).map((doc) => (kustomization.namespace ? { ...doc, metadata: { ...doc.metadata, namespace: kustomization.namespace } } : doc)),
    );
  });
}

/** `kyverno apply` of `policies` on the objects of `resource`: each object's verdicts, and the policies it could not load. */
function kyvernoApply(kyverno: string, policies: readonly string[], resource: string): { verdicts: Map<string, Verdicts>; unloaded: string[] } {
  const r = spawnSync(kyverno, ['apply', ...policies, '--resource', resource, '--policy-report', '--output-format', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const { report, unloaded } = readKyvernoOutput(r.stdout ?? '');
  // Exit 1 with a report is a policy violation (v1.19.0 commands/apply/command.go `exit`); without one, the run failed.
  if (r.status !== 0 && !(r.status === 1 && r.stdout.includes('{'))) throw new Error(`kyverno apply exited ${r.status}: ${(r.stderr || r.stdout).slice(0, 2000)}`);
  return { verdicts: kyvernoVerdicts(report), unloaded };
}

const addressOfDoc = (doc: Json) => addressOf(doc.kind, doc.metadata?.namespace, doc.metadata?.name);

/** Both sides' verdicts on `objects`, written to `file` for the CLI. */
function judge(kyverno: string, policies: { files: string[]; exclude: string[] }, objects: readonly Json[], file: string): { judged: Judged[]; kyverno: Map<string, Verdicts>; loaded: Check } {
  fs.writeFileSync(file, objects.map((o) => YAML.stringify(o)).join('---\n'));
  const real = kyvernoApply(kyverno, policies.files, file);
  const judged = objects.map((doc) => ({ address: addressOfDoc(doc), synth: synthVerdicts(doc, policies.exclude), kyverno: verdictsOf(real.verdicts, doc) }));
  const loaded: Check = { what: `Kyverno loads the tree's ${policies.files.length} ValidatingPolicies`, ok: policies.files.length > 0 && real.unloaded.length === 0, ...(real.unloaded.length > 0 && { detail: real.unloaded.join('; ') }) };
  return { judged, kyverno: real.verdicts, loaded };
}

const synthCheck = (what: string, run: SynthRun, wants: boolean): Check => ({ what, ok: run.ok === wants, ...(run.ok !== wants && { detail: run.output.slice(0, 600) }) });

export async function runPolicyScenario(input: PolicyInput): Promise<ScenarioResult> {
  if (!fs.existsSync(input.kyverno)) {
    return { name: POLICY_SCENARIO, outcome: 'not provable here', reason: `no Kyverno CLI at ${input.kyverno}: the toolchain builds it from the Go module github.com/kyverno/kyverno`, steps: [] };
  }
  const steps: StepResult[] = [];
  try {
    const dir = path.join(input.work, 'policies');
    const fleet = scaffoldPolicyFleet(input.bin, path.join(dir, 'fleet'));

    input.log('prove: policies: the apps as synth writes them under Enforce');
    const written = fleet.synth();
    const enforce = treePolicies(fleet.tree, path.join(dir, 'enforce'));
    const compliant = judge(input.kyverno, enforce, appObjects(fleet.tree), path.join(dir, 'compliant.yaml'));
    const first = compareVerdicts(compliant.judged);
    steps.push({ columns: COLUMNS, title: 'the apps\' objects synth writes under Enforce', rows: first.rows, checks: [synthCheck('synth writes the tree', written, true), compliant.loaded, ...first.checks] });

    input.log('prove: policies: objects the policies refuse, under Enforce and then Audit');
    fleet.addRefused();
    const refusedRun = fleet.synth();
    fleet.setFailureAction('Audit');
    const auditRun = fleet.synth();
    const audit = treePolicies(fleet.tree, path.join(dir, 'audit'));
    const audited = judge(input.kyverno, audit, appObjects(fleet.tree), path.join(dir, 'audited.yaml'));
    steps.push({
      columns: COLUMNS,
      title: 'objects the policies refuse: synth under Enforce',
      rows: [],
      checks: [
        synthCheck('synth refuses the change and writes nothing', refusedRun, false),
        findingsCheck('the objects and rules kyverno.app-refused names are the ones Kyverno fails', findingVerdicts(refusedRun.output, 'kyverno.app-refused'), audited.kyverno),
      ],
    });
    const second = compareVerdicts(audited.judged);
    steps.push({
      columns: COLUMNS,
      title: 'the same objects as synth writes them under Audit',
      rows: second.rows,
      checks: [
        synthCheck('synth writes the tree, warning of each object', auditRun, true),
        audited.loaded,
        findingsCheck('the objects and rules kyverno.app-audited names are the ones Kyverno fails', findingVerdicts(auditRun.output, 'kyverno.app-audited'), audited.kyverno),
        ...second.checks,
      ],
    });

    input.log('prove: policies: the corpus');
    const corpus = kyvernoCorpus();
    const real = kyvernoApply(input.kyverno, enforce.files, KYVERNO_CORPUS);
    const third = compareVerdicts(corpus.map((c) => ({ address: addressOfDoc(c.doc), synth: synthVerdicts(c.doc, enforce.exclude), kyverno: verdictsOf(real.verdicts, c.doc), expected: c.expect })));
    steps.push({ columns: COLUMNS, title: `the corpus of ${corpus.length} objects (${path.basename(KYVERNO_CORPUS)}) under the Enforce policies`, rows: third.rows, checks: third.checks });
    return { name: POLICY_SCENARIO, outcome: outcomeOf(steps), steps };
  } catch (error) {
    return { name: POLICY_SCENARIO, outcome: 'failed', reason: (error as Error).message, steps };
  }
}
