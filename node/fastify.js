// formgate for Fastify 5: a plugin that takes the body away from Fastify's JSON
// handling. The decisions are http.js's.
//
// Design:
// - The plugin applies to the scope it is registered in (it skips encapsulation, as
//   fastify-plugin would), whatever the order of `register` and the routes.
// - A route is gated by its `config.formgate`: a Form, or `{form, mode, into,
//   onRejection}` (route options over the plugin's). With the plugin's own `form`,
//   every POST, PUT, PATCH and QUERY route of the scope is gated by it unless
//   its `config.formgate` is `false`. A route named by `config.formgate` is gated for
//   every method it has: a request without a JSON body is refused.
// - A gated request is decided in a `preParsing` hook, from the raw bytes (at most
//   maxBytes + 1 of them): a refusal is answered there, before any content-type parser
//   runs; an accepted body becomes `request.body` (a Buffer, or with `into` the
//   verified value) and is set again in `preValidation`, so no parser a child scope
//   adds can replace it.
// - Fastify's JSON parser (JSON.parse, which keeps the last of duplicate names) is
//   removed from the scope. Ungated routes get a strict one instead: formgate's parser
//   with no form (numbers as JSON.parse rounds them), within the route's bodyLimit.
// - A gated route must not have `schema.body`: Fastify's Ajv would validate, coerce,
//   fill defaults in and remove properties from the verified value (its defaults are
//   coerceTypes, useDefaults and removeAdditional). Such a route fails at start-up,
//   or, when it was added before the plugin, at each request with a 500.
'use strict';

const { Readable } = require('node:stream');
const { Form } = require('./index');
const {
  decideNode,
  declaredLength,
  isRejection,
  publication,
  readNodeStream,
  requireForm,
  resolveOptions,
} = require('./http');

const kGate = Symbol('formgate.verified');

/** The methods the plugin's own form gates. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'QUERY']);

/** Media types `+json` (application/json itself has its own parser entry). */
const JSON_SUFFIX = /^application\/[a-z0-9!#$&^_.+-]+\+json(?:\s*;|\s*$)/;

/** The strict parser of ungated routes, one form per body limit. */
const anyJson = new Map();

/**
 * The form that admits any strict JSON value of at most `limit` bytes.
 * @param {number} limit
 * @returns {Form}
 */
function anyJsonForm(limit) {
  let form = anyJson.get(limit);
  if (form === undefined) {
    form = new Form('{}', { maxBytes: limit });
    if (anyJson.size > 64) anyJson.clear();
    anyJson.set(limit, form);
  }
  return form;
}

/**
 * An error for Fastify's error handling, with a status.
 * @param {number} statusCode
 * @param {string} code
 * @param {string} message
 * @returns {Error & {statusCode: number, code: string}}
 */
function httpError(statusCode, code, message) {
  const err = new Error(message);
  err.statusCode = statusCode;
  err.code = code;
  return err;
}

/**
 * Names of the plugin's options that are Fastify's own (`register`'s), not formgate's.
 */
const FASTIFY_OPTIONS = new Set(['prefix', 'logLevel', 'logSerializers']);

/**
 * The gate options of the plugin, checked.
 * @param {object} options
 * @returns {{form: import('./index').Form | null, raw: object}}
 */
function pluginOptions(options) {
  const raw = {};
  let form = null;
  for (const [name, value] of Object.entries(options || {})) {
    if (name === 'form') {
      if (value !== undefined && value !== null) form = requireForm(value, 'formgate/fastify');
    } else if (name === 'mode' || name === 'into' || name === 'onRejection') {
      raw[name] = value;
    } else if (!FASTIFY_OPTIONS.has(name)) {
      throw new TypeError(
        `formgate/fastify: unknown option ${JSON.stringify(name)} (expected form, mode, into, onRejection)`,
      );
    }
  }
  resolveOptions(raw); // checked now, not at the first request
  return { form, raw };
}

/**
 * The Fastify plugin: replaces the scope's JSON parser and gates routes (see the top of
 * this file). Register it with `app.register(formgate, {form?, mode?, into?,
 * onRejection?})`; name a route's form with `config: {formgate: form}`.
 * @param {import('fastify').FastifyInstance} fastify the scope
 * @param {import('./fastify').FormgatePluginOptions} options
 * @param {(err?: Error) => void} done
 * @returns {void}
 */
function formgate(fastify, options, done) {
  let scopeForm;
  let raw;
  let scopeOptions;
  try {
    ({ form: scopeForm, raw } = pluginOptions(options));
    scopeOptions = resolveOptions(raw);
  } catch (e) {
    done(e);
    return;
  }
  // Per route config object: its gate, resolved once.
  const gates = new WeakMap();

  /** The gate of a route (its options object's config), or null. */
  function gateOf(config, method) {
    const cfg = config ? config.formgate : undefined;
    if (cfg === false) return null;
    if (cfg === undefined || cfg === null) {
      if (scopeForm === null) return null;
      return BODY_METHODS.has(method) ? { form: scopeForm, opts: scopeOptions } : null;
    }
    let gate = gates.get(cfg);
    if (gate === undefined) {
      if (typeof cfg === 'object' && typeof cfg.verifyAsync === 'function') {
        gate = { form: requireForm(cfg, 'formgate/fastify'), opts: scopeOptions };
      } else if (typeof cfg === 'object' && cfg.form !== undefined) {
        const { form, ...routeOptions } = cfg;
        gate = { form: requireForm(form, 'formgate/fastify'), opts: resolveOptions({ ...raw, ...routeOptions }) };
      } else {
        throw new TypeError('formgate/fastify: config.formgate must be a Form, {form, mode, into, onRejection} or false');
      }
      gates.set(cfg, gate);
    }
    return gate;
  }

  /** The conflict of a gated route with a body schema (see the top of this file). */
  function conflict(method, url) {
    return (
      `formgate/fastify: the route ${method} ${url} is gated by formgate and also has schema.body; ` +
      "Fastify's Ajv would coerce, fill in and strip the verified body. Remove schema.body: the form is the schema"
    );
  }

  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (gateOf(route.config, method) !== null && route.schema && route.schema.body) {
        throw new Error(conflict(method, route.url));
      }
    }
  });

  fastify.addHook('preParsing', (request, reply, payload, next) => {
    const route = request.routeOptions;
    let gate;
    try {
      gate = gateOf(route.config, request.method);
    } catch (e) {
      next(e);
      return;
    }
    if (gate === null) {
      next(null, payload);
      return;
    }
    if (route.schema && route.schema.body) {
      next(httpError(500, 'FORMGATE_SCHEMA_BODY', conflict(request.method, route.url)));
      return;
    }
    decideNode(gate.form, gate.opts, request.raw, payload, request).then(
      (outcome) => {
        if (outcome.accepted) {
          request[kGate] = { value: outcome.value };
          // The verified bytes again, for any parser that reads the payload.
          next(null, Readable.from([outcome.bytes]));
          return;
        }
        reply.code(outcome.status);
        for (const [name, value] of Object.entries(outcome.headers)) reply.header(name, value);
        // A Buffer, so Fastify adds no charset to the problem's content type.
        reply.send(outcome.body === null ? undefined : Buffer.from(outcome.body, 'utf8'));
      },
      (err) => next(err),
    );
  });

  fastify.addHook('preValidation', (request, reply, next) => {
    const verified = request[kGate];
    if (verified !== undefined) {
      request.body = verified.value;
      next();
      return;
    }
    let gate;
    try {
      gate = gateOf(request.routeOptions.config, request.method);
    } catch (e) {
      next(e);
      return;
    }
    // A gated request reaches here only verified; fail closed if it did not.
    if (gate !== null) next(httpError(500, 'FORMGATE_NOT_VERIFIED', 'formgate/fastify: the body of a gated route was not verified'));
    else next();
  });

  /** The scope's JSON parser: the verified value of a gated request, else strict JSON. */
  function parseJson(request, payload, parsed) {
    const verified = request[kGate];
    if (verified !== undefined) {
      parsed(null, verified.value);
      return;
    }
    const limit = request.routeOptions.bodyLimit ?? fastify.initialConfig.bodyLimit;
    const declared = declaredLength(request.headers['content-length']);
    if (declared !== null && declared > limit) {
      parsed(httpError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'));
      return;
    }
    readNodeStream(payload, limit)
      .then(async ({ bytes, complete }) => {
        if (!complete) throw httpError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large');
        return anyJsonForm(limit).verifyIntoAsync(bytes, { numbers: 'number' });
      })
      .then(
        (value) => parsed(null, value),
        (e) => {
          if (isRejection(e) && e.kind === 'too-large') {
            parsed(httpError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large'));
          } else if (isRejection(e)) {
            const what = e.reason ? `${e.reason} at byte ${e.offset}` : `at byte ${e.offset}`;
            parsed(httpError(400, 'FORMGATE_INVALID_JSON', `Body is not strict JSON (${what})`));
          } else if (e && e.kind === 'unreadable') {
            parsed(httpError(400, 'FORMGATE_UNREADABLE', 'Body could not be read'));
          } else {
            parsed(e);
          }
        },
      );
  }

  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser('application/json', parseJson);
  fastify.addContentTypeParser(JSON_SUFFIX, parseJson);
  done();
}

formgate[Symbol.for('skip-override')] = true;
formgate[Symbol.for('fastify.display-name')] = 'formgate';
formgate[Symbol.for('plugin-meta')] = { name: 'formgate', fastify: '5.x' };

/**
 * A Fastify route handler answering `GET` (and the `HEAD` Fastify adds) with the
 * published form `{"p","m","s"}` of `form.publish(prompt, messages)`: `200` with its
 * `ETag`, `304` on a matching `If-None-Match`.
 * @param {import('./index').Form} form
 * @param {string} prompt the address's `p`
 * @param {Iterable<import('./index').Message | [string, string]>} [messages] its `m`
 * @returns {(request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => unknown}
 */
function publish(form, prompt, messages) {
  const pub = publication(form, prompt, messages);
  return function publishHandler(request, reply) {
    const a = pub.answer(request.headers['if-none-match']);
    reply.code(a.status).headers(a.headers);
    return reply.send(a.body === null ? undefined : a.body);
  };
}

module.exports = formgate;
module.exports.default = formgate;
module.exports.formgate = formgate;
module.exports.publish = publish;
