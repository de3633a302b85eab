/** A server answer as it arrives over JSON: a service's promise is its value, dates become ISO strings. */
export type Jsonify<T> = T extends Promise<infer V>
  ? Jsonify<V>
  : T extends Date
    ? string
    : T extends (infer U)[]
      ? Jsonify<U>[]
      : T extends object
        ? { [K in keyof T]: Jsonify<T[K]> }
        : T
