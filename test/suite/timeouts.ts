/**
 * Every timeout the suite's own files set, read from their syntax: a busy runner (a forge's, or
 * this machine with a load beside it) takes twice as long, and a test that waits on child
 * processes then fails on the clock, not on what it checks.
 */
import ts from 'typescript';

/** The calls whose arguments set a timeout: a test, a group or a hook (with .each, .skip, … before the call). */
const TIMED = new Set(['it', 'test', 'describe', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach']);

export interface TimeoutSite { readonly line: number; readonly call: string; readonly ms: number }

/** The name a call starts from: `it` of `it.each(rows)(…)` or `describe.skip(…)`. */
function root(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return root(callee.expression);
  if (ts.isCallExpression(callee)) return root(callee.expression);
  return undefined;
}

/** A number as written (`60_000`, `6e4`, `2 * 60_000`), or undefined when it is not a literal sum or product. */
function literal(node: ts.Expression): number | undefined {
  if (ts.isNumericLiteral(node)) return Number(node.text.replaceAll('_', ''));
  if (ts.isParenthesizedExpression(node)) return literal(node.expression);
  if (ts.isBinaryExpression(node)) {
    const [a, b] = [literal(node.left), literal(node.right)];
    if (a === undefined || b === undefined) return undefined;
    if (node.operatorToken.kind === ts.SyntaxKind.AsteriskToken) return a * b;
    if (node.operatorToken.kind === ts.SyntaxKind.PlusToken) return a + b;
  }
  return undefined;
}

/** Every timeout set by a test, group or hook call in `source`: a number argument or `{ timeout }`. */
export function timeoutSites(source: string, file = 'test.ts'): TimeoutSite[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const sites: TimeoutSite[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const call = root(node.expression);
      if (call && TIMED.has(call)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        for (const arg of node.arguments) {
          const ms = literal(arg);
          if (ms !== undefined) sites.push({ line, call, ms });
          if (ts.isObjectLiteralExpression(arg)) {
            for (const prop of arg.properties) {
              if (ts.isPropertyAssignment(prop) && prop.name.getText(sf) === 'timeout') {
                const value = literal(prop.initializer);
                sites.push({ line, call, ms: value ?? Number.NaN });
              }
            }
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return sites;
}
