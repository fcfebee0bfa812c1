// formgate for Node.js: the public API over the native addon (formgate.node, built
// from src/ by scripts/build.js). Types and documentation: index.d.ts.
//
// What is decided here, and why:
// - The addon returns a rejection as data; the `Rejection` (an Error, with its stack)
//   is made here, only when one is thrown.
// - A string body is verified as its UTF-8. A lone surrogate in it has no UTF-8, and
//   N-API would replace it with U+FFFD, so verifying a different text than the one the
//   caller holds: it is rejected here, as the strict parser rejects one in bytes.
// - A Uint8Array over a SharedArrayBuffer is copied before it is read: another thread
//   could change it while the verdict is being reached.
// - `verifyInto` parses an admitted body with `JSON.parse` when that gives every number
//   exactly (the addon says so); the body is already strict JSON, so `JSON.parse` then
//   builds exactly the value formgate read. Otherwise the addon builds the value.
'use strict';

const path = require('node:path');

let native;
try {
  native = require(path.join(__dirname, 'formgate.node'));
} catch (e) {
  throw new Error(
    `formgate: the native addon is not built (${e.message}); run \`npm run build\` in ${__dirname} (needs cargo)`,
  );
}

/** Bodies at least this long are verified off the main thread by the async methods. */
const ASYNC_AT = 16 * 1024;

/** A number a double cannot hold exactly, as its exact decimal text. */
class Decimal {
  /** @param {string} text the number as written in JSON */
  constructor(text) {
    if (typeof text !== 'string') throw new TypeError('a Decimal is made from a string');
    /** @readonly */
    this.text = text;
    Object.freeze(this);
  }

  toString() {
    return this.text;
  }

  toJSON() {
    return this.text;
  }

  /** The nearest double. */
  toNumber() {
    return Number(this.text);
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Decimal(${this.text})`;
  }
}

/** A body the form does not admit: where and why, for logs only. */
class Rejection extends Error {
  constructor(r) {
    super(r.message);
    this.name = 'Rejection';
    this.kind = r.kind;
    this.keyword = r.keyword ?? null;
    this.reason = r.reason ?? null;
    this.offset = r.offset;
    this.pointer = r.pointer;
    this.formPointer = r.formPointer ?? null;
    this.applicator = r.applicator ?? null;
    this.limit = r.limit ?? null;
    this.detail = r.detail ?? null;
  }

  /** The crate's JSON of the rejection (Rejection::to_json): the same members, in the
   * same order. */
  toJSON() {
    const out = { kind: this.kind };
    if (this.kind === 'malformed' && this.reason !== null) out.reason = this.reason;
    if (this.keyword !== null) out.keyword = this.keyword;
    if (this.limit !== null) out.limit = this.limit;
    out.offset = this.offset;
    out.pointer = this.pointer;
    if (this.formPointer !== null) out.formPointer = this.formPointer;
    if (this.applicator !== null) out.applicator = this.applicator;
    if (this.detail !== null) out.detail = this.detail;
    return out;
  }
}

/** A schema that does not compile into a form. */
class FormError extends Error {
  constructor(e) {
    super(e.message);
    this.name = 'FormError';
    this.kind = e.kind;
    this.keyword = e.keyword ?? null;
    this.pointer = e.pointer;
    this.offset = e.offset ?? null;
    this.resource = e.resource ?? null;
    this.reason = e.reason ?? null;
  }
}

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The rejection of a string body with a lone surrogate, at its UTF-8 offset. */
function loneSurrogate(text) {
  const at = text.search(LONE_SURROGATE);
  const offset = Buffer.byteLength(text.slice(0, at), 'utf8');
  return new Rejection({
    kind: 'malformed',
    reason: 'lone-surrogate',
    offset,
    pointer: '',
    message: `malformed: a lone surrogate (U+${text.charCodeAt(at).toString(16).toUpperCase()}) has no UTF-8, at byte ${offset}`,
  });
}

/**
 * The body as the addon takes it, its bytes, or a rejection to throw.
 * @returns {Uint8Array | Rejection}
 */
function body(value, what = 'a body') {
  if (typeof value === 'string') {
    return value.isWellFormed() ? Buffer.from(value, 'utf8') : loneSurrogate(value);
  }
  if (value instanceof Uint8Array) {
    // Copied if shared with other threads (see the top of this file).
    return value.buffer instanceof SharedArrayBuffer ? new Uint8Array(value) : value;
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  const type = value === null ? 'null' : typeof value === 'object' ? value.constructor?.name ?? 'object' : typeof value;
  throw new TypeError(`${what} must be a Uint8Array (a Buffer), an ArrayBuffer or a string, not ${type}`);
}

/** A non-negative integer option, or undefined. */
function limitOption(options, name) {
  const v = options[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new TypeError(`${name} must be a non-negative integer, not ${String(v)}`);
  }
  return v;
}

function object(value, what) {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object') throw new TypeError(`${what} must be an object`);
  return value;
}

function numbersOption(options) {
  if (options === undefined) return true;
  const { numbers = 'exact' } = object(options, 'the options of verifyInto');
  if (numbers !== 'exact' && numbers !== 'number') {
    throw new TypeError(`numbers must be 'exact' or 'number', not ${JSON.stringify(numbers)}`);
  }
  return numbers === 'exact';
}

/** A compiled form: verifies request bodies, and publishes itself. Immutable. */
class Form {
  #native;
  #schemaJson;

  /**
   * @param {string | Uint8Array} schema
   * @param {import('./index').FormOptions} [options]
   */
  constructor(schema, options) {
    const o = object(options, 'the options of Form');
    const known = ['maxBytes', 'maxDepth', 'defaultDialect', 'annotations', 'resources', 'formatPatterns'];
    for (const name of Object.keys(o)) {
      if (!known.includes(name)) {
        throw new TypeError(`unknown option ${JSON.stringify(name)} of Form (expected one of ${known.join(', ')})`);
      }
    }
    const compileOptions = {
      maxBytes: limitOption(o, 'maxBytes'),
      maxDepth: limitOption(o, 'maxDepth'),
    };
    if (o.defaultDialect !== undefined && o.defaultDialect !== null) {
      if (typeof o.defaultDialect !== 'string') throw new TypeError('defaultDialect must be a string');
      compileOptions.defaultDialect = o.defaultDialect;
    }
    if (o.annotations !== undefined && o.annotations !== null) {
      if (typeof o.annotations === 'string' || typeof o.annotations[Symbol.iterator] !== 'function') {
        throw new TypeError('annotations must be an iterable of names, not a single string');
      }
      compileOptions.annotations = [...o.annotations].map((name) => {
        if (typeof name !== 'string') throw new TypeError('every annotation must be a string');
        return name;
      });
    }
    if (o.resources !== undefined && o.resources !== null) {
      if (typeof o.resources !== 'object' || Array.isArray(o.resources)) {
        throw new TypeError('resources must be an object of URI to schema (a string or a Uint8Array)');
      }
      compileOptions.resources = Object.entries(o.resources).map(([uri, doc]) => {
        if (typeof doc === 'string') return { uri, schema: Buffer.from(doc, 'utf8') };
        if (doc instanceof Uint8Array) return { uri, schema: Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength) };
        throw new TypeError(`the resource ${JSON.stringify(uri)} must be a string or a Uint8Array`);
      });
    }
    if (o.formatPatterns !== undefined && o.formatPatterns !== null) {
      if (typeof o.formatPatterns !== 'object' || Array.isArray(o.formatPatterns)) {
        throw new TypeError('formatPatterns must be an object of format name to pattern (a string)');
      }
      compileOptions.formatPatterns = Object.entries(o.formatPatterns).map(([name, pattern]) => {
        if (typeof pattern !== 'string') throw new TypeError(`the pattern of the format ${JSON.stringify(name)} must be a string`);
        return { name, pattern };
      });
    }
    const s = body(schema, 'a schema');
    if (s instanceof Rejection) {
      throw new FormError({ kind: 'malformed', reason: 'lone-surrogate', pointer: '', offset: s.offset, message: s.message });
    }
    const compiled = native.compile(s, compileOptions);
    // A compiled form is an opaque handle (typeof 'object' too, but never a plain
    // object with a message); a failure is a plain object.
    if (typeof compiled.message === 'string') throw new FormError(compiled);
    this.#native = compiled;
    Object.freeze(this);
  }

  /** Verify a body; throws a Rejection if the form does not admit it. */
  verify(value) {
    const b = body(value);
    if (b instanceof Rejection) throw b;
    const r = native.verify(this.#native, b);
    if (r != null) throw new Rejection(r);
  }

  /** Whether the form admits the body. */
  isValid(value) {
    const b = body(value);
    if (b instanceof Rejection) return false;
    return native.isValid(this.#native, b);
  }

  /** Verify a body, then return its value. */
  verifyInto(value, options) {
    const exact = numbersOption(options);
    const b = body(value);
    if (b instanceof Rejection) throw b;
    const isText = typeof value === 'string';
    const r = native.verifyInto(this.#native, b, exact, !isText);
    if (typeof r === 'string') return JSON.parse(r);
    if (r === undefined) return JSON.parse(value);
    if (r === true) return this.#build(b, exact);
    throw new Rejection(r);
  }

  /** The value of an admitted body, built by the addon (numbers JSON.parse rounds). */
  #build(b, exact) {
    const r = native.build(this.#native, b, exact, BigInt, Decimal);
    if (Array.isArray(r)) return r[0];
    throw new Rejection(r);
  }

  /** `verify` off the main thread for bodies of ASYNC_AT bytes or more. */
  async verifyAsync(value) {
    const b = body(value);
    if (b instanceof Rejection) throw b;
    if (b.length < ASYNC_AT) {
      this.verify(b);
      return;
    }
    const r = await native.verifyAsync(this.#native, b);
    if (r != null) throw new Rejection(r);
  }

  /** `verifyInto`, with the verdict reached off the main thread as `verifyAsync`'s. */
  async verifyIntoAsync(value, options) {
    const exact = numbersOption(options);
    const b = body(value);
    if (b instanceof Rejection) throw b;
    if (b.length < ASYNC_AT) return this.verifyInto(value, options);
    // What is parsed or built once the verdict is in is the very copy that was verified,
    // never bytes the caller may have changed in the meantime (a string's bytes are a
    // copy already).
    const isText = typeof value === 'string';
    const copy = isText ? b : new Uint8Array(b);
    const r = await native.verifyIntoAsync(this.#native, copy, exact);
    if (r === null || r === undefined) return JSON.parse(isText ? value : native.text(copy));
    if (r === true) return this.#build(copy, exact);
    throw new Rejection(r);
  }

  /** The published form `s`. */
  get schemaJson() {
    return this.#schemaJson ?? (this.#schemaJson = native.schemaJson(this.#native));
  }

  /** The largest body admitted, in bytes. */
  get maxBytes() {
    return native.maxBytes(this.#native);
  }

  /** The deepest nesting admitted. */
  get maxDepth() {
    return native.maxDepth(this.#native);
  }

  /** The form's dialect. */
  get dialect() {
    return native.dialect(this.#native);
  }

  /** The GET body of a GPT address with this form as `s`, and its ETag. */
  publish(prompt, messages) {
    if (typeof prompt !== 'string') throw new TypeError('the prompt must be a string');
    const list = [];
    if (messages !== undefined && messages !== null) {
      if (typeof messages === 'string' || typeof messages[Symbol.iterator] !== 'function') {
        throw new TypeError('messages must be an iterable of messages, not a single string');
      }
      let index = 0;
      for (const m of messages) {
        list.push(message(index++, m));
      }
    }
    return native.publish(this.#native, prompt, list);
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `Form { dialect: '${this.dialect}', maxBytes: ${this.maxBytes}, maxDepth: ${this.maxDepth} }`;
  }
}

/** One message of `publish`: `{role, content}` with exactly those members, or a pair. */
function message(index, m) {
  const invalid = (what) =>
    new TypeError(`message ${index}: ${what} (expected {role: string, content: string} or [role, content])`);
  let role;
  let content;
  if (Array.isArray(m)) {
    if (m.length !== 2) throw invalid('an array of other than two items');
    [role, content] = m;
  } else if (m !== null && typeof m === 'object') {
    const names = Object.keys(m);
    if (names.length !== 2 || !('role' in m) || !('content' in m)) {
      throw invalid('members other than role and content');
    }
    ({ role, content } = m);
  } else {
    throw invalid('neither an object nor an array');
  }
  if (typeof role !== 'string') throw invalid('role is not a string');
  if (typeof content !== 'string') throw invalid('content is not a string');
  return { role, content };
}

/** Check that a body is strict JSON, with no form. Throws a Rejection if not. */
function check(value, options) {
  const o = object(options, 'the options of check');
  const b = body(value);
  if (b instanceof Rejection) throw b;
  const r = native.check(b, { maxBytes: limitOption(o, 'maxBytes'), maxDepth: limitOption(o, 'maxDepth') });
  if (r != null) throw new Rejection(r);
}

module.exports = {
  Form,
  Rejection,
  FormError,
  Decimal,
  check,
  ASYNC_AT,
  DEFAULT_MAX_BYTES: native.DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH: native.DEFAULT_MAX_DEPTH,
  version: require('./package.json').version,
};
