// Types of `formgate/express` (express.js). Structural, so they need neither
// @types/express nor a particular Express version: an Express `Request` is an
// `IncomingMessage`, so these middlewares are Express `RequestHandler`s.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Form, IntoOptions, Message, Rejection } from './index';

export type { Refusal } from './index';
import type { Refusal } from './index';

/** Options of {@link formgate}. */
export interface Options {
  /** `'gpt'` (the default): a refused body is answered `204` with no body and no
   * reason. `'problem'`: an RFC 9457 `application/problem+json`, `400` (not strict
   * JSON), `413` (too large), `415` (not a JSON content type), `422` (not admitted). */
  mode?: 'gpt' | 'problem';
  /** Hand the handler the verified value (`form.verifyInto`) as `req.body`; without,
   * `req.body` is the verified bytes (a Buffer). */
  into?: boolean | IntoOptions;
  /** Told of every refusal, for logs (never send it to the actor). */
  onRejection?: (rejection: Rejection | Refusal, req: IncomingMessage & { body?: unknown }) => void;
}

/** Options of {@link address}: the published `p` and `m`, and {@link Options}. */
export interface AddressOptions extends Options {
  /** The address's prompt `p`. */
  prompt: string;
  /** The address's messages `m`. */
  messages?: Iterable<Message | [string, string]>;
}

/** A Node.js / Express middleware. */
export type Middleware = (
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  next: (err?: unknown) => void,
) => void;

/**
 * Express middleware that verifies the raw request body with `form` (strict JSON and
 * the schema, in one pass). An accepted body is `req.body`, then the next handler runs;
 * a refused one is answered here. Mount it instead of `express.json()`: after another
 * body parser it fails closed (a 500 error, code `FORMGATE_BODY_ALREADY_PARSED`).
 */
export function formgate(form: Form, options?: Options): Middleware;

/**
 * A GPT address as an Express router, to mount with `app.use(path, address(...))`:
 * `GET /` publishes `{"p","m","s"}` with its `ETag` (`304` on a match), `POST /`
 * verifies (see {@link formgate}) and calls `handler`, other methods are `405`.
 */
export function address(
  form: Form,
  options: AddressOptions,
  // The handler is the application's Express handler, typed by its own Express types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  handler: (req: any, res: any, next: (err?: unknown) => void) => unknown,
): Middleware;

/** A Node.js / Express handler answering `GET` and `HEAD` with the published form
 * (`200`, `ETag`, `304` on a matching `If-None-Match`); other methods `405`. */
export function publish(
  form: Form,
  prompt: string,
  messages?: Iterable<Message | [string, string]>,
): (req: IncomingMessage, res: ServerResponse) => void;
