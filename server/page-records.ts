import type { Executor } from './db/client'
import { findProfileByUsername } from './features/operators'
import { splitLocalePath } from './lib/client-routes'

const OPERATOR_PAGE = /^\/operator\/([^/]+)\/?$/

/**
 * Whether a page of the route table names a record that does not exist (an
 * operator profile of an unknown username): the server answers it with a 404
 * status, as it does an unknown path, and the page says "not found" at that
 * address. Pages that name no record, or whose record exists, are 200.
 */
export async function namesMissingRecord(db: Executor, pathname: string): Promise<boolean> {
  // In any language: `/es/operator/x` names the same record (ADR 037).
  const operator = OPERATOR_PAGE.exec(splitLocalePath(pathname).path)?.[1]
  if (operator !== undefined) return operator.length > 100 || !(await findProfileByUsername(db, operator))
  return false
}
