// formgate over HTTP: what the Express, Fastify and Hono middlewares share. Given a
// form, the options and the request's body and headers, decide the answer; the
// middlewares only adapt it to their framework.
//
// Invariants:
// 1. A body is verified from its raw bytes as received: nothing parses it before
//    formgate does, and nothing after formgate changes it.
// 2. No more than `form.maxBytes + 1` bytes of a body are ever buffered: a declared
//    `Content-Length` over the limit is refused before a byte is read, and a body that
//    streams past the limit stops being read at the first byte over it (the answer then
//    closes the connection).
// 3. In mode 'gpt' every refusal is `204` with no body and no reason. In mode 'problem'
//    the answer is RFC 9457 `application/problem+json` built from the kind of failure,
//    the form's keyword and pointers and byte offsets only: never from a value of the
//    body (a rejection's `detail`, which can quote a number, is left out).
// 4. The status depends on the kind of failure only: 400 not strict JSON (or
//    unreadable), 413 too large, 415 not a JSON content type (or a content coding),
//    422 not admitted by the form.
'use strict';

const { STATUS_CODES } = require('node:http');

/** The content type of a problem body (RFC 9457 §3). */
const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The longest body pointer a problem repeats, in UTF-8 bytes (cut to whole segments). */
const MAX_POINTER = 256;

/** The media types formgate reads: application/json and application/*+json. */
const JSON_MEDIA_TYPE = /^application\/(?:[a-z0-9!#$&^_.+-]+\+)?json$/;

/**
 * A refusal reached before formgate read the body, so without a {@link Rejection} of
 * the addon: a content type that is not JSON, a declared length over the limit, a body
 * that could not be read. It has the members of a `Rejection`, so `onRejection` can log
 * either alike.
 */
class Refusal extends Error {
  /**
   * @param {'media-type' | 'too-large' | 'unreadable'} kind what was refused
   * @param {string} message for logs
   * @param {{limit?: number | null, offset?: number}} [extra] the limit in force and
   *   the offset (for `too-large`)
   */
  constructor(kind, message, extra = {}) {
    super(message);
    this.name = 'Refusal';
    /** @readonly */
    this.kind = kind;
    /** @readonly */
    this.keyword = null;
    /** @readonly */
    this.reason = null;
    /** @readonly */
    this.offset = extra.offset ?? 0;
    /** @readonly */
    this.pointer = '';
    /** @readonly */
    this.formPointer = null;
    /** @readonly */
    this.applicator = null;
    /** @readonly */
    this.limit = extra.limit ?? null;
    /** @readonly */
    this.detail = null;
  }

  /**
   * The refusal as the members of `Rejection.toJSON()` that apply.
   * @returns {Record<string, string | number>}
   */
  toJSON() {
    const out = { kind: this.kind };
    if (this.limit !== null) out.limit = this.limit;
    out.offset = this.offset;
    out.pointer = this.pointer;
    return out;
  }
}

/**
 * Check and complete the options every middleware takes.
 * @param {object} [options]
 * @param {'gpt' | 'problem'} [options.mode] how a refusal is answered (default 'gpt')
 * @param {boolean | {numbers?: 'exact' | 'number'}} [options.into] hand the handler the
 *   verified value (`form.verifyInto`) instead of the verified bytes
 * @param {(rejection: object, req: unknown) => void} [options.onRejection] told of
 *   every refusal, for logs
 * @returns {{mode: 'gpt' | 'problem', into: {numbers?: 'exact' | 'number'} | null,
 *   onRejection: ((rejection: object, req: unknown) => void) | null}}
 */
function resolveOptions(options) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object') throw new TypeError('formgate: the options must be an object');
  const { mode = 'gpt', into = false, onRejection = null } = options;
  if (mode !== 'gpt' && mode !== 'problem') {
    throw new TypeError(`formgate: mode must be 'gpt' or 'problem', not ${JSON.stringify(mode)}`);
  }
  let intoOptions;
  if (into === false || into === undefined || into === null) intoOptions = null;
  else if (into === true) intoOptions = {};
  else if (typeof into === 'object') {
    const { numbers } = into;
    if (numbers !== undefined && numbers !== 'exact' && numbers !== 'number') {
      throw new TypeError(`formgate: into.numbers must be 'exact' or 'number', not ${JSON.stringify(numbers)}`);
    }
    intoOptions = numbers === undefined ? {} : { numbers };
  } else {
    throw new TypeError('formgate: into must be a boolean or {numbers}');
  }
  if (onRejection !== null && typeof onRejection !== 'function') {
    throw new TypeError('formgate: onRejection must be a function');
  }
  return Object.freeze({ mode, into: intoOptions, onRejection });
}

/**
 * Check that `form` is a compiled form (duck-typed, so a form of another copy of the
 * package is accepted too).
 * @param {unknown} form
 * @param {string} who the function that was given it, for the error
 * @returns {import('./index').Form}
 */
function requireForm(form, who) {
  if (
    form === null ||
    typeof form !== 'object' ||
    typeof form.verifyAsync !== 'function' ||
    typeof form.verifyIntoAsync !== 'function' ||
    typeof form.maxBytes !== 'number'
  ) {
    throw new TypeError(`${who}: the first argument must be a formgate Form (new Form(schema))`);
  }
  return form;
}

/**
 * Whether a `Content-Type` value says the body is JSON: `application/json` or
 * `application/*+json`, any case, with parameters; a `charset` parameter, if any,
 * must be UTF-8 (strict JSON is UTF-8 only).
 * @param {string | null | undefined} value the header's value
 * @returns {boolean}
 */
function isJsonContentType(value) {
  if (typeof value !== 'string') return false;
  const parts = value.split(';');
  const type = parts[0].trim().toLowerCase();
  if (!JSON_MEDIA_TYPE.test(type)) return false;
  for (let i = 1; i < parts.length; i++) {
    const param = parts[i].trim();
    if (param === '') continue;
    const eq = param.indexOf('=');
    if (eq <= 0) return false;
    const name = param.slice(0, eq).trim().toLowerCase();
    if (name !== 'charset') continue;
    let v = param.slice(eq + 1).trim();
    if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) v = v.slice(1, -1);
    v = v.toLowerCase();
    if (v !== 'utf-8' && v !== 'utf8') return false;
  }
  return true;
}

/**
 * Whether a `Content-Encoding` value leaves the bytes as sent (absent or `identity`).
 * A compressed body is refused (415, RFC 7694), never inflated: its size would not be
 * the size that was checked.
 * @param {string | null | undefined} value
 * @returns {boolean}
 */
function isIdentityEncoding(value) {
  if (value === undefined || value === null) return true;
  return String(value)
    .split(',')
    .every((v) => {
      const t = v.trim().toLowerCase();
      return t === '' || t === 'identity';
    });
}

/**
 * The length a `Content-Length` value declares, or null when there is none or it is
 * not a plain decimal (then the body is read and counted).
 * @param {string | null | undefined} value
 * @returns {number | null}
 */
function declaredLength(value) {
  if (typeof value !== 'string' || !/^\s*\d+\s*$/.test(value)) return null;
  return Number(value.trim());
}

/**
 * Read a Node.js readable stream (an `IncomingMessage`, or a stream standing for it)
 * to its end, or until it has given `limit + 1` bytes: then stop reading it (it is
 * paused and left, not destroyed, so an answer can still be written on its socket).
 * @param {import('node:stream').Readable} stream
 * @param {number} limit the largest body admitted
 * @returns {Promise<{bytes: Buffer, complete: boolean}>} the bytes read, and whether
 *   they are the whole body (false: the body is longer than `limit`)
 */
function readNodeStream(stream, limit) {
  return new Promise((resolve, reject) => {
    if (stream.readableEnded) {
      reject(new Refusal('unreadable', 'formgate: the request body was already read by someone else'));
      return;
    }
    const chunks = [];
    let size = 0;
    let settled = false;
    const finish = (error, result) => {
      if (settled) return;
      settled = true;
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      if (error) reject(error);
      else resolve(result);
    };
    function onData(chunk) {
      if (settled) return;
      const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      if (size + buf.length > limit) {
        // The first byte over the limit decides: keep exactly limit + 1 bytes, read no more.
        chunks.push(buf.subarray(0, limit + 1 - size));
        size = limit + 1;
        stream.pause();
        finish(null, { bytes: Buffer.concat(chunks, size), complete: false });
        return;
      }
      chunks.push(buf);
      size += buf.length;
    }
    function onEnd() {
      finish(null, { bytes: Buffer.concat(chunks, size), complete: true });
    }
    function onError(e) {
      finish(new Refusal('unreadable', `formgate: the request body could not be read (${e && e.message})`));
    }
    function onClose() {
      finish(new Refusal('unreadable', 'formgate: the connection closed before the request body ended'));
    }
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.on('close', onClose);
    stream.resume();
  });
}

/**
 * Read a web `ReadableStream` of bytes (a `Request`'s body) as {@link readNodeStream}
 * reads a Node.js stream: at most `limit + 1` bytes, then the reader is released.
 * @param {ReadableStream<Uint8Array> | null} stream
 * @param {number} limit
 * @returns {Promise<{bytes: Buffer, complete: boolean}>}
 */
async function readWebStream(stream, limit) {
  if (stream === null || stream === undefined) return { bytes: Buffer.alloc(0), complete: true };
  if (stream.locked) throw new Refusal('unreadable', 'formgate: the request body was already read by someone else');
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  try {
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch (e) {
        throw new Refusal('unreadable', `formgate: the request body could not be read (${e && e.message})`);
      }
      if (step.done) return { bytes: Buffer.concat(chunks, size), complete: true };
      const buf = Buffer.from(step.value.buffer, step.value.byteOffset, step.value.byteLength);
      if (size + buf.length > limit) {
        chunks.push(buf.subarray(0, limit + 1 - size));
        size = limit + 1;
        return { bytes: Buffer.concat(chunks, size), complete: false };
      }
      chunks.push(buf);
      size += buf.length;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * A body pointer cut to whole segments within {@link MAX_POINTER} UTF-8 bytes.
 * @param {string} pointer
 * @returns {string}
 */
function cutPointer(pointer) {
  if (typeof pointer !== 'string') return '';
  if (Buffer.byteLength(pointer, 'utf8') <= MAX_POINTER) return pointer;
  let out = '';
  let bytes = 0;
  for (const segment of pointer.split('/').slice(1)) {
    const n = Buffer.byteLength(segment, 'utf8') + 1;
    if (bytes + n > MAX_POINTER) break;
    out += `/${segment}`;
    bytes += n;
  }
  return out;
}

/**
 * The status a refusal is answered with in mode 'problem' (invariant 4).
 * @param {{kind: string}} rejection
 * @returns {number}
 */
function statusOf(rejection) {
  switch (rejection.kind) {
    case 'malformed':
    case 'unreadable':
      return 400;
    case 'too-large':
      return 413;
    case 'media-type':
      return 415;
    default:
      // 'not-admitted', 'unrepresentable', and any kind a later addon adds.
      return 422;
  }
}

/**
 * The problem's `detail`: one sentence from the kind of failure only.
 * @param {{kind: string, limit: number | null}} rejection
 * @returns {string}
 */
function detailOf(rejection) {
  switch (rejection.kind) {
    case 'malformed':
      return 'The body is not strict JSON.';
    case 'unreadable':
      return 'The body could not be read.';
    case 'too-large':
      return rejection.limit === null || rejection.limit === undefined
        ? 'The body is longer than the limit.'
        : `The body is longer than the limit of ${rejection.limit} bytes.`;
    case 'media-type':
      return 'The request must say Content-Type: application/json.';
    case 'unrepresentable':
      return 'The body is admitted by the form but does not fit the server\'s type.';
    default:
      return 'The body is not admitted by the form.';
  }
}

/**
 * The RFC 9457 problem body of a refusal (invariant 3): `type`, `title`, `status`,
 * `detail`, and `errors` with the rejection's JSON less its `detail` (none for a
 * refused content type).
 * @param {{kind: string, limit: number | null, toJSON(): object}} rejection
 * @returns {{status: number, body: string}}
 */
function problemOf(rejection) {
  const status = statusOf(rejection);
  const errors = [];
  if (rejection.kind !== 'media-type' && rejection.kind !== 'unreadable') {
    const entry = { ...rejection.toJSON() };
    delete entry.detail;
    entry.pointer = cutPointer(entry.pointer);
    errors.push(entry);
  }
  const problem = {
    type: 'about:blank',
    title: STATUS_CODES[status] || 'Error',
    status,
    detail: detailOf(rejection),
    errors,
  };
  return { status, body: JSON.stringify(problem) };
}

/**
 * @typedef {object} Accepted
 * @property {true} accepted
 * @property {unknown} value the verified value (`into`), or the verified bytes (Buffer)
 * @property {Buffer} bytes the verified bytes
 *
 * @typedef {object} Refused
 * @property {false} accepted
 * @property {object} rejection the addon's `Rejection`, or a {@link Refusal}
 * @property {number} status the answer's status
 * @property {Record<string, string>} headers the answer's headers
 * @property {string | null} body the answer's body (null: none)
 *
 * @typedef {Accepted | Refused} Outcome
 */

/**
 * The answer to a refusal in the mode in force; tells `onRejection` first.
 * @param {ReturnType<typeof resolveOptions>} opts
 * @param {object} rejection
 * @param {unknown} req what `onRejection` is given beside the rejection
 * @param {boolean} drained whether the whole body was read (if not, the connection is
 *   closed after the answer)
 * @returns {Refused}
 */
function refuse(opts, rejection, req, drained) {
  if (opts.onRejection) opts.onRejection(rejection, req);
  const headers = {};
  if (!drained) headers.connection = 'close';
  if (opts.mode === 'gpt') return { accepted: false, rejection, status: 204, headers, body: null };
  const { status, body } = problemOf(rejection);
  headers['content-type'] = PROBLEM_CONTENT_TYPE;
  return { accepted: false, rejection, status, headers, body };
}

/**
 * Decide a request: check its content type and coding and its declared length, read
 * at most `form.maxBytes + 1` bytes of its body, verify them off the main thread when
 * large (`form.verifyAsync` / `form.verifyIntoAsync`), and say what to answer.
 *
 * An error that is not a refusal (a bug, an error thrown by `onRejection`) is thrown,
 * for the framework to answer 500.
 *
 * @param {import('./index').Form} form
 * @param {ReturnType<typeof resolveOptions>} opts from {@link resolveOptions}
 * @param {object} request
 * @param {string | null | undefined} request.contentType the `Content-Type` value
 * @param {string | null | undefined} [request.contentLength] the `Content-Length` value
 * @param {string | null | undefined} [request.contentEncoding] the `Content-Encoding` value
 * @param {(limit: number) => Promise<{bytes: Buffer, complete: boolean}>} request.read
 *   reads the body, at most `limit + 1` bytes ({@link readNodeStream}, {@link readWebStream})
 * @param {unknown} [request.req] given to `onRejection`
 * @returns {Promise<Outcome>}
 */
async function decide(form, opts, request) {
  const { req } = request;
  if (!isJsonContentType(request.contentType) || !isIdentityEncoding(request.contentEncoding)) {
    const what = isJsonContentType(request.contentType)
      ? 'the body has a content coding (Content-Encoding); formgate reads bodies as sent'
      : 'the request does not say Content-Type: application/json';
    return refuse(opts, new Refusal('media-type', `formgate: ${what}`), req, false);
  }
  const limit = form.maxBytes;
  const declared = declaredLength(request.contentLength);
  if (declared !== null && declared > limit) {
    const refusal = new Refusal(
      'too-large',
      `formgate: the declared Content-Length (${declared}) exceeds max_bytes (${limit})`,
      { limit, offset: limit },
    );
    return refuse(opts, refusal, req, false);
  }
  let read;
  try {
    read = await request.read(limit);
  } catch (e) {
    if (e instanceof Refusal) return refuse(opts, e, req, false);
    throw e;
  }
  const { bytes, complete } = read;
  try {
    let value;
    if (opts.into) value = await form.verifyIntoAsync(bytes, opts.into);
    else {
      await form.verifyAsync(bytes);
      value = bytes;
    }
    if (!complete) {
      // Fail closed: a body over the limit is never admitted, whatever the addon says.
      const refusal = new Refusal('too-large', `formgate: the body exceeds max_bytes (${limit})`, { limit, offset: limit });
      return refuse(opts, refusal, req, false);
    }
    return { accepted: true, value, bytes };
  } catch (e) {
    if (isRejection(e)) return refuse(opts, e, req, complete);
    throw e;
  }
}

/**
 * Whether an error is a rejection of the addon (by its shape, so a rejection of another
 * copy of the package counts too).
 * @param {unknown} e
 * @returns {boolean}
 */
function isRejection(e) {
  return (
    e instanceof Error &&
    e.name === 'Rejection' &&
    typeof e.kind === 'string' &&
    typeof e.offset === 'number' &&
    typeof e.toJSON === 'function'
  );
}

/**
 * Decide a Node.js request (`IncomingMessage`) from its headers and its body stream.
 * @param {import('./index').Form} form
 * @param {ReturnType<typeof resolveOptions>} opts
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:stream').Readable} [stream] the body, when it is not `req`
 *   itself (Fastify's payload)
 * @param {unknown} [who] given to `onRejection` (default `req`)
 * @returns {Promise<Outcome>}
 */
function decideNode(form, opts, req, stream = req, who = req) {
  return decide(form, opts, {
    contentType: req.headers['content-type'],
    contentLength: req.headers['content-length'],
    contentEncoding: req.headers['content-encoding'],
    read: (limit) => readNodeStream(stream, limit),
    req: who,
  });
}

/**
 * Write a refusal on a Node.js `ServerResponse` (an Express `res` is one).
 * @param {import('node:http').ServerResponse} res
 * @param {Refused} outcome
 * @returns {void}
 */
function sendNode(res, outcome) {
  res.statusCode = outcome.status;
  for (const [name, value] of Object.entries(outcome.headers)) res.setHeader(name, value);
  if (outcome.body === null) res.end();
  else {
    res.setHeader('content-length', Buffer.byteLength(outcome.body));
    res.end(outcome.body);
  }
}

/**
 * Whether an `If-None-Match` value matches an entity tag (weak comparison, RFC 9110
 * §13.1.2) or is `*`. Tags are read as quoted strings; a malformed list matches
 * nothing (the full answer is always safe).
 * @param {string | string[] | null | undefined} value
 * @param {string} etag the quoted strong tag
 * @returns {boolean}
 */
function etagMatches(value, etag) {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.some((v) => etagMatches(v, etag));
  let s = String(value);
  for (;;) {
    s = s.replace(/^[ \t,]+/, '');
    if (s === '') return false;
    if (s[0] === '*') return true;
    if (s.startsWith('W/')) s = s.slice(2);
    if (s[0] !== '"') return false;
    const close = s.indexOf('"', 1);
    if (close < 0) return false;
    if (s.slice(0, close + 1) === etag) return true;
    s = s.slice(close + 1);
  }
}

/**
 * The answers of a GPT address's `GET`: `form.publish(prompt, messages)` computed once,
 * answered `200` (`application/json`, `ETag`, `Cache-Control: no-cache`) or `304` when
 * `If-None-Match` matches.
 * @param {import('./index').Form} form
 * @param {string} prompt the address's `p`
 * @param {Iterable<import('./index').Message | [string, string]>} [messages] its `m`
 * @returns {{body: Buffer, etag: string,
 *   answer(ifNoneMatch: string | string[] | null | undefined):
 *   {status: number, headers: Record<string, string>, body: Buffer | null}}}
 */
function publication(form, prompt, messages) {
  requireForm(form, 'formgate publish');
  const published = form.publish(prompt, messages);
  const body = Buffer.from(published.body);
  const etag = published.etag;
  const common = { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', etag };
  const ok = { status: 200, headers: { ...common, 'content-type': 'application/json' }, body };
  const notModified = { status: 304, headers: common, body: null };
  return Object.freeze({
    body,
    etag,
    answer(ifNoneMatch) {
      return etagMatches(ifNoneMatch, etag) ? notModified : ok;
    },
  });
}

/**
 * A Node.js request handler (`node:http`, or an Express route) answering `GET` and
 * `HEAD` with the published form (see {@link publication}); any other method is `405`.
 * @param {import('./index').Form} form
 * @param {string} prompt
 * @param {Iterable<import('./index').Message | [string, string]>} [messages]
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
function publish(form, prompt, messages) {
  const pub = publication(form, prompt, messages);
  return function publishHandler(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('allow', 'GET, HEAD');
      res.end();
      return;
    }
    const a = pub.answer(req.headers['if-none-match']);
    res.statusCode = a.status;
    for (const [name, value] of Object.entries(a.headers)) res.setHeader(name, value);
    if (a.body === null) res.end();
    else {
      res.setHeader('content-length', a.body.length);
      res.end(req.method === 'HEAD' ? undefined : a.body);
    }
  };
}

module.exports = {
  PROBLEM_CONTENT_TYPE,
  MAX_POINTER,
  Refusal,
  resolveOptions,
  requireForm,
  isJsonContentType,
  isIdentityEncoding,
  declaredLength,
  readNodeStream,
  readWebStream,
  cutPointer,
  statusOf,
  problemOf,
  decide,
  decideNode,
  sendNode,
  isRejection,
  etagMatches,
  publication,
  publish,
};
