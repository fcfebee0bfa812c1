// formgate for Hono 4: a middleware that verifies the raw body and hands the verified
// body to the handlers as c.get('formgate'). The decisions are http.js's.
//
// - The declared Content-Length is checked against the form's maxBytes before anything
//   is read; the body is then read from the request's stream, at most maxBytes + 1
//   bytes (a chunked body over the limit is not buffered whole, as
//   `c.req.arrayBuffer()` would buffer it).
// - The body is consumed: handlers read c.get('formgate') (the verified bytes as a
//   Buffer, or with `into` the verified value), not c.req.json(). A body some earlier
//   middleware already read cannot be verified: that throws (Hono answers 500).
// - It runs on any runtime with web streams (Node with @hono/node-server, Bun, Deno,
//   Workers) where the addon loads.
'use strict';

const { decide, publication, readWebStream, requireForm, resolveOptions } = require('./http');

/**
 * Hono middleware that verifies the request body with `form`: strict JSON and the
 * form's schema in one pass over the raw bytes. An accepted body is
 * `c.get('formgate')` (a Buffer, or with `into` the verified value) and the next
 * handler runs; a refused one is answered here: `204` and no body in mode 'gpt' (the
 * default), an `application/problem+json` (400, 413, 415, 422) in mode 'problem'.
 * `onRejection(rejection, c)` is given the Context.
 * @param {import('./index').Form} form the compiled form
 * @param {import('./hono').Options} [options] `{mode, into, onRejection}`
 * @returns {(c: import('hono').Context, next: () => Promise<void>) => Promise<Response | void>}
 */
function formgate(form, options) {
  requireForm(form, 'formgate/hono');
  const opts = resolveOptions(options);
  return async function formgateMiddleware(c, next) {
    const raw = c.req.raw;
    if (raw.bodyUsed) {
      throw new Error(
        'formgate/hono: the request body was already read (c.req.json(), c.req.arrayBuffer(), a validator), ' +
          'so its raw bytes cannot be verified; put formgate() before anything that reads the body',
      );
    }
    const outcome = await decide(form, opts, {
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      contentEncoding: c.req.header('content-encoding'),
      read: (limit) => readWebStream(raw.body, limit),
      req: c,
    });
    if (outcome.accepted) {
      c.set('formgate', outcome.value);
      await next();
      return undefined;
    }
    return new Response(outcome.body, { status: outcome.status, headers: outcome.headers });
  };
}

/**
 * A Hono handler answering `GET` (and `HEAD`) with the published form `{"p","m","s"}`
 * of `form.publish(prompt, messages)`: `200` with its `ETag`, `304` on a matching
 * `If-None-Match`.
 * @param {import('./index').Form} form
 * @param {string} prompt the address's `p`
 * @param {Iterable<import('./index').Message | [string, string]>} [messages] its `m`
 * @returns {(c: import('hono').Context) => Response}
 */
function publish(form, prompt, messages) {
  const pub = publication(form, prompt, messages);
  return function publishHandler(c) {
    const a = pub.answer(c.req.header('if-none-match'));
    return new Response(a.body, { status: a.status, headers: a.headers });
  };
}

module.exports = { formgate, publish };
