// The API of index.js: compile errors, rejections' fields, verifyInto's numbers, the
// async methods, publish, check, and the guards on what crosses from JS.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fg = require('..');
const { Form, FormError, Rejection, Decimal, check } = fg;

const OBJECT = JSON.stringify({
  type: 'object',
  properties: { n: { type: 'number' }, s: { type: 'string', maxLength: 3 } },
  additionalProperties: false,
});

test('a form that does not compile throws FormError with kind, keyword and pointer', () => {
  assert.throws(() => new Form('{"properties":{"a":{"x-order":1}}}'), (e) => {
    assert.ok(e instanceof FormError);
    assert.equal(e.name, 'FormError');
    assert.equal(e.kind, 'unknown-keyword');
    assert.equal(e.keyword, 'x-order');
    assert.equal(e.pointer, '/properties/a/x-order');
    assert.equal(typeof e.offset, 'number');
    assert.match(e.message, /x-order/);
    return true;
  });
  assert.throws(() => new Form('{'), (e) => e instanceof FormError && e.kind === 'malformed' && e.reason === 'unexpected-end');
  assert.throws(() => new Form('{"format":"topic"}'), (e) => e.kind === 'unsupported-format' && e.keyword === 'format');
  // Declared, the extension compiles and is published as written.
  const form = new Form('{"type":"integer","x-order":1}', { annotations: ['x-order'] });
  assert.equal(form.schemaJson, '{"type":"integer","x-order":1}');
});

test('options are checked, never ignored', () => {
  assert.throws(() => new Form('true', { maxbytes: 1 }), /unknown option "maxbytes"/);
  assert.throws(() => new Form('true', { maxBytes: -1 }), TypeError);
  assert.throws(() => new Form('true', { maxBytes: 1.5 }), TypeError);
  assert.throws(() => new Form('true', { maxDepth: '3' }), TypeError);
  assert.throws(() => new Form('true', { defaultDialect: 'draft5' }), /unknown dialect "draft5"/);
  assert.throws(() => new Form('true', { annotations: 'x-a' }), /not a single string/);
  assert.throws(() => new Form('true', { resources: ['{}'] }), TypeError);
  assert.throws(() => new Form('true', { resources: { 'https://example.com/a': 1 } }), TypeError);
  assert.equal(new Form('{"items":[{}]}', { defaultDialect: 'draft7' }).dialect, 'draft7');
  const form = new Form('true', { maxBytes: 10, maxDepth: 2 });
  assert.equal(form.maxBytes, 10);
  assert.equal(form.maxDepth, 2);
  assert.equal(new Form('true').maxBytes, fg.DEFAULT_MAX_BYTES);
  assert.equal(fg.DEFAULT_MAX_BYTES, 1 << 20);
  assert.equal(fg.DEFAULT_MAX_DEPTH, 128);
  assert.throws(() => new Form(42), /a schema must be/);
});

test('a rejection names kind, keyword, offset, pointers, and its JSON is the crate\'s', () => {
  const form = new Form(OBJECT);
  assert.throws(() => form.verify('{"s":"abcd"}'), (e) => {
    assert.ok(e instanceof Rejection && e instanceof Error);
    assert.equal(e.name, 'Rejection');
    assert.equal(e.kind, 'not-admitted');
    assert.equal(e.keyword, 'maxLength');
    assert.equal(e.reason, 'maxLength');
    assert.equal(e.offset, 5);
    assert.equal(e.pointer, '/s');
    assert.equal(e.formPointer, '/properties/s/maxLength');
    assert.equal(e.limit, null);
    assert.deepEqual(e.toJSON(), { kind: 'not-admitted', keyword: 'maxLength', offset: 5, pointer: '/s', formPointer: '/properties/s/maxLength' });
    return true;
  });
  assert.throws(() => form.verify('{"n":1,"n":2}'), (e) => {
    assert.equal(e.kind, 'malformed');
    assert.equal(e.reason, 'duplicate-key');
    assert.equal(e.keyword, null);
    assert.equal(JSON.stringify(e), '{"kind":"malformed","reason":"duplicate-key","offset":7,"pointer":""}');
    return true;
  });
  const small = new Form('true', { maxBytes: 4 });
  assert.throws(() => small.verify('[1,2,3]'), (e) => e.kind === 'too-large' && e.limit === 4);
  assert.equal(form.isValid('{"n":1}'), true);
  assert.equal(form.isValid('{"n":1} x'), false);
});

test('bodies: Buffer, Uint8Array, ArrayBuffer and string alike; anything else is a TypeError', () => {
  const form = new Form(OBJECT);
  const text = '{"s":"été"}';
  const bytes = Buffer.from(text);
  form.verify(text);
  form.verify(bytes);
  form.verify(new Uint8Array(bytes));
  form.verify(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  // A view into the middle of a larger buffer reads only its own bytes.
  const padded = Buffer.from(`xx${text}yy`);
  form.verify(padded.subarray(2, 2 + bytes.length));
  // Shared memory is copied before it is read.
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  form.verify(shared);
  for (const bad of [null, undefined, 42, {}, [1]]) {
    assert.throws(() => form.verify(bad), TypeError);
  }
});

test('a string with a lone surrogate is malformed, never verified as U+FFFD', () => {
  const form = new Form('{"type":"string"}');
  form.verify('"\uFFFD"');
  for (const body of ['"\uD800"', '"a\uDC00"', '"é\uD83D"']) {
    assert.equal(form.isValid(body), false);
    assert.throws(() => form.verify(body), (e) => e.kind === 'malformed' && e.reason === 'lone-surrogate' && e.offset === Buffer.byteLength(body.slice(0, body.search(/[\uD800-\uDFFF]/u))));
    assert.throws(() => form.verifyInto(body), Rejection);
    assert.throws(() => check(body), Rejection);
  }
  // A pair is one code point.
  form.verify('"\uD83D\uDE00"');
});

test('verifyInto: numbers exactly, as number, bigint or Decimal', () => {
  const form = new Form('true');
  const cases = [
    ['12', 12],
    ['-0', -0],
    ['0.1', 0.1],
    ['1.0', 1],
    ['1e2', 100],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', 9007199254740992n],
    ['-9007199254740993', -9007199254740993n],
    ['123456789012345678901234567890', 123456789012345678901234567890n],
    ['0.10000000000000000001', new Decimal('0.10000000000000000001')],
    ['9007199254740993.0', new Decimal('9007199254740993.0')],
    ['1e400', new Decimal('1e400')],
    ['1e-400', new Decimal('1e-400')],
  ];
  for (const [text, expected] of cases) {
    assert.deepStrictEqual(form.verifyInto(text), expected, text);
    assert.deepStrictEqual(form.verifyInto(`[${text}]`), [expected], text);
  }
  // 'number': the nearest double, as JSON.parse gives it.
  assert.equal(form.verifyInto('9007199254740993', { numbers: 'number' }), 9007199254740992);
  assert.equal(form.verifyInto('1e-400', { numbers: 'number' }), 0);
  assert.throws(() => form.verifyInto('{"a":[1e400]}', { numbers: 'number' }), (e) => {
    assert.equal(e.kind, 'unrepresentable');
    assert.equal(e.pointer, '/a/0');
    assert.equal(e.offset, 6);
    assert.match(e.detail, /1e400/);
    return true;
  });
  assert.throws(() => form.verifyInto('1', { numbers: 'double' }), TypeError);
  // Numbers inside strings are text, whatever they spell.
  assert.deepStrictEqual(form.verifyInto('{"a":"9007199254740993","b\\"1e400":[1]}'), { a: '9007199254740993', 'b"1e400': [1] });
  const d = form.verifyInto('[1e400]')[0];
  assert.equal(String(d), '1e400');
  assert.equal(JSON.stringify({ d }), '{"d":"1e400"}');
  assert.equal(d.toNumber(), Infinity);
});

test('verifyInto keeps members in order and __proto__ as an own member, either way it builds', () => {
  const form = new Form('true');
  for (const n of ['1', '9007199254740993']) {
    const value = form.verifyInto(`{"z":1,"__proto__":{"polluted":true},"a":${n}}`);
    assert.deepEqual(Object.keys(value), ['z', '__proto__', 'a']);
    assert.equal(Object.getPrototypeOf(value), Object.prototype);
    assert.equal(value.polluted, undefined);
    assert.equal({}.polluted, undefined);
  }
});

/** The exact decimal value of a number's text: [sign, digits, exponent of the first]. */
function decimal(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  const all = m[2] + (m[3] ?? '');
  const first = all.search(/[1-9]/);
  if (first < 0) return ['', '', 0];
  const digits = all.slice(first).replace(/0+$/, '');
  return [m[1], digits, BigInt(m[4] ?? 0) + BigInt(m[2].length - 1 - first)];
}

test('verifyInto\'s number is the value itself, on generated numbers (an oracle in JS)', () => {
  const form = new Form('true');
  let seed = 7;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const digits = (n) => Array.from({ length: n }, () => rand(10)).join('');
  let decimals = 0;
  for (let i = 0; i < 5000; i++) {
    const int = String(rand(3) === 0 ? 0 : BigInt(`1${digits(rand(25))}`) - BigInt(rand(2)));
    const frac = rand(2) ? `.${digits(1 + rand(20))}` : '';
    const exp = rand(3) === 0 ? `e${rand(2) ? '-' : ''}${rand(400)}` : '';
    const text = `${rand(2) ? '-' : ''}${int}${frac}${exp}`;
    const got = form.verifyInto(text);
    const isInteger = frac === '' && exp === '';
    if (typeof got === 'number') {
      assert.ok(Number.isFinite(got), text);
      if (isInteger) assert.ok(Number.isSafeInteger(got), text);
      const [s1, d1, e1] = decimal(text);
      const [s2, d2, e2] = decimal(got.toExponential());
      assert.deepEqual([d1 === '' ? '' : s1, d1, e1], [d2 === '' ? '' : s2, d2, e2], `${text} became ${got}`);
    } else if (typeof got === 'bigint') {
      assert.ok(isInteger && !Number.isSafeInteger(Number(text)), text);
      assert.equal(got, BigInt(text));
    } else {
      decimals += 1;
      assert.ok(got instanceof Decimal, text);
      assert.equal(got.text, text);
      const n = Number(text);
      const [, d1, e1] = decimal(text);
      const exact = Number.isFinite(n) && (() => {
        const [, d2, e2] = decimal(Math.abs(n).toExponential());
        return d1 === d2 && e1 === e2;
      })();
      assert.ok(!exact || (isInteger && !Number.isSafeInteger(n)), `${text} is exact as ${n}, yet a Decimal`);
    }
  }
  assert.ok(decimals > 100, `the generator reaches Decimals (${decimals})`);
});

test('verifyInto gives every string exactly: ASCII, Latin-1, other BMP and astral text', async () => {
  const form = new Form('{"type":"array","items":{"type":"string"}}', { maxBytes: 1 << 20 });
  // The addon makes the text it hands JSON.parse in three ways (src/text.rs); each edge
  // of each way, at every offset within an eight-byte word.
  const pieces = ['a', '\u007f', '\u0080', '\u00e9', '\u00ff', '\u0100', '\u6f22', '\uffff', '\u{1f600}', '\\u00e9', '\\"', '\\\\'];
  let seed = 7;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const bodies = [];
  for (const p of pieces) {
    for (let pad = 0; pad < 9; pad++) bodies.push(`["${'x'.repeat(pad)}${p}${'y'.repeat(8 - pad)}"]`);
  }
  for (let n = 0; n < 300; n++) {
    const items = [];
    const count = 1 + next(4);
    for (let k = 0; k < count; k++) {
      let s = '';
      const length = next(40);
      // Mostly ASCII, as real bodies are; sometimes one of the other pieces.
      for (let i = 0; i < length; i++) s += next(6) === 0 ? pieces[next(pieces.length)] : String.fromCharCode(32 + next(90)).replace(/["\\]/, '.');
      items.push(`"${s}"`);
    }
    bodies.push(`[${items.join(',')}]`);
  }
  for (const text of bodies) {
    const expected = JSON.parse(text);
    assert.deepEqual(form.verifyInto(Buffer.from(text, 'utf8')), expected, text);
    assert.deepEqual(form.verifyInto(text), expected, text);
  }
  // verifyIntoAsync above ASYNC_AT makes its text from its own copy of the body.
  for (const p of ['\u00e9', '\u6f22', '\u{1f600}', 'z']) {
    const text = `["${p.repeat(fg.ASYNC_AT)}", "${p}"]`;
    assert.deepEqual(await form.verifyIntoAsync(Buffer.from(text, 'utf8')), JSON.parse(text));
  }
});

test('the async methods give the sync verdicts, below and above ASYNC_AT', async () => {
  const form = new Form(OBJECT);
  assert.equal(fg.ASYNC_AT, 16384);
  const pad = ' '.repeat(fg.ASYNC_AT);
  for (const [body, verdict] of [
    ['{"n":1}', 'accept'],
    [`{"n":1${pad}}`, 'accept'],
    ['{"n":1,"x":2}', 'additionalProperties'],
    [`{"n":1,${pad}"x":2}`, 'additionalProperties'],
  ]) {
    if (verdict === 'accept') {
      await form.verifyAsync(body);
      assert.deepEqual(await form.verifyIntoAsync(Buffer.from(body)), { n: 1 });
    } else {
      await assert.rejects(form.verifyAsync(body), (e) => e instanceof Rejection && e.keyword === verdict);
      await assert.rejects(form.verifyIntoAsync(body), (e) => e instanceof Rejection && e.keyword === verdict);
    }
  }
  const big = `{"n":9007199254740993${pad}}`;
  assert.deepStrictEqual(await form.verifyIntoAsync(big), { n: 9007199254740993n });
  await assert.rejects(form.verifyIntoAsync(`{"n":1e400${pad}}`, { numbers: 'number' }), (e) => e.kind === 'unrepresentable');
  // The body may change once the call has returned: the task reads a copy.
  const bytes = Buffer.from(`{"n":1${pad}}`);
  const pending = form.verifyAsync(bytes);
  bytes.fill(0x78);
  await pending;
});

test('publish: the GET body with s equal to schemaJson, and its ETag', () => {
  const form = new Form(OBJECT);
  const { body, etag } = form.publish('Say a number.', [{ role: 'user', content: 'seven' }, ['assistant', 'ok']]);
  assert.ok(Buffer.isBuffer(body));
  const parsed = JSON.parse(body.toString('utf8'));
  assert.deepEqual(parsed.m, [{ role: 'user', content: 'seven' }, { role: 'assistant', content: 'ok' }]);
  assert.equal(parsed.p, 'Say a number.');
  assert.ok(body.toString('utf8').includes(`"s":${form.schemaJson}`));
  assert.match(etag, /^"fg-[0-9a-f]+"$/);
  assert.equal(form.publish('Say a number.', [{ role: 'user', content: 'seven' }, ['assistant', 'ok']]).etag, etag);
  assert.notEqual(form.publish('Say another.').etag, etag);
  assert.throws(() => form.publish('p', [{ role: 'user' }]), /message 0/);
  assert.throws(() => form.publish('p', [{ role: 'user', content: 'a', extra: 1 }]), /members other than/);
  assert.throws(() => form.publish('p', ['user', 'a']), /message 0/);
  assert.throws(() => form.publish('p', 'user'), /not a single string/);
  assert.throws(() => form.publish(1), TypeError);
});

test('check: strict JSON alone', () => {
  check('{"a":[1,2,{"b":null}]}');
  assert.throws(() => check('{"a":1,"\\u0061":2}'), (e) => e.kind === 'malformed' && e.reason === 'duplicate-key' && e.offset === 7);
  assert.throws(() => check('[[[]]]', { maxDepth: 2 }), (e) => e.reason === 'too-deep' && e.limit === 2);
  assert.throws(() => check('[1,2]', { maxBytes: 3 }), (e) => e.kind === 'too-large' && e.limit === 3);
});

test('a Form is frozen, and its inspection shows the dialect and limits', () => {
  const form = new Form('true');
  assert.ok(Object.isFrozen(form));
  assert.match(require('node:util').inspect(form), /dialect: '2020-12', maxBytes: 1048576, maxDepth: 128/);
  assert.equal(typeof fg.version, 'string');
});

test('resources: a $ref reaches a document given beside the form, bundled into schemaJson', () => {
  const money = 'https://example.com/money.json';
  const schema = `{"type":"object","properties":{"price":{"$ref":"${money}"},"code":{"$ref":"https://example.com/code.json"}}}`;
  const form = new Form(schema, {
    resources: { [money]: '{"type":"integer","minimum":0}', 'https://example.com/code.json': Buffer.from('{"type":"string","maxLength":2}') },
  });
  assert.equal(form.isValid('{"price":3,"code":"ab"}'), true);
  assert.equal(form.isValid('{"price":-1}'), false);
  assert.equal(form.isValid('{"code":"abc"}'), false);
  const alone = new Form(form.schemaJson);
  assert.equal(alone.schemaJson, form.schemaJson);
  assert.equal(alone.isValid('{"price":-1}'), false);

  const unregistered = (() => { try { new Form(schema); } catch (e) { return e; } })();
  assert.ok(unregistered instanceof FormError);
  assert.equal(unregistered.kind, 'remote-ref');
  assert.match(unregistered.message, /https:\/\/example\.com\/money\.json/);
  assert.equal(unregistered.resource, null);

  const located = (() => {
    try { new Form(`{"$ref":"${money}"}`, { resources: { [money]: '{"minimum":"0"}' } }); } catch (e) { return e; }
  })();
  assert.ok(located instanceof FormError);
  assert.deepEqual([located.resource, located.pointer, located.keyword, located.offset], [money, '/minimum', 'minimum', 1]);
});

test('formatPatterns: formats of the owner\'s, matched on the whole string', () => {
  const schema = '{"type":"object","properties":{"topic":{"type":"string","format":"topic"}}}';
  const form = new Form(schema, { formatPatterns: { topic: '[a-z]+(/[a-z]+)*' } });
  assert.ok(form.isValid('{"topic":"news/sport"}'));
  assert.ok(!form.isValid('{"topic":"news/"}'));
  assert.ok(!form.isValid('{"topic":"x news"}'));
  assert.match(form.schemaJson, /"format":"topic"/);
  const kind = (options) => { try { new Form(schema, options); } catch (e) { return e.kind; } return null; };
  assert.equal(kind({}), 'unsupported-format');
  assert.equal(kind({ formatPatterns: { topic: '(a' } }), 'format-definition');
  assert.equal(kind({ formatPatterns: { email: '.+' } }), 'format-definition');
  assert.throws(() => new Form(schema, { formatPatterns: { topic: 1 } }), TypeError);
  assert.throws(() => new Form(schema, { formatPatterns: ['a'] }), TypeError);
});
