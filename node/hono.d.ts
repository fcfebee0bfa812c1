// Types of `formgate/hono` (hono.js).
import type { Context, MiddlewareHandler } from 'hono';
import type { Form, IntoOptions, Message, Rejection, Value } from './index';

export type { Refusal } from './index';
import type { Refusal } from './index';

/** Options of {@link formgate}. */
export interface Options {
  /** `'gpt'` (the default): a refused body is answered `204` with no body and no
   * reason. `'problem'`: an RFC 9457 `application/problem+json`, `400` (not strict
   * JSON), `413` (too large), `415` (not a JSON content type), `422` (not admitted). */
  mode?: 'gpt' | 'problem';
  /** Hand the handler the verified value (`form.verifyInto`) as `c.get('formgate')`;
   * without, it is the verified bytes (a Buffer). */
  into?: boolean | IntoOptions;
  /** Told of every refusal, with the request's Context, for logs. */
  onRejection?: (rejection: Rejection | Refusal, c: Context) => void;
}

/** The Hono environment the middleware sets: `c.get('formgate')`. */
export type FormgateEnv<V = Value | Buffer> = { Variables: { formgate: V } };

/**
 * Hono middleware that verifies the raw request body with `form` (strict JSON and the
 * schema, in one pass; at most `form.maxBytes + 1` bytes read). An accepted body is
 * `c.get('formgate')`, then the next handler runs; a refused one is answered here. It
 * consumes the body: a body already read by an earlier middleware throws (500).
 */
export function formgate(form: Form, options?: Options & { into?: false }): MiddlewareHandler<FormgateEnv<Buffer>>;
export function formgate(form: Form, options: Options & { into: true | IntoOptions }): MiddlewareHandler<FormgateEnv<Value>>;
export function formgate(form: Form, options?: Options): MiddlewareHandler<FormgateEnv>;

/** A Hono handler answering `GET` (and `HEAD`) with the published form (`200`,
 * `ETag`, `304` on a matching `If-None-Match`). */
export function publish(
  form: Form,
  prompt: string,
  messages?: Iterable<Message | [string, string]>,
): (c: Context) => Response;
