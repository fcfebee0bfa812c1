// Types of `formgate/fastify` (fastify.js).
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { Form, IntoOptions, Message, Rejection } from './index';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's formgate gate (see `formgate/fastify`). */
    formgate?: formgate.RouteGate;
  }
}

/**
 * The plugin: replaces the scope's JSON content-type parser (Fastify's JSON.parse,
 * coercion, defaults and removeAdditional never see a gated body), verifies each gated
 * route's raw body before any parser runs, and answers refusals itself. It applies to
 * the scope it is registered in. A gated route must not have `schema.body`.
 */
declare function formgate(
  instance: FastifyInstance,
  options: formgate.FormgatePluginOptions,
  done: (err?: Error) => void,
): void;

declare namespace formgate {
  /** A refusal reached before formgate read the body (index.d.ts). */
  export type Refusal = import('./index').Refusal;

  /** How a gated route answers and what its handler gets. */
  export interface GateOptions {
    /** `'gpt'` (the default): a refused body is answered `204` with no body and no
     * reason. `'problem'`: an RFC 9457 `application/problem+json`, `400` (not strict
     * JSON), `413` (too large), `415` (not a JSON content type), `422` (not admitted). */
    mode?: 'gpt' | 'problem';
    /** Hand the handler the verified value (`form.verifyInto`) as `request.body`;
     * without, `request.body` is the verified bytes (a Buffer). */
    into?: boolean | IntoOptions;
    /** Told of every refusal, with the Fastify request, for logs. */
    onRejection?: (rejection: Rejection | Refusal, request: FastifyRequest) => void;
  }

  /** Options of the plugin. */
  export interface FormgatePluginOptions extends GateOptions {
    /** A form for every POST, PUT, PATCH and QUERY route of the scope that does not
     * name its own (`config.formgate`) or opt out (`config.formgate: false`). */
    form?: Form;
  }

  /** A route's `config.formgate`: its form, its form with options over the plugin's,
   * or `false` to opt out of the plugin's form. */
  export type RouteGate = Form | (GateOptions & { form: Form }) | false;

  /** The plugin (see above). */
  export const formgate: FastifyPluginCallback<FormgatePluginOptions>;
  export { formgate as default };

  /** A route handler answering `GET` with the published form (`200`, `ETag`, `304` on
   * a matching `If-None-Match`). */
  export function publish(
    form: Form,
    prompt: string,
    messages?: Iterable<Message | [string, string]>,
  ): (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}

export = formgate;
