// formgate for Node.js: the gate of a GPT address. A strict JSON parser (RFC 8259 exactly,
// UTF-8 only, no duplicate member names, nothing after the value) and a compiled,
// fail-closed JSON Schema validator, in one pass over the body's bytes.

/** A request body: the bytes as received (a Buffer is a Uint8Array), or text, which is
 * verified as its UTF-8 encoding. */
export type Body = Uint8Array | string;

/** A JSON Schema dialect's name. */
export type DialectName = 'draft4' | 'draft6' | 'draft7' | '2019-09' | '2020-12';

/** How `verifyInto` delivers numbers. */
export type Numbers = 'exact' | 'number';

/** The value of an admitted body, as `verifyInto` gives it. */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | Decimal
  | string
  | Value[]
  | { [name: string]: Value };

/** Options of `new Form`. */
export interface FormOptions {
  /** The largest body admitted, in bytes (default {@link DEFAULT_MAX_BYTES}, 1 MiB). */
  maxBytes?: number;
  /** The deepest nesting of containers admitted in a body (default
   * {@link DEFAULT_MAX_DEPTH}, 128). */
  maxDepth?: number;
  /** The dialect of a schema without `$schema`: a {@link DialectName} or a `$schema`
   * URI (default 2020-12). */
  defaultDialect?: DialectName | string;
  /** Extension keywords kept verbatim in the published form (`x-order`, ...); any
   * other keyword formgate does not implement is a compile error. */
  annotations?: Iterable<string>;
  /** Other documents a `$ref` may name, by their absolute URI, never fetched: the
   * documents the form reaches are bundled into it, so `schemaJson` holds all that is
   * enforced. A `$ref` to a URI given here nor in the form is a `FormError` of kind
   * `remote-ref`; an error inside a document names it in `FormError.resource`. */
  resources?: Record<string, string | Uint8Array>;
  /** Formats of the owner's, by name: a string is of the format when the ECMA-262
   * pattern matches all of it, in linear time like `pattern`. `schemaJson` keeps
   * `format` as written; a format nobody defined is still a `FormError` of kind
   * `unsupported-format`, a bad definition one of kind `format-definition`. */
  formatPatterns?: Record<string, string>;
}

/** Options of `verifyInto`. */
export interface IntoOptions {
  /**
   * `'exact'` (the default): a number is a JS `number` when a double holds its decimal
   * value exactly as written (the shortest text of the nearest double denotes the same
   * value: `0.1`, `1e2`, `12`); an integer outside the safe range
   * (`Number.isSafeInteger`) is a `bigint`; any other number a {@link Decimal}.
   * `'number'`: every number is the nearest double (`JSON.parse`'s rounding).
   */
  numbers?: Numbers;
}

/** Options of {@link check}. */
export interface CheckOptions {
  /** The largest body accepted, in bytes (default {@link DEFAULT_MAX_BYTES}). */
  maxBytes?: number;
  /** The deepest nesting accepted (default {@link DEFAULT_MAX_DEPTH}). */
  maxDepth?: number;
}

/** One message of a GPT address's `m`. */
export interface Message {
  role: string;
  content: string;
}

/** The GET body of a GPT address and its strong ETag. */
export interface Published {
  /** Compact JSON `{"p": prompt, "m": messages, "s": form}`, `s` equal to
   * `schemaJson` byte for byte. */
  body: Buffer;
  /** A strong ETag of `body` (quoted, as sent in the `ETag` header). */
  etag: string;
}

/** A compiled form: verifies request bodies, and publishes itself. Immutable. */
export class Form {
  /**
   * Compile a JSON Schema (strict JSON, as text or bytes). Every keyword is implemented
   * exactly or this throws a {@link FormError} naming it and its JSON Pointer.
   */
  constructor(schema: string | Uint8Array, options?: FormOptions);
  /** Verify a body: strict parse and validation in one pass. Returns if the form admits
   * it; throws a {@link Rejection} if not. */
  verify(body: Body): void;
  /** Whether the form admits the body: `verify`'s verdict without an exception. */
  isValid(body: Body): boolean;
  /** Verify a body, then return its value (objects in document order). Throws a
   * {@link Rejection} as `verify` does. */
  verifyInto(body: Body, options?: IntoOptions): Value;
  /** `verify` off the main thread (on libuv's pool) for bodies of
   * {@link ASYNC_AT} bytes or more; below that it runs at once. The body is copied
   * first, so it may be changed as soon as this returns. */
  verifyAsync(body: Body): Promise<void>;
  /** `verifyInto`, with the verdict reached off the main thread as `verifyAsync`'s. */
  verifyIntoAsync(body: Body, options?: IntoOptions): Promise<Value>;
  /** The published form `s`: compact JSON rendered from the compiled form. */
  readonly schemaJson: string;
  /** The largest body admitted, in bytes. */
  readonly maxBytes: number;
  /** The deepest nesting admitted. */
  readonly maxDepth: number;
  /** The form's dialect. */
  readonly dialect: DialectName;
  /** The GET body of a GPT address with this form as `s`, and its ETag. A message is
   * `{role, content}` or a `[role, content]` pair. */
  publish(prompt: string, messages?: Iterable<Message | [string, string]>): Published;
}

/** The kinds of {@link Rejection}: the crate's stable names. */
export type RejectionKind = 'too-large' | 'malformed' | 'not-admitted' | 'unrepresentable';

/** A body the form does not admit: where and why, for logs only. Never send it to the
 * actor of a GPT address. */
export class Rejection extends Error {
  /** What failed. */
  readonly kind: RejectionKind;
  /** The form keyword that did not admit the body (`kind` `'not-admitted'`): `type`,
   * `required`, `maxLength`, ..., or `false` for the schema `false`. Else null. */
  readonly keyword: string | null;
  /** The keyword for `'not-admitted'`, the strictness rule broken for `'malformed'`
   * (`duplicate-key`, `trailing-bytes`, `too-deep`, ...), else null. */
  readonly reason: string | null;
  /** The byte offset at which the verdict became certain. */
  readonly offset: number;
  /** The JSON Pointer of the offending value in the body. */
  readonly pointer: string;
  /** The JSON Pointer of the deciding keyword in the form, or null. */
  readonly formPointer: string | null;
  /** The `anyOf`/`oneOf` whose last branch failed so, or null. */
  readonly applicator: string | null;
  /** `maxBytes` for `'too-large'`, `maxDepth` for `too-deep`, else null. */
  readonly limit: number | null;
  /** More about an `'unrepresentable'` number, else null. */
  readonly detail: string | null;
  /** The crate's JSON of the rejection: kind, reason or keyword, limit, offset, pointer,
   * formPointer, applicator, detail. */
  toJSON(): Record<string, string | number>;
}

/** A schema that does not compile into a form. */
export class FormError extends Error {
  /** Why: `unknown-keyword`, `unsupported-format`, `remote-ref`, `malformed`, ... */
  readonly kind: string;
  /** The keyword at fault, or null. */
  readonly keyword: string | null;
  /** The JSON Pointer of the fault in the schema (or in the document `resource`). */
  readonly pointer: string;
  /** The byte offset in the schema (or in the document `resource`), when known, else
   * null. */
  readonly offset: number | null;
  /** The URI of the `resources` document the fault is in, or null for the schema. */
  readonly resource: string | null;
  /** More detail (the strictness rule of `malformed`, ...), or null. */
  readonly reason: string | null;
}

/** A number a double cannot hold exactly, as its exact decimal text (from
 * `verifyInto`). */
export class Decimal {
  constructor(text: string);
  /** The number's text as the body wrote it (`0.10000000000000000001`, `1e400`). */
  readonly text: string;
  /** The text. */
  toString(): string;
  /** The text, so `JSON.stringify` writes it as a string. */
  toJSON(): string;
  /** The nearest double (may round, or be infinite). */
  toNumber(): number;
}

/** Check that a body is strict JSON, with no form. Throws a {@link Rejection} of kind
 * `'too-large'` or `'malformed'`. */
export function check(body: Body, options?: CheckOptions): void;

/** The default `maxBytes`: 1 MiB. */
export const DEFAULT_MAX_BYTES: number;
/** The default `maxDepth`: 128. */
export const DEFAULT_MAX_DEPTH: number;
/** Bodies at least this long (16 KiB) are verified off the main thread by
 * `verifyAsync` and `verifyIntoAsync`. */
export const ASYNC_AT: number;
/** The package's version. */
export const version: string;

/** A middleware's refusal (`formgate/express`, `formgate/fastify`, `formgate/hono`)
 * reached before formgate read the body: a content type that is not JSON
 * (`'media-type'`), a declared `Content-Length` over the limit (`'too-large'`), a body
 * that could not be read (`'unreadable'`). It has the members of a {@link Rejection}. */
export interface Refusal extends Error {
  readonly kind: 'media-type' | 'too-large' | 'unreadable';
  readonly keyword: null;
  readonly reason: null;
  readonly offset: number;
  readonly pointer: string;
  readonly formPointer: null;
  readonly applicator: null;
  readonly limit: number | null;
  readonly detail: null;
  toJSON(): Record<string, string | number>;
}
