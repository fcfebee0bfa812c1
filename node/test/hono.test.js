// formgate/hono over real HTTP (@hono/node-server): the middleware in both modes,
// c.get('formgate'), the size limit, and the published form.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { formgate, publish } = require('../hono');
const { testForm, BODIES, PROBLEMS, MAX_BYTES, close, post, postUnending } = require('./http-support');

/** A Hono app on 127.0.0.1, port 0, with the middleware each way; counts handler runs. */
async function start() {
  const form = testForm();
  const seen = { runs: 0, rejections: [] };
  const onRejection = (rejection, c) => seen.rejections.push({ kind: rejection.kind, path: c.req.path });
  const app = new Hono();
  const reply = (c) => {
    seen.runs++;
    const v = c.get('formgate');
    return c.json(Buffer.isBuffer(v) ? { bytes: v.toString('utf8') } : { value: v });
  };
  app.post('/gpt', formgate(form, { onRejection }), reply);
  app.post('/problem', formgate(form, { mode: 'problem', onRejection }), reply);
  app.post('/into', formgate(form, { into: { numbers: 'number' } }), reply);
  app.post('/read-first', async (c, next) => {
    await c.req.text();
    await next();
  }, formgate(form), reply);
  app.onError((err, c) => c.json({ error: err.message }, 500));
  app.get('/address', publish(form, 'Send a name.', [{ role: 'user', content: 'hi' }]));
  const server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return { form, server, url, seen };
}

test('hono: an accepted body is c.get("formgate"): the bytes, or with into the value', async () => {
  const s = await start();
  try {
    const r = await post(`${s.url}/gpt`, BODIES.ok);
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), { bytes: BODIES.ok });
    const v = await post(`${s.url}/into`, BODIES.bigN);
    assert.equal(v.status, 200);
    assert.deepEqual(JSON.parse(v.text), { value: { name: 'Ada', n: 12345678901234567000 } });
    assert.equal(s.seen.runs, 2);
  } finally {
    await close(s.server);
  }
});

test('hono: mode gpt answers 204 with no body to the duplicate, the extra property, the too large', async () => {
  const s = await start();
  try {
    for (const body of [BODIES.duplicate, BODIES.extra, BODIES.big]) {
      const r = await post(`${s.url}/gpt`, body);
      assert.equal(r.status, 204, body);
      assert.equal(r.text, '');
    }
    const t = await post(`${s.url}/gpt`, BODIES.ok, { 'content-type': 'text/plain' });
    assert.equal(t.status, 204);
    assert.equal(s.seen.runs, 0);
    assert.deepEqual(
      s.seen.rejections.map((r) => `${r.kind} ${r.path}`),
      ['malformed /gpt', 'not-admitted /gpt', 'too-large /gpt', 'media-type /gpt'],
    );
  } finally {
    await close(s.server);
  }
});

test('hono: mode problem answers 400, 422, 413 and 415 problems', async () => {
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
    }
    const t = await post(`${s.url}/problem`, BODIES.ok, { 'content-type': 'application/xml' });
    assert.equal(t.status, 415);
    assert.equal(t.text, PROBLEMS.mediaType);
    assert.equal(s.seen.runs, 0);
  } finally {
    await close(s.server);
  }
});

test('hono: a chunked body over maxBytes is refused without being read to its end', async () => {
  const s = await start();
  try {
    const half = Buffer.alloc(MAX_BYTES / 2 + 10, 0x20);
    const r = await postUnending(`${s.url}/problem`, [Buffer.from('{"name":'), half, half]);
    assert.equal(r.status, 413);
    assert.equal(r.text, PROBLEMS.tooLarge);
    assert.equal(s.seen.runs, 0);
  } finally {
    await close(s.server);
  }
});

test('hono: a body another middleware already read fails closed (500)', async () => {
  const s = await start();
  try {
    const r = await post(`${s.url}/read-first`, BODIES.duplicate);
    assert.equal(r.status, 500);
    assert.match(JSON.parse(r.text).error, /already read/);
    assert.equal(s.seen.runs, 0);
  } finally {
    await close(s.server);
  }
});

test('hono publish: GET answers the published form with an ETag, and 304', async () => {
  const s = await start();
  try {
    const published = s.form.publish('Send a name.', [{ role: 'user', content: 'hi' }]);
    const get = await fetch(`${s.url}/address`);
    assert.equal(get.status, 200);
    assert.equal(get.headers.get('content-type'), 'application/json');
    assert.equal(get.headers.get('etag'), published.etag);
    assert.equal(await get.text(), published.body.toString('utf8'));
    const again = await fetch(`${s.url}/address`, { headers: { 'if-none-match': `W/${published.etag}` } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), published.etag);
    assert.equal(await again.text(), '');
  } finally {
    await close(s.server);
  }
});
