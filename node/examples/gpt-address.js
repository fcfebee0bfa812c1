// A complete GPT address in Node.js with Express and formgate.
//
//   node examples/gpt-address.js            # listens on 127.0.0.1:8080 (PORT, HOST)
//   curl -s http://127.0.0.1:8080/
//   curl -si -H 'Content-Type: application/json' \
//     --data '{"rating":5,"comment":"Quick and clear.","tags":["speed"]}' http://127.0.0.1:8080/
//
// GET / publishes {"p": prompt, "m": messages, "s": form} with its ETag (304 when the
// client has it). POST / verifies the body against the form, from its raw bytes, in one
// pass: an accepted act is handed to the handler and answered {"accepted":true}; anything else is
// answered 204 with no body and no reason (the actor learns nothing), and the reason
// goes to the log, one line per refusal.
'use strict';

const express = require('express');
const { Form } = require('formgate');
const { address } = require('formgate/express');

/** The form of this address: one piece of feedback. */
const FORM = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Feedback',
  type: 'object',
  properties: {
    rating: { type: 'integer', minimum: 1, maximum: 5, description: '1 (poor) to 5 (excellent)' },
    comment: { type: 'string', maxLength: 500 },
    tags: {
      type: 'array',
      items: { enum: ['speed', 'accuracy', 'tone', 'format'] },
      uniqueItems: true,
      maxItems: 4,
    },
  },
  required: ['rating'],
  additionalProperties: false,
};

const PROMPT =
  'This address accepts one piece of feedback on the last answer you received. ' +
  'Write it as a single JSON value that conforms to the JSON Schema in `s`, and POST it here.';

const MESSAGES = [{ role: 'user', content: 'How was the answer?' }];

/**
 * The address's Express app.
 * @param {object} [options]
 * @param {(act: object) => void} [options.onAct] told of each accepted act
 * @param {(line: string) => void} [options.log] where refusals are logged (default stderr)
 * @returns {import('express').Express}
 */
function createApp(options = {}) {
  const { onAct = () => {}, log = (line) => process.stderr.write(`${line}\n`) } = options;
  const form = new Form(JSON.stringify(FORM), { maxBytes: 16 * 1024 });
  const app = express();
  app.disable('x-powered-by');
  app.use(
    '/',
    address(
      form,
      {
        prompt: PROMPT,
        messages: MESSAGES,
        into: true,
        onRejection: (rejection, req) =>
          log(`act verdict=reject ${JSON.stringify(rejection.toJSON())} actor=${req.socket.remoteAddress}`),
      },
      (req, res) => {
        onAct(req.body);
        res.json({ accepted: true });
      },
    ),
  );
  return app;
}

if (require.main === module) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  const server = createApp().listen(port, host, () => {
    const { address: at, port: bound } = server.address();
    console.log(`gpt-address: listening on http://${at}:${bound}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

module.exports = { createApp, FORM, PROMPT, MESSAGES };
