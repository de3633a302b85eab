import path from 'node:path'
import ts from 'typescript'

/**
 * Statements that leave a thenable unawaited. A drizzle query builder is a
 * thenable that runs only when awaited (or ended with one of its run methods), so
 * `tx.insert(t).values(v)` as a statement does nothing, silently; Biome's
 * noFloatingPromises sees promises, not other thenables. Here each expression
 * statement's type decides. Not floating: `await x`, `void x` (a promise meant
 * to run on), `x = …` (kept), `.catch(f)` and `.then(f, g)` (failure handled),
 * and a value that is only sometimes a thenable (`void | Promise<void>`).
 * Used by scripts/typecheck.ts (npm test's type check).
 */
export function floatingThenables(program: ts.Program, root: string): string[] {
  const checker = program.getTypeChecker()
  const isThenable = (type: ts.Type): boolean => {
    if (type.isUnion()) return type.types.every(isThenable)
    const then = type.getProperty('then')
    return !!then && checker.getTypeOfSymbol(then).getCallSignatures().length > 0
  }
  const isKeptOrHandled = (expression: ts.Expression) => {
    if (ts.isBinaryExpression(expression)) return expression.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && expression.operatorToken.kind <= ts.SyntaxKind.LastAssignment
    if (!ts.isCallExpression(expression) || !ts.isPropertyAccessExpression(expression.expression)) return false
    const method = expression.expression.name.text
    return method === 'catch' || (method === 'then' && expression.arguments.length === 2)
  }
  const found: string[] = []
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || !file.fileName.startsWith(root) || file.fileName.includes('/node_modules/')) continue
    const visit = (node: ts.Node) => {
      if (ts.isExpressionStatement(node)) {
        const e = node.expression
        const handled = ts.isAwaitExpression(e) || ts.isVoidExpression(e) || ts.isYieldExpression(e) || isKeptOrHandled(e)
        if (!handled && isThenable(checker.getTypeAtLocation(e))) {
          const { line, character } = file.getLineAndCharacterOfPosition(e.getStart(file))
          found.push(`${path.relative(root, file.fileName)}:${line + 1}:${character + 1}  ${e.getText(file).split('\n')[0]!.slice(0, 100)}`)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return found
}
