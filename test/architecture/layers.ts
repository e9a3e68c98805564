import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The layers of src/, bottom first: a module imports from its own folder or from a folder listed
 * before its own, never after. Data flows up this list (CONTRIBUTING.md, docs/design/architecture.md).
 */
export const LAYERS: readonly (readonly [folder: string, holds: string])[] = [
  ['versions', 'every pin (src/versions.ts)'],
  ['imports', 'the L1 bindings `cdk8s import` generates'],
  ['tree', "the output's vocabulary: paths, canonical YAML, documents, kinds, the SOPS value cipher"],
  ['model', "the spec, resolve(), the invariants, the rendered tree the rules read (and each component's settings)"],
  ['fleet', "a user's fleet as the bin meets it: loading its environments, its load errors"],
  ['command-line', "each command's options, its usage errors"],
  ['charts', 'a chart declared once'],
  ['values', 'typed chart values'],
  ['infra', 'the VM layer: CDKTF stacks, a stack\'s instances by address'],
  ['k8s', 'cdk8s constructs, one per file'],
  ['workload', "a workload cluster's Cluster API objects and handover"],
  ['bootstrap', 'per-node artefacts and the runbook'],
  ['components', 'the component table'],
  ['apps', "how a user's own apps land"],
  ['conformance', 'Chainsaw suites from the model'],
  ['overview', "the tree's README"],
  ['check', 'the rule families and their runner'],
  ['validate', 'the committed trees against the vendored schemas'],
  ['verify', 'the live cluster against the committed tree'],
  ['synth', 'the one writer'],
  ['secrets', 'the secrets command'],
  ['review', "the PR's summary"],
  ['init', 'a new fleet'],
  ['cli', 'the bin'],
  ['index', 'the package API (src/index.ts)'],
];

/** Modules whose layer is not their folder's. */
const PLACED: readonly (readonly [pattern: RegExp, layer: string, why: string])[] = [
  // The environment schema composes every component's spec fields: they are model, filed beside their component.
  [/^components\/([a-z-]+\/settings|switch-settings|sections)$/, 'model', "a component's settings"],
];

/** Imports that run up on purpose, each with why. */
export const ALLOWED_UP: readonly (readonly [from: string, to: string, why: string])[] = [
  ['fleet/load-environments', 'index', "a fleet's `import … from 'k3s-gitops-synth'` gets this process's API (a dynamic import, when the fleet asks)"],
];

export interface Import {
  /** The importing module, relative to src/ without `.ts`. */
  readonly file: string;
  /** What it imports, as written. */
  readonly spec: string;
  /** The imported module, relative to src/ without `.ts` (`index` for src/index.ts). */
  readonly target: string;
}

/** A module's layer: a placed module's, else its folder's (a file at src/'s root is its own). */
export function layerOf(module: string): string {
  return PLACED.find(([pattern]) => pattern.test(module))?.[1] ?? module.split('/')[0]!;
}

/** Every import that reaches a layer above the importing module's, as `file imports spec (layer → layer)`. */
export function upwardImports(imports: readonly Import[], layers: readonly string[] = LAYERS.map(([f]) => f)): string[] {
  const rank = (module: string) => layers.indexOf(layerOf(module));
  return imports
    .filter((i) => rank(i.target) > rank(i.file) || rank(i.file) < 0 || rank(i.target) < 0)
    .filter((i) => !ALLOWED_UP.some(([from, to]) => i.file === from && i.target === to))
    .map((i) => `src/${i.file}.ts imports '${i.spec}' (${layerOf(i.file)} → ${layerOf(i.target)})`);
}

/** Every relative import in every .ts file under `src` (static, type-only, re-exports and dynamic `import()`), read by TypeScript's parser. */
export function importGraph(src: string): Import[] {
  const found: Import[] = [];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
  for (const full of walk(src)) {
    const file = path.relative(src, full).replace(/\.ts$/, '');
    const source = ts.createSourceFile(full, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node): void => {
      const spec =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text
        : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0]) ? node.arguments[0].text
        : ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal) ? node.argument.literal.text
        : undefined;
      // Packages and Node's modules are no layer; a JSON file outside src/ (schemas/) neither.
      if (spec?.startsWith('.')) {
        const target = path.relative(src, path.resolve(path.dirname(full), spec)).replace(/\.ts$/, '');
        if (!target.startsWith('..')) found.push({ file, spec, target: target === '' ? 'index' : target });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
