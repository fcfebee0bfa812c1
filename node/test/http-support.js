// Shared by the middleware tests: the form they serve, the bodies they send, the
// problem bodies they expect, and real HTTP on the loopback interface.
'use strict';

const http = require('node:http');
const { Form } = require('..');

/** The form of every middleware test: a name, an optional integer, nothing else. */
const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { name: { type: 'string', maxLength: 40 }, n: { type: 'integer' } },
  required: ['name'],
  additionalProperties: false,
});

/** The largest body the test form admits. */
const MAX_BYTES = 64;

/** @returns {Form} the test form */
function testForm() {
  return new Form(SCHEMA, { maxBytes: MAX_BYTES });
}

/** The bodies the tests send. */
const BODIES = {
  ok: '{"name":"Ada","n":3}',
  duplicate: '{"name":"Ada","name":"Bob"}',
  extra: '{"name":"Ada","extra":true}',
  secret: '{"name":"Ada","n":"SECRET-42"}',
  big: `{"name":"${'x'.repeat(80)}"}`,
  bigN: '{"name":"Ada","n":12345678901234567890}',
};

/** The problem bodies mode 'problem' must answer, byte for byte. */
const PROBLEMS = {
  duplicate:
    '{"type":"about:blank","title":"Bad Request","status":400,"detail":"The body is not strict JSON.",' +
    '"errors":[{"kind":"malformed","reason":"duplicate-key","offset":14,"pointer":""}]}',
  extra:
    '{"type":"about:blank","title":"Unprocessable Entity","status":422,"detail":"The body is not admitted by the form.",' +
    '"errors":[{"kind":"not-admitted","keyword":"additionalProperties","offset":14,"pointer":"/extra","formPointer":"/additionalProperties"}]}',
  secret:
    '{"type":"about:blank","title":"Unprocessable Entity","status":422,"detail":"The body is not admitted by the form.",' +
    '"errors":[{"kind":"not-admitted","keyword":"type","offset":18,"pointer":"/n","formPointer":"/properties/n/type"}]}',
  tooLarge:
    '{"type":"about:blank","title":"Payload Too Large","status":413,"detail":"The body is longer than the limit of 64 bytes.",' +
    '"errors":[{"kind":"too-large","limit":64,"offset":64,"pointer":""}]}',
  mediaType:
    '{"type":"about:blank","title":"Unsupported Media Type","status":415,' +
    '"detail":"The request must say Content-Type: application/json.","errors":[]}',
};

/**
 * Listen on 127.0.0.1, port 0.
 * @param {http.Server} server
 * @returns {Promise<string>} the base URL
 */
function listen(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve(`http://127.0.0.1:${port}`);
    });
  });
}

/**
 * Close a server and the connections it keeps alive.
 * @param {http.Server} server
 * @returns {Promise<void>}
 */
function close(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if (typeof server.closeAllConnections === 'function') server.closeAllConnections();
  });
}

/**
 * POST a body with fetch.
 * @param {string} url
 * @param {string | Uint8Array} body
 * @param {Record<string, string>} [headers] default Content-Type: application/json
 * @returns {Promise<{status: number, headers: Headers, text: string}>}
 */
async function post(url, body, headers = { 'content-type': 'application/json' }) {
  const res = await fetch(url, { method: 'POST', body, headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/**
 * POST a chunked body (no Content-Length) that never ends: the first chunks are sent
 * and the request is kept open. The answer must come before the body ends, so only a
 * server that stops reading at the limit answers at all.
 * @param {string} url
 * @param {Buffer[]} chunks
 * @returns {Promise<{status: number, headers: http.IncomingHttpHeaders, text: string}>}
 */
function postUnending(url, chunks) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer before the body ended'));
    }, 5000);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode, headers: res.headers, text });
      });
    });
    req.flushHeaders();
    for (const c of chunks) req.write(c);
  });
}

module.exports = { SCHEMA, MAX_BYTES, testForm, BODIES, PROBLEMS, listen, close, post, postUnending };
