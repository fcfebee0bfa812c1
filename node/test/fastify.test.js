// formgate/fastify over real HTTP: what Fastify's own JSON handling does to a body
// (last duplicate wins, extra properties stripped, strings coerced), and what the
// plugin does instead.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const Fastify = require('fastify');
const formgate = require('../fastify');
const { publish } = require('../fastify');
const { testForm, SCHEMA, BODIES, PROBLEMS, MAX_BYTES, post, postUnending } = require('./http-support');

/** Listen on 127.0.0.1, port 0; the base URL. */
async function listen(app) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${app.server.address().port}`;
}

test('fastify without formgate: the default route schema strips, coerces, and takes the last duplicate', async () => {
  const app = Fastify();
  app.post('/', { schema: { body: JSON.parse(SCHEMA) } }, async (request) => ({ body: request.body }));
  const url = await listen(app);
  try {
    // Fastify's default Ajv has removeAdditional: true: the extra property is silently
    // removed, and the request is accepted.
    const extra = await post(url, BODIES.extra);
    assert.equal(extra.status, 200);
    assert.deepEqual(JSON.parse(extra.text), { body: { name: 'Ada' } });
    // JSON.parse keeps the last of duplicate names.
    const dup = await post(url, BODIES.duplicate);
    assert.equal(dup.status, 200);
    assert.deepEqual(JSON.parse(dup.text), { body: { name: 'Bob' } });
    // coerceTypes: a string becomes the integer the schema asks for.
    const coerced = await post(url, '{"name":"Ada","n":"3"}');
    assert.equal(coerced.status, 200);
    assert.deepEqual(JSON.parse(coerced.text), { body: { name: 'Ada', n: 3 } });
  } finally {
    await app.close();
  }
});

/** An app with the plugin and routes gated each way. */
async function start(pluginOptions = {}) {
  const form = testForm();
  const seen = { runs: 0, rejections: [] };
  const app = Fastify();
  const onRejection = (rejection, request) => seen.rejections.push({ kind: rejection.kind, url: request.url });
  await app.register(formgate, { onRejection, ...pluginOptions });
  const reply = async (request) => {
    seen.runs++;
    return Buffer.isBuffer(request.body) ? { bytes: request.body.toString('utf8') } : { value: request.body };
  };
  app.post('/gpt', { config: { formgate: form } }, reply);
  app.post('/problem', { config: { formgate: { form, mode: 'problem' } } }, reply);
  app.post('/into', { config: { formgate: { form, mode: 'problem', into: { numbers: 'number' } } } }, reply);
  app.post('/plain', reply);
  app.get('/address', publish(form, 'Send a name.'));
  const url = await listen(app);
  return { app, form, url, seen };
}

test('fastify plugin: an accepted body reaches the handler, as bytes or with into as the value', async () => {
  const s = await start();
  try {
    const r = await post(`${s.url}/gpt`, BODIES.ok);
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), { bytes: BODIES.ok });
    const v = await post(`${s.url}/into`, BODIES.ok, { 'content-type': 'application/ld+json' });
    assert.equal(v.status, 200);
    assert.deepEqual(JSON.parse(v.text), { value: { name: 'Ada', n: 3 } });
    assert.equal(s.seen.runs, 2);
  } finally {
    await s.app.close();
  }
});

test('fastify plugin: the duplicate and the extra property are refused, 204 in gpt mode', async () => {
  const s = await start();
  try {
    for (const body of [BODIES.duplicate, BODIES.extra, '{"name":"Ada","n":"3"}', BODIES.big]) {
      const r = await post(`${s.url}/gpt`, body);
      assert.equal(r.status, 204, body);
      assert.equal(r.text, '');
    }
    const t = await post(`${s.url}/gpt`, BODIES.ok, { 'content-type': 'text/plain' });
    assert.equal(t.status, 204);
    const none = await fetch(`${s.url}/gpt`, { method: 'POST' });
    assert.equal(none.status, 204);
    assert.equal(s.seen.runs, 0);
    assert.deepEqual(
      s.seen.rejections.map((r) => r.kind),
      ['malformed', 'not-admitted', 'not-admitted', 'too-large', 'media-type', 'media-type'],
    );
  } finally {
    await s.app.close();
  }
});

test('fastify plugin: mode problem answers 400, 422, 413 and 415 problems', async () => {
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
    const t = await post(`${s.url}/problem`, BODIES.ok, { 'content-type': 'text/plain' });
    assert.equal(t.status, 415);
    assert.equal(t.text, PROBLEMS.mediaType);
    const half = Buffer.alloc(MAX_BYTES / 2 + 10, 0x20);
    const u = await postUnending(`${s.url}/problem`, [Buffer.from('{"name":'), half, half]);
    assert.equal(u.status, 413);
    assert.equal(u.text, PROBLEMS.tooLarge);
    assert.equal(s.seen.runs, 0);
  } finally {
    await s.app.close();
  }
});

test('fastify plugin: ungated routes of the scope still get strict JSON, never JSON.parse', async () => {
  const s = await start();
  try {
    const ok = await post(`${s.url}/plain`, '{"a":[1,2.5,"x"]}');
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.text), { value: { a: [1, 2.5, 'x'] } });
    const dup = await post(`${s.url}/plain`, '{"a":1,"a":2}');
    assert.equal(dup.status, 400);
    assert.equal(JSON.parse(dup.text).code, 'FORMGATE_INVALID_JSON');
    assert.equal(JSON.parse(dup.text).message, 'Body is not strict JSON (duplicate-key at byte 7)');
    const trailing = await post(`${s.url}/plain`, '{} x');
    assert.equal(trailing.status, 400);
    assert.equal(s.seen.runs, 1);
  } finally {
    await s.app.close();
  }
});

test('fastify plugin: a plugin-wide form gates every POST unless a route opts out', async () => {
  const form = testForm();
  const app = Fastify();
  await app.register(formgate, { form, mode: 'problem', into: true });
  app.post('/a', async (request) => ({ value: request.body }));
  app.post('/out', { config: { formgate: false } }, async (request) => ({ value: request.body }));
  app.get('/a', async () => ({ get: true }));
  const url = await listen(app);
  try {
    const ok = await post(`${url}/a`, BODIES.ok);
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.text), { value: { name: 'Ada', n: 3 } });
    const extra = await post(`${url}/a`, BODIES.extra);
    assert.equal(extra.status, 422);
    assert.equal(extra.text, PROBLEMS.extra);
    const out = await post(`${url}/out`, '{"anything":true}');
    assert.equal(out.status, 200);
    assert.deepEqual(JSON.parse(out.text), { value: { anything: true } });
    const get = await fetch(`${url}/a`);
    assert.equal(get.status, 200);
    assert.deepEqual(await get.json(), { get: true });
  } finally {
    await app.close();
  }
});

test('fastify plugin: a route gated by formgate with schema.body fails at start-up', async () => {
  const form = testForm();
  const app = Fastify();
  await app.register(formgate);
  assert.throws(
    () => app.post('/x', { config: { formgate: form }, schema: { body: JSON.parse(SCHEMA) } }, async () => 'x'),
    /gated by formgate and also has schema\.body/,
  );
  await app.close();
});

test('fastify plugin: routes declared before the plugin loaded are gated too', async () => {
  const form = testForm();
  const app = Fastify();
  let runs = 0;
  app.post('/early', { config: { formgate: { form, mode: 'problem' } } }, async () => {
    runs++;
    return 'ran';
  });
  // Added before the plugin's onRoute check existed: refused at each request instead.
  app.post('/early-schema', { config: { formgate: form }, schema: { body: JSON.parse(SCHEMA) } }, async () => {
    runs++;
    return 'ran';
  });
  app.register(formgate);
  const url = await listen(app);
  try {
    const conflict = await post(`${url}/early-schema`, BODIES.ok);
    assert.equal(conflict.status, 500);
    assert.equal(JSON.parse(conflict.text).code, 'FORMGATE_SCHEMA_BODY');
    const dup = await post(`${url}/early`, BODIES.duplicate);
    assert.equal(dup.status, 400);
    assert.equal(dup.text, PROBLEMS.duplicate);
    const ok = await post(`${url}/early`, BODIES.ok);
    assert.equal(ok.status, 200);
    assert.equal(runs, 1);
  } finally {
    await app.close();
  }
});

test('fastify plugin: a parser a child scope adds cannot replace the verified body', async () => {
  const form = testForm();
  const app = Fastify();
  await app.register(formgate);
  await app.register(async (child) => {
    child.removeContentTypeParser(['application/json']);
    child.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      done(null, { replaced: body });
    });
    child.post('/c', { config: { formgate: { form, into: true } } }, async (request) => ({ value: request.body }));
  });
  const url = await listen(app);
  try {
    const ok = await post(`${url}/c`, BODIES.ok);
    assert.equal(ok.status, 200);
    assert.deepEqual(JSON.parse(ok.text), { value: { name: 'Ada', n: 3 } });
    const dup = await post(`${url}/c`, BODIES.duplicate);
    assert.equal(dup.status, 204);
  } finally {
    await app.close();
  }
});

test('fastify publish: GET answers the published form with an ETag, and 304', async () => {
  const s = await start();
  try {
    const published = s.form.publish('Send a name.');
    const get = await fetch(`${s.url}/address`);
    assert.equal(get.status, 200);
    assert.equal(get.headers.get('content-type'), 'application/json');
    assert.equal(get.headers.get('etag'), published.etag);
    assert.equal(await get.text(), published.body.toString('utf8'));
    const again = await fetch(`${s.url}/address`, { headers: { 'if-none-match': published.etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  } finally {
    await s.app.close();
  }
});

test('fastify plugin: the options are checked', async () => {
  const app = Fastify();
  app.register(formgate, { mode: 'quiet' });
  await assert.rejects(app.ready(), /mode must be 'gpt' or 'problem'/);
  const other = Fastify();
  other.register(formgate, { forms: [] });
  await assert.rejects(other.ready(), /unknown option "forms"/);
});
