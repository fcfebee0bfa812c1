#!/usr/bin/env node
/**
 * formgate against the usual Node.js stack, side by side in one process.
 *
 * On the three bodies of the Rust benchmark (benches/inputs.rs: 279 bytes, 19 KB and
 * 1 MB), each given as a Buffer of the body's bytes, as an HTTP server receives them:
 *
 * - `verify`: `form.verify(buf)` (strict parse and validation in one pass);
 * - `ajv`: `JSON.parse(buf.toString('utf8'))`, then a compiled Ajv 8 validator
 *   (`new Ajv2020({strict: true, allErrors: false})`, `addFormats(ajv)` from
 *   ajv-formats, so that `date` and `date-time` are asserted as formgate asserts them);
 * - `parse`: `JSON.parse(buf.toString('utf8'))` alone, for scale;
 * - `verifyInto`: `form.verifyInto(buf)` (the value, numbers exact), against `ajv`.
 *
 * The bench forms have no `$schema`; formgate reads such a form as 2020-12 (its default
 * dialect), so Ajv's 2020-12 class (`ajv/dist/2020`) is used. Ajv's strict mode accepts
 * every keyword of the bench forms: no strict sub-option is relaxed.
 *
 * Every verdict is checked before timing: both formgate and Ajv must admit each body
 * (and, on the small body, both must refuse a priority out of range and an impossible
 * date, so that neither is timed with a constraint or a format switched off).
 *
 * Each run times every contender on every body in ten interleaved batches of about
 * 20 ms each (per-call mean), so that a drift in the machine's speed touches all
 * contenders alike, and takes each ratio (baseline time / formgate time) within the
 * run. The tables give the median over the runs, the ratios with their min–max.
 *
 *     cd node && npm install            # builds formgate.node; ajv, ajv-formats
 *     node bench/bench.js [--runs 5] [--inputs DIR] [--json FILE]
 *
 * Without `--inputs` the script writes the bodies into a temporary directory with
 * `cargo run --release -p formgate-bench --example dump_inputs -- DIR` (run from the
 * repository's root, as python/bench/bench.py does). `--json FILE` writes the raw
 * per-run times and the ratios.
 */
'use strict';

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { parseArgs } = require('node:util');

const Ajv2020 = require('ajv/dist/2020');
const addFormats = require('ajv-formats');

const { Form } = require('..');

const CASES = ['small', 'medium', 'large'];
const ROOT = path.resolve(__dirname, '..', '..');
const ROUNDS = 10;
const BATCH_SECONDS = 0.02;

/** Goals: the least median ratio (baseline / formgate) wanted, per comparison and body. */
const GOALS = {
  'verify vs JSON.parse+Ajv': { small: 1, medium: 3, large: 3 },
  'verifyInto vs JSON.parse+Ajv': { small: 1, medium: 1, large: 1 },
};

const USAGE = `usage: node bench/bench.js [--runs N] [--inputs DIR] [--json FILE]

  --runs N      runs, each timing every contender on every body (default 5)
  --inputs DIR  a directory written by the dump_inputs example (default: run it)
  --json FILE   also write the raw results as JSON`;

/** Keeps every result alive, so that no call can be optimized away. */
let sink;

function now() {
  return Number(process.hrtime.bigint()) / 1e9;
}

/** Seconds spent on `n` calls of `fn(arg)`. */
function batch(fn, arg, n) {
  const started = now();
  for (let i = 0; i < n; i++) sink = fn(arg);
  return now() - started;
}

/** How many calls take about `target` seconds (this also warms the contender up). */
function calibrate(fn, arg, target) {
  let n = 1;
  for (;;) {
    const elapsed = batch(fn, arg, n);
    if (elapsed >= target / 4) return Math.max(1, Math.floor((n * target) / elapsed));
    n *= 2;
  }
}

/** Mean seconds per call of each contender on `arg`, in `rounds` interleaved batches of
 * about 20 ms each, so that a drift in the machine's speed touches all contenders alike
 * rather than whichever was timed last. */
function perCall(contenders, arg, rounds = ROUNDS) {
  const names = Object.keys(contenders);
  const counts = {};
  const spent = {};
  for (const name of names) {
    counts[name] = calibrate(contenders[name], arg, BATCH_SECONDS);
    spent[name] = 0;
  }
  for (let r = 0; r < rounds; r++) {
    for (const name of names) spent[name] += batch(contenders[name], arg, counts[name]);
  }
  const out = {};
  for (const name of names) out[name] = spent[name] / (rounds * counts[name]);
  return out;
}

function dumpInputs(directory) {
  const args = ['run', '-q', '--release', '-p', 'formgate-bench', '--example', 'dump_inputs', '--', directory];
  const r = spawnSync(process.env.CARGO || 'cargo', args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.error) throw new Error(`could not run cargo (${r.error.message}); pass --inputs DIR instead`);
  if (r.status !== 0) throw new Error(`cargo ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

function readInputs(directory) {
  const out = {};
  for (const name of CASES) {
    out[name] = {
      schema: fs.readFileSync(path.join(directory, `${name}.form.json`), 'utf8'),
      body: fs.readFileSync(path.join(directory, `${name}.body.json`)),
    };
  }
  return out;
}

function compileAjv(schema) {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  addFormats(ajv);
  return ajv.compile(JSON.parse(schema));
}

/** formgate's and Ajv's verdicts on `body`, each `true` (admitted) or `false`. */
function verdicts(form, validate, body) {
  let verified = true;
  try {
    form.verify(body);
  } catch (e) {
    if (e.name !== 'Rejection') throw e;
    verified = false;
  }
  assert.equal(form.isValid(body), verified, 'isValid agrees with verify');
  let parsed;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { formgate: verified, ajv: false };
  }
  return { formgate: verified, ajv: validate(parsed) };
}

/** Checks every verdict before timing; fails loudly otherwise. */
function checkVerdicts(name, form, validate, body) {
  const v = verdicts(form, validate, body);
  if (!v.formgate || !v.ajv) {
    throw new Error(
      `${name}: the admitted body is refused (formgate ${v.formgate ? 'admits' : 'refuses'} it, ` +
        `Ajv ${v.ajv ? 'admits' : 'refuses'} it: ${JSON.stringify(validate.errors)})`,
    );
  }
  assert.deepStrictEqual(form.verifyInto(body), JSON.parse(body.toString('utf8')), `${name}: verifyInto's value`);
}

/** On the small body: both refuse a constraint broken and a format broken. */
function checkRefusals(form, validate, body) {
  const text = body.toString('utf8');
  for (const [from, to] of [
    ['"priority":2', '"priority":9'],
    ['"due":"2026-12-14"', '"due":"2026-02-30"'],
  ]) {
    const bad = Buffer.from(text.replace(from, to), 'utf8');
    assert.notDeepStrictEqual(bad, body, `the small body holds ${from}`);
    const v = verdicts(form, validate, bad);
    if (v.formgate || v.ajv) {
      throw new Error(`small with ${to}: formgate ${v.formgate ? 'admits' : 'refuses'} it, Ajv ${v.ajv ? 'admits' : 'refuses'} it`);
    }
  }
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function show(seconds) {
  const micros = seconds * 1e6;
  return micros < 1000
    ? `${micros.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} µs`
    : `${micros.toLocaleString('en-US', { maximumFractionDigits: 0 })} µs`;
}

function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        runs: { type: 'string', default: '5' },
        inputs: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    console.error(`${e.message}\n${USAGE}`);
    process.exit(2);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const runs = Number(values.runs);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    console.error(`--runs must be a positive integer, not ${values.runs}\n${USAGE}`);
    process.exit(2);
  }

  let directory = values.inputs;
  let scratch = null;
  if (directory === undefined) {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'formgate-bench-'));
    directory = scratch;
    dumpInputs(directory);
  }
  let cases;
  try {
    cases = readInputs(directory);
  } finally {
    if (scratch !== null) fs.rmSync(scratch, { recursive: true, force: true });
  }

  const contenders = {};
  for (const name of CASES) {
    const { schema, body } = cases[name];
    const form = new Form(schema);
    const validate = compileAjv(schema);
    checkVerdicts(name, form, validate, body);
    if (name === 'small') checkRefusals(form, validate, body);
    contenders[name] = {
      verify: (buf) => form.verify(buf),
      ajv: (buf) => validate(JSON.parse(buf.toString('utf8'))),
      parse: (buf) => JSON.parse(buf.toString('utf8')),
      verifyInto: (buf) => form.verifyInto(buf),
    };
  }

  const results = [];
  for (let run = 0; run < runs; run++) {
    const times = {};
    for (const name of CASES) {
      for (const [who, seconds] of Object.entries(perCall(contenders[name], cases[name].body))) {
        times[`${name}/${who}`] = seconds;
      }
    }
    results.push(times);
    console.error(
      `run ${run + 1}: ` +
        Object.entries(times)
          .map(([k, v]) => `${k} ${show(v)}`)
          .join(', '),
    );
  }

  const med = (key) => median(results.map((r) => r[key]));
  const ratios = (baseline, ours) => results.map((r) => r[baseline] / r[ours]);
  const ratio = (baseline, ours) => {
    const xs = ratios(baseline, ours);
    return `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  };
  const size = (name) => `${name} (${cases[name].body.length.toLocaleString('en-US')} bytes)`;

  const date = new Date().toISOString();
  console.log(`Node ${process.version}, Ajv ${require('ajv/package.json').version}, ${os.cpus().length} CPUs, ${date}.`);
  console.log(`Medians of ${runs} runs; ratios are the baseline's time over formgate's, within each run (min–max).\n`);
  console.log('| body | formgate `verify` | JSON.parse + Ajv | × (range) | JSON.parse alone | × (range) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const name of CASES) {
    console.log(
      `| ${size(name)} | ${show(med(`${name}/verify`))} | ${show(med(`${name}/ajv`))} | ` +
        `${ratio(`${name}/ajv`, `${name}/verify`)} | ${show(med(`${name}/parse`))} | ` +
        `${ratio(`${name}/parse`, `${name}/verify`)} |`,
    );
  }
  console.log();
  console.log('| body | formgate `verifyInto` | JSON.parse + Ajv | × (range) |');
  console.log('|---|---:|---:|---:|');
  for (const name of CASES) {
    console.log(
      `| ${size(name)} | ${show(med(`${name}/verifyInto`))} | ${show(med(`${name}/ajv`))} | ` +
        `${ratio(`${name}/ajv`, `${name}/verifyInto`)} |`,
    );
  }
  console.log();
  const goals = [];
  for (const [comparison, least] of Object.entries(GOALS)) {
    const ours = comparison.startsWith('verifyInto') ? 'verifyInto' : 'verify';
    for (const name of CASES) {
      const got = median(ratios(`${name}/ajv`, `${name}/${ours}`));
      const holds = got >= least[name];
      goals.push({ comparison, body: name, goal: least[name], median: got, holds });
      console.log(`- ${comparison}, ${name}: ${got.toFixed(2)}× (goal ≥ ${least[name]}×): ${holds ? 'holds' : 'FAILS'}`);
    }
  }

  if (values.json !== undefined) {
    const report = {
      date,
      node: process.version,
      v8: process.versions.v8,
      ajv: require('ajv/package.json').version,
      ajvFormats: require('ajv-formats/package.json').version,
      formgate: require('../package.json').version,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      cpus: os.cpus().map((c) => c.model),
      rounds: ROUNDS,
      batchSeconds: BATCH_SECONDS,
      bytes: Object.fromEntries(CASES.map((n) => [n, cases[n].body.length])),
      // Seconds per call, one object per run, keyed body/contender.
      runs: results,
      medians: Object.fromEntries(Object.keys(results[0]).map((k) => [k, med(k)])),
      goals,
    };
    fs.writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
  }
  if (sink === Symbol.for('never')) console.log(sink);
}

main();
