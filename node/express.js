// formgate for Express (4 and 5): a middleware that reads and verifies the raw body
// itself, and a router for a whole GPT address. The decisions are http.js's.
//
// - The middleware reads the request stream: mount it instead of express.json() on the
//   routes it guards. If another parser already set req.body, the bytes formgate must
//   verify are gone (and with them the strictness guarantees), so it fails closed: the
//   request goes to Express's error handling as a 500 with an error that says why.
// - An accepted body is req.body: the verified bytes (a Buffer), or with `into` the
//   verified value (form.verifyInto).
'use strict';

const { decideNode, publish, requireForm, resolveOptions, sendNode } = require('./http');

/**
 * Express middleware that verifies the request body with `form`: strict JSON and the
 * form's schema in one pass over the raw bytes. An accepted body is `req.body` (a
 * Buffer, or with `into` the verified value) and the next handler runs; a refused one
 * is answered here: `204` and no body in mode 'gpt' (the default), an
 * `application/problem+json` (400, 413, 415, 422) in mode 'problem'.
 * @param {import('./index').Form} form the compiled form
 * @param {import('./express').Options} [options] `{mode, into, onRejection}`
 * @returns {(req: any, res: any, next: (err?: unknown) => void) => void} the middleware
 */
function formgate(form, options) {
  requireForm(form, 'formgate/express');
  const opts = resolveOptions(options);
  return function formgateMiddleware(req, res, next) {
    if (req.body !== undefined || req._body === true) {
      const err = new Error(
        'formgate: the request body was already parsed by another body parser (req.body is set), ' +
          'so its raw bytes cannot be verified; mount formgate() instead of express.json() / ' +
          'express.raw() / express.text() on this route',
      );
      err.status = 500;
      err.expose = false;
      err.code = 'FORMGATE_BODY_ALREADY_PARSED';
      next(err);
      return;
    }
    decideNode(form, opts, req).then((outcome) => {
      if (outcome.accepted) {
        req.body = outcome.value;
        next();
      } else {
        sendNode(res, outcome);
      }
    }, next);
  };
}

/**
 * A whole GPT address as an Express router, to mount with `app.use(path, ...)`:
 * `GET` (and `HEAD`) `/` answers `{"p","m","s"}` from `form.publish(prompt, messages)`
 * with its `ETag` (`304` on a matching `If-None-Match`), `POST /` verifies the body
 * (see {@link formgate}) and then calls `handler(req, res, next)`, any other method is
 * `405`.
 * @param {import('./index').Form} form the compiled form
 * @param {import('./express').AddressOptions} options `{prompt, messages, mode, into,
 *   onRejection}`
 * @param {(req: any, res: any, next: (err?: unknown) => void) => unknown} handler
 *   called with an accepted body as `req.body`
 * @returns {(req: any, res: any, next: (err?: unknown) => void) => void} the router
 */
function address(form, options, handler) {
  requireForm(form, 'formgate/express address');
  if (options === null || typeof options !== 'object') {
    throw new TypeError('formgate/express address: the options must be an object with a prompt');
  }
  if (typeof handler !== 'function') throw new TypeError('formgate/express address: the handler must be a function');
  const { prompt, messages, ...gateOptions } = options;
  if (typeof prompt !== 'string') throw new TypeError('formgate/express address: options.prompt must be a string');
  // Express is the application's: required only when an address is made.
  const { Router } = require('express');
  const router = Router();
  router.get('/', publish(form, prompt, messages));
  router.post('/', formgate(form, gateOptions), handler);
  router.all('/', (req, res) => {
    res.statusCode = 405;
    res.setHeader('allow', 'GET, HEAD, POST');
    res.end();
  });
  return router;
}

module.exports = { formgate, address, publish };
