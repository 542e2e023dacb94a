/**
 * The field names of `Answered` (what a service gives) that `Declared` (an endpoint's success
 * schema's type) leaves out; never when every field is declared. The encoder drops a field its
 * schema does not name, so a schema that forgot one would take it silently out of the answer:
 * `AllDeclared<Undeclared<typeof Schema.Type, ServiceAnswer>>` refuses to compile instead.
 */
export type Undeclared<Declared, Answered> =
  Answered extends ReadonlyArray<infer Item>
    ? NonNullable<Declared> extends ReadonlyArray<infer DeclaredItem>
      ? Undeclared<DeclaredItem, Item>
      : never
    : Answered extends object
      ? { [K in keyof Answered]-?: K extends keyof NonNullable<Declared> ? Undeclared<NonNullable<Declared>[K], Answered[K]> : K }[keyof Answered]
      : never;

/** Compiles only when `Missing` is never: see `Undeclared`. */
export type AllDeclared<Missing extends never> = Missing;
