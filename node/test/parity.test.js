// Verdict parity with the Rust crate and the Python package: the case files their tests
// read (tests/data/verdicts.json, tests/data/parse_errors.txt). Every failure is
// collected before one assertion, so a run names all of them.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { Form, FormError, Rejection, check } = require('..');
const { verdictCases, caseBody, caseOptions, parseCorpus } = require('./helpers');

function seenRejection(e) {
  assert.ok(e instanceof Rejection, `not a Rejection: ${e}`);
  const seen = { kind: e.kind, offset: e.offset, pointer: e.pointer };
  for (const [name, key] of [['formPointer', 'form_pointer'], ['reason', 'reason'], ['limit', 'limit'], ['applicator', 'applicator']]) {
    if (e[name] !== null) seen[key] = e[name];
  }
  return seen;
}

function verdict(call) {
  try {
    call();
  } catch (e) {
    return seenRejection(e);
  }
  return 'accept';
}

/** Deep equality with keys in any order. */
function same(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

test('every case of tests/data/verdicts.json gets the crate\'s verdict', async () => {
  const cases = verdictCases();
  assert.ok(cases.length >= 40, 'the shared file was read');
  const failures = [];
  for (const c of cases) {
    let form;
    try {
      form = new Form(c.form, caseOptions(c.options));
    } catch (e) {
      if (!(e instanceof FormError)) throw e;
      const expected = c.form_error;
      if (!expected) {
        failures.push(`${c.name}: the form does not compile: ${e.message}`);
        continue;
      }
      const seen = {};
      for (const k of Object.keys(expected)) seen[k] = e[k];
      if (!same(seen, expected)) failures.push(`${c.name}: form error ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`);
      continue;
    }
    if (c.form_error) {
      failures.push(`${c.name}: the form compiled, expected ${JSON.stringify(c.form_error)}`);
      continue;
    }
    const bytes = caseBody(c.body);
    const calls = [
      ['verify(Buffer)', () => form.verify(bytes)],
      ['verify(Uint8Array)', () => form.verify(new Uint8Array(bytes))],
      ['verifyInto', () => form.verifyInto(bytes)],
      ['verifyInto(number)', () => form.verifyInto(bytes, { numbers: 'number' })],
    ];
    if (!Array.isArray(c.body)) calls.push(['verify(string)', () => form.verify(c.body)]);
    for (const [via, call] of calls) {
      const seen = verdict(call);
      if (!same(seen, c.verdict)) failures.push(`${c.name}: ${via} gives ${JSON.stringify(seen)}, expected ${JSON.stringify(c.verdict)}`);
    }
    for (const [via, call] of [['verifyAsync', () => form.verifyAsync(bytes)], ['verifyIntoAsync', () => form.verifyIntoAsync(bytes)]]) {
      let seen = 'accept';
      try {
        await call();
      } catch (e) {
        seen = seenRejection(e);
      }
      if (!same(seen, c.verdict)) failures.push(`${c.name}: ${via} gives ${JSON.stringify(seen)}, expected ${JSON.stringify(c.verdict)}`);
    }
    if (form.isValid(bytes) !== (c.verdict === 'accept')) failures.push(`${c.name}: isValid disagrees with ${JSON.stringify(c.verdict)}`);
  }
  assert.deepEqual(failures, []);
});

/** `DuplicateKey` → `duplicate-key`, the stable name of the rule. */
function kindName(variant) {
  return variant.replace(/(?<!^)(?=[A-Z])/g, '-').toLowerCase();
}

function limitsOf(text) {
  if (text === '-') return {};
  const names = { bytes: 'maxBytes', depth: 'maxDepth' };
  return Object.fromEntries(text.split(',').map((part) => {
    const [k, v] = part.split('=');
    return [names[k], Number(v)];
  }));
}

test('the strict-parse corpus gets the crate\'s verdicts through check', () => {
  const failures = [];
  let run = 0;
  for (const c of parseCorpus()) {
    run += 1;
    let seen = 'ok';
    try {
      check(c.body, limitsOf(c.limits));
    } catch (e) {
      assert.ok(e instanceof Rejection);
      seen = [e.kind === 'too-large' ? e.kind : e.reason, e.offset];
    }
    const wanted = c.expect === 'ok' ? 'ok' : [kindName(c.expect), Number(c.offset)];
    if (!same(seen, wanted)) failures.push(`${c.name}: check gives ${JSON.stringify(seen)}, expected ${JSON.stringify(wanted)}`);
  }
  assert.ok(run > 100, `the corpus was read (${run} cases)`);
  assert.deepEqual(failures, []);
});

test('verifyInto equals JSON.parse on every strict body whose numbers a double holds exactly', () => {
  const form = new Form('true', { maxBytes: 1 << 20, maxDepth: 1000 });
  const failures = [];
  let accepted = 0;
  for (const c of parseCorpus()) {
    if (c.limits !== '-') continue;
    let strict = true;
    try {
      check(c.body, { maxDepth: 1000 });
    } catch {
      strict = false;
    }
    if (form.isValid(c.body) !== strict) {
      failures.push(`${c.name}: isValid ${!strict}, check ${strict}`);
      continue;
    }
    if (!strict) {
      assert.throws(() => form.verifyInto(c.body), Rejection, c.name);
      continue;
    }
    accepted += 1;
    const expected = JSON.parse(c.body.toString('utf8'));
    // 'number': JSON.parse's own rounding, unless a number overflows a double.
    let got;
    try {
      got = form.verifyInto(c.body, { numbers: 'number' });
    } catch (e) {
      if (!(e instanceof Rejection) || e.kind !== 'unrepresentable' || !JSON.stringify(expected).includes('null')) {
        failures.push(`${c.name}: verifyInto(number) threw ${e}`);
      }
      continue;
    }
    if (!same(got, expected)) failures.push(`${c.name}: verifyInto(number) gives ${JSON.stringify(got)}, JSON.parse ${JSON.stringify(expected)}`);
  }
  assert.ok(accepted > 20, `the corpus has accepted bodies (${accepted})`);
  assert.deepEqual(failures, []);
});
