// The examples, served for real on the loopback interface: the GPT address (also as
// its own process, on PORT), and the MCP server, called by the SDK's client and by
// hand with bodies the SDK could never have parsed honestly.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const gptAddress = require('../examples/gpt-address');
const mcp = require('../examples/mcp-server');
const { listen, close, post } = require('./http-support');

const examples = path.join(__dirname, '..', 'examples');

test('examples/gpt-address: GET publishes with an ETag and 304; POST accepts an act, 204 otherwise', async () => {
  const acts = [];
  const logs = [];
  const server = http.createServer(gptAddress.createApp({ onAct: (a) => acts.push(a), log: (l) => logs.push(l) }));
  const url = await listen(server);
  try {
    const get = await fetch(url);
    assert.equal(get.status, 200);
    assert.equal(get.headers.get('content-type'), 'application/json');
    const etag = get.headers.get('etag');
    assert.match(etag, /^"fg-[0-9a-f]+"$/);
    const published = await get.json();
    assert.equal(published.p, gptAddress.PROMPT);
    assert.deepEqual(published.m, gptAddress.MESSAGES);
    assert.deepEqual(published.s, gptAddress.FORM);
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);

    const ok = await post(url, '{"rating":5,"comment":"Quick and clear.","tags":["speed"]}');
    assert.equal(ok.status, 200);
    assert.equal(ok.text, '{"accepted":true}');
    assert.deepEqual(acts, [{ rating: 5, comment: 'Quick and clear.', tags: ['speed'] }]);

    for (const body of [
      '{"rating":5,"rating":1}',
      '{"rating":5,"extra":1}',
      '{"rating":6}',
      '{"rating":5.0,"tags":["speed","speed"]}',
    ]) {
      const r = await post(url, body);
      assert.equal(r.status, 204, body);
      assert.equal(r.text, '');
    }
    assert.equal(acts.length, 1);
    assert.equal(logs.length, 4);
    assert.match(logs[0], /^act verdict=reject \{"kind":"malformed","reason":"duplicate-key"/);
    assert.match(logs[1], /"keyword":"additionalProperties"/);
  } finally {
    await close(server);
  }
});

test('examples/gpt-address: the script listens on PORT', async () => {
  const child = spawn(process.execPath, [path.join(examples, 'gpt-address.js')], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 10000);
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const get = await fetch(url);
    assert.equal(get.status, 200);
    assert.deepEqual((await get.json()).s, gptAddress.FORM);
    const dup = await post(url, '{"rating":1,"rating":2}');
    assert.equal(dup.status, 204);
  } finally {
    child.kill('SIGTERM');
  }
});

/** The MCP example on 127.0.0.1, port 0, counting tool runs. */
async function startMcp() {
  const calls = [];
  const logs = [];
  const server = http.createServer(mcp.createApp({ onCall: (a) => calls.push(a), log: (l) => logs.push(l) }));
  const url = `${await listen(server)}/mcp`;
  return { server, url, calls, logs };
}

/** POST a JSON-RPC body as an MCP client would, without the SDK. */
function rpc(url, body) {
  return post(url, body, {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  });
}

test('examples/mcp-server: the SDK client lists the tool and calls it with valid arguments', async () => {
  const s = await startMcp();
  const client = new Client({ name: 'formgate-test', version: '0.0.0' });
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(s.url)));
    const { tools } = await client.listTools();
    assert.equal(tools.length, 1);
    assert.equal(tools[0].name, 'forecast');
    assert.deepEqual(tools[0].inputSchema, mcp.ARGUMENTS);
    const result = await client.callTool({ name: 'forecast', arguments: { city: 'Lyon', days: 2 } });
    assert.deepEqual(result.content, [{ type: 'text', text: 'Forecast for Lyon: day 1: 18°C, day 2: 19°C' }]);
    assert.deepEqual(s.calls, [{ city: 'Lyon', days: 2 }]);
    // An argument the schema does not have: the SDK client sends it, formgate refuses it.
    await assert.rejects(client.callTool({ name: 'forecast', arguments: { city: 'Lyon', days: 2, admin: true } }), /422/);
    assert.equal(s.calls.length, 1);
  } finally {
    await client.close();
    await close(s.server);
  }
});

test('examples/mcp-server: a raw tools/call with valid arguments succeeds', async () => {
  const s = await startMcp();
  try {
    const r = await rpc(
      s.url,
      '{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo","days":1,"units":"imperial"}}}',
    );
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), {
      jsonrpc: '2.0',
      id: 7,
      result: { content: [{ type: 'text', text: 'Forecast for Oslo: day 1: 64°F' }] },
    });
    assert.equal(s.calls.length, 1);
  } finally {
    await close(s.server);
  }
});

test('examples/mcp-server: a duplicate key or an extra property in the arguments is refused before the tool runs', async () => {
  const s = await startMcp();
  try {
    const dupBody =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo","days":1,"days":9}}}';
    const dup = await rpc(s.url, dupBody);
    assert.equal(dup.status, 400);
    assert.equal(dup.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(JSON.parse(dup.text), {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The body is not strict JSON.',
      errors: [{ kind: 'malformed', reason: 'duplicate-key', offset: dupBody.lastIndexOf('"days"'), pointer: '/params/arguments' }],
    });

    const extraBody =
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo","days":1,"admin":true}}}';
    const extra = await rpc(s.url, extraBody);
    assert.equal(extra.status, 422);
    assert.deepEqual(JSON.parse(extra.text).errors, [
      {
        kind: 'not-admitted',
        keyword: 'additionalProperties',
        offset: extraBody.indexOf('"admin"'),
        pointer: '/params/arguments/admin',
        formPointer: '/$defs/arguments/additionalProperties',
        applicator: '/anyOf',
      },
    ]);

    // Out of range, another tool's name, a batch: all refused by the same form.
    for (const body of [
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo","days":8}}}',
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"shell","arguments":{"city":"Oslo","days":1}}}',
      '[{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"forecast","arguments":{"city":"Oslo","days":1}}}]',
    ]) {
      const r = await rpc(s.url, body);
      assert.equal(r.status, 422, body);
    }
    assert.deepEqual(s.calls, []);
    assert.equal(s.logs.length, 5);
  } finally {
    await close(s.server);
  }
});
