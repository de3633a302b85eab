import type { Context } from 'hono'
import type { z } from 'zod'

/**
 * One truth for every answer's shape: the route's response schema (the
 * `*.responses.ts` zod schema its describeRoute documents and the tests hold
 * real answers against) also types the body the handler sends, so a missing,
 * misnamed, mistyped or undocumented field fails `tsc`. The browser takes its
 * answer types from the same schemas (`z.infer`, type imports only).
 *
 *   return respond(c, interestSchema, await expressInterest(...))
 */
export function respond<S extends z.ZodType, B extends Sendable<Answer<S>>>(
  c: Pick<Context, 'json'>,
  _schema: S,
  body: B & OnlyDocumented<B, Answer<S>>,
  status: 200 | 201 = 200,
): Response {
  return c.json(body as object, status)
}

/**
 * The same check for an answer sent another way (a cached JSON text,
 * properties/search-cache.ts): returns the body unchanged.
 */
export function asAnswer<S extends z.ZodType, B extends Sendable<Answer<S>>>(_schema: S, body: B & OnlyDocumented<B, Answer<S>>): B {
  return body
}

/** The JSON body a response schema describes, as a handler sends it and the browser reads it (no schema here transforms). */
export type Answer<S extends z.ZodType> = z.input<S>

/** The members of the union `S` that `T` is one of (all of `S` if none alone). */
type Matching<T, S> = [MembersOf<T, S>] extends [never] ? S : MembersOf<T, S>
type MembersOf<T, S> = S extends unknown ? (T extends Sendable<S> ? S : never) : never
/**
 * What a handler may pass for an answer: the schema's shape, where a plain
 * string may also be a Date (c.json sends it as its ISO string, which is what the
 * schema's times describe), and a list may be read-only.
 */
export type Sendable<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends readonly unknown[]
    ? Readonly<{ [I in keyof T]: Sendable<T[I]> }>
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T

/** The keys of any object member of `S` (a union of shapes, possibly with null). */
type KeysOf<S> = S extends object ? keyof S : never
/** The type of field `K` in whichever members of `S` have it. */
type FieldOf<S, K extends PropertyKey> = S extends object ? (K extends keyof S ? S[K] : never) : never
type ElementOf<S> = S extends readonly (infer E)[] ? E : never

/**
 * `T` with every field the schema type `S` does not describe turned to
 * `never`, at any depth. TypeScript lets a value with extra fields pass as its
 * type; intersected with the body, this makes an undocumented field an error,
 * as the contract tests would at run time.
 */
export type OnlyDocumented<T, S> = T extends Date
  ? T
  : T extends readonly unknown[]
    ? { [I in keyof T]: OnlyDocumented<T[I], ElementOf<S>> }
    : T extends object
      ? { [K in keyof T]: K extends KeysOf<Matching<T, S>> ? OnlyDocumented<T[K], FieldOf<Matching<T, S>, K>> : never }
      : T
