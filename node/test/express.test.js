// formgate/express over real HTTP: the middleware in both modes, the address router,
// and the refusal to run after another body parser.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const express = require('express');
const { formgate, address } = require('../express');
const { testForm, BODIES, PROBLEMS, MAX_BYTES, listen, close, post, postUnending } = require('./http-support');

/** An app with the middleware in both modes and with `into`; counts handler runs. */
async function start() {
  const form = testForm();
  const seen = { runs: 0, rejections: [] };
  const onRejection = (rejection, req) => seen.rejections.push({ kind: rejection.kind, url: req.originalUrl });
  const app = express();
  app.set('env', 'test'); // the default error handler answers 500 without logging
  const reply = (req, res) => {
    seen.runs++;
    if (Buffer.isBuffer(req.body)) res.json({ bytes: req.body.toString('utf8') });
    else res.json({ value: req.body, nType: typeof req.body.n });
  };
  app.post('/gpt', formgate(form, { onRejection }), reply);
  app.post('/problem', formgate(form, { mode: 'problem', onRejection }), reply);
  app.post('/into', formgate(form, { into: true, mode: 'problem' }), (req, res) => {
    seen.runs++;
    res.json({ name: req.body.name, n: String(req.body.n), nType: typeof req.body.n });
  });
  app.post('/into-number', formgate(form, { into: { numbers: 'number' } }), (req, res) => {
    seen.runs++;
    res.json({ nType: typeof req.body.n });
  });
  // Another parser first: formgate must refuse to run (500), not verify a re-serialization.
  const errors = [];
  app.post('/after-json', express.json(), formgate(form), reply);
  app.use('/address', address(form, { prompt: 'Send a name.', messages: [['user', 'hi']], mode: 'gpt' }, (req, res) => {
    seen.runs++;
    res.status(200).json({ accepted: true, name: JSON.parse(req.body).name });
  }));
  app.use((err, req, res, next) => {
    errors.push(err);
    next(err);
  });
  const server = http.createServer(app);
  const url = await listen(server);
  return { form, server, url, seen, errors };
}

test('express: an accepted body reaches the handler as the verified bytes', async () => {
  const s = await start();
  try {
    const r = await post(`${s.url}/gpt`, BODIES.ok);
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), { bytes: BODIES.ok });
    const p = await post(`${s.url}/problem`, BODIES.ok, { 'content-type': 'application/json; charset=utf-8' });
    assert.equal(p.status, 200);
    assert.equal(s.seen.runs, 2);
    assert.deepEqual(s.seen.rejections, []);
  } finally {
    await close(s.server);
  }
});

test('express: with into, the handler gets the value, numbers exact by default', async () => {
  const s = await start();
  try {
    const r = await post(`${s.url}/into`, BODIES.bigN);
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), { name: 'Ada', n: '12345678901234567890', nType: 'bigint' });
    const n = await post(`${s.url}/into-number`, BODIES.bigN, { 'content-type': 'application/vnd.test+json' });
    assert.equal(n.status, 200);
    assert.deepEqual(JSON.parse(n.text), { nType: 'number' });
  } finally {
    await close(s.server);
  }
});

test('express: mode gpt answers every refusal 204 with no body, and the handler never runs', async () => {
  const s = await start();
  try {
    for (const body of [BODIES.duplicate, BODIES.extra, BODIES.secret, BODIES.big]) {
      const r = await post(`${s.url}/gpt`, body);
      assert.equal(r.status, 204, body);
      assert.equal(r.text, '');
      assert.equal(r.headers.get('content-type'), null);
    }
    const t = await post(`${s.url}/gpt`, BODIES.ok, { 'content-type': 'text/plain' });
    assert.equal(t.status, 204);
    assert.equal(t.text, '');
    assert.equal(s.seen.runs, 0);
    assert.deepEqual(
      s.seen.rejections.map((r) => r.kind),
      ['malformed', 'not-admitted', 'not-admitted', 'too-large', 'media-type'],
    );
    assert.ok(s.seen.rejections.every((r) => r.url === '/gpt'));
  } finally {
    await close(s.server);
  }
});

test('express: mode problem answers RFC 9457 problems that repeat no value of the body', async () => {
  const s = await start();
  try {
    const cases = [
      [BODIES.duplicate, 400, PROBLEMS.duplicate],
      [BODIES.extra, 422, PROBLEMS.extra],
      [BODIES.secret, 422, PROBLEMS.secret],
      [BODIES.big, 413, PROBLEMS.tooLarge],
    ];
    for (const [body, status, problem] of cases) {
      const r = await post(`${s.url}/problem`, body);
      assert.equal(r.status, status, body);
      assert.equal(r.headers.get('content-type'), 'application/problem+json');
      assert.equal(r.text, problem);
      assert.ok(!r.text.includes('SECRET') && !r.text.includes('Bob'));
    }
    for (const type of ['text/plain', 'application/json; charset=latin1', 'application/jsonx']) {
      const r = await post(`${s.url}/problem`, BODIES.ok, { 'content-type': type });
      assert.equal(r.status, 415, type);
      assert.equal(r.text, PROBLEMS.mediaType);
    }
    const gz = await post(`${s.url}/problem`, BODIES.ok, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    assert.equal(gz.status, 415);
    assert.equal(s.seen.runs, 0);
  } finally {
    await close(s.server);
  }
});

test('express: a body over maxBytes is refused 413 without being read to its end', async () => {
  const s = await start();
  try {
    // Declared too large: refused before a byte is read.
    const declared = await post(`${s.url}/problem`, BODIES.big);
    assert.equal(declared.status, 413);
    assert.equal(declared.text, PROBLEMS.tooLarge);
    // Chunked and never ending: the answer comes at the first byte over the limit.
    const half = Buffer.alloc(MAX_BYTES / 2 + 10, 0x20);
    const r = await postUnending(`${s.url}/problem`, [Buffer.from('{"name":'), half, half]);
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection, 'close');
    assert.equal(r.text, PROBLEMS.tooLarge);
    assert.equal(s.seen.runs, 0);
  } finally {
    await close(s.server);
  }
});

test('express: after another body parser, formgate fails closed with a 500 that says why', async () => {
  const s = await start();
  try {
    const r = await post(`${s.url}/after-json`, BODIES.duplicate);
    assert.equal(r.status, 500);
    assert.equal(s.seen.runs, 0);
    assert.equal(s.errors.length, 1);
    assert.equal(s.errors[0].code, 'FORMGATE_BODY_ALREADY_PARSED');
    assert.match(s.errors[0].message, /already parsed by another body parser/);
  } finally {
    await close(s.server);
  }
});

test('express address: GET publishes with an ETag and 304, POST verifies, others 405', async () => {
  const s = await start();
  try {
    const published = s.form.publish('Send a name.', [['user', 'hi']]);
    const get = await fetch(`${s.url}/address`);
    assert.equal(get.status, 200);
    assert.equal(get.headers.get('content-type'), 'application/json');
    assert.equal(get.headers.get('etag'), published.etag);
    const text = await get.text();
    assert.equal(text, published.body.toString('utf8'));
    assert.deepEqual(JSON.parse(text), {
      p: 'Send a name.',
      m: [{ role: 'user', content: 'hi' }],
      s: JSON.parse(s.form.schemaJson),
    });
    for (const inm of [published.etag, `W/${published.etag}`, `"other", ${published.etag}`, '*']) {
      const again = await fetch(`${s.url}/address/`, { headers: { 'if-none-match': inm } });
      assert.equal(again.status, 304, inm);
      assert.equal(again.headers.get('etag'), published.etag);
      assert.equal(await again.text(), '');
    }
    const other = await fetch(`${s.url}/address`, { headers: { 'if-none-match': '"fg-0"' } });
    assert.equal(other.status, 200);
    await other.arrayBuffer();
    const head = await fetch(`${s.url}/address`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('etag'), published.etag);

    const ok = await post(`${s.url}/address`, BODIES.ok);
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.text), { accepted: true, name: 'Ada' });
    const dup = await post(`${s.url}/address`, BODIES.duplicate);
    assert.equal(dup.status, 204);
    assert.equal(dup.text, '');
    const extra = await post(`${s.url}/address`, BODIES.extra);
    assert.equal(extra.status, 204);
    assert.equal(s.seen.runs, 1);

    const put = await fetch(`${s.url}/address`, { method: 'PUT', body: BODIES.ok });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get('allow'), 'GET, HEAD, POST');
  } finally {
    await close(s.server);
  }
});

test('express: the options are checked', () => {
  const form = testForm();
  assert.throws(() => formgate({}), /must be a formgate Form/);
  assert.throws(() => formgate(form, { mode: 'loud' }), /mode must be 'gpt' or 'problem'/);
  assert.throws(() => formgate(form, { into: { numbers: 'float' } }), /into.numbers/);
  assert.throws(() => formgate(form, { onRejection: 'log' }), /onRejection must be a function/);
  assert.throws(() => address(form, {}, () => {}), /prompt must be a string/);
  assert.throws(() => address(form, { prompt: 'p' }), /handler must be a function/);
});
