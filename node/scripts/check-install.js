#!/usr/bin/env node
// Checks that the package installed in the current directory's node_modules is a
// working formgate: run from a project that installed the `npm pack` tarball (.ci/run
// does). It loads the package the way that project would, from that project's
// node_modules (not this repository's), and holds it to a few verdicts that only the
// native engine gives: a duplicate member name refused, an integer beyond 2^53 kept
// exact, a rejection named by its pointer.
'use strict';

const assert = require('node:assert/strict');
const { createRequire } = require('node:module');
const path = require('node:path');

const project = process.cwd();
const requireHere = createRequire(path.join(project, 'package.json'));
const where = requireHere.resolve('formgate');
const installed = path.join(project, 'node_modules', 'formgate') + path.sep;
assert.ok(where.startsWith(installed), `formgate resolved to ${where}, not under ${installed}`);

const { Form, Rejection, check } = requireHere('formgate');
const form = new Form('{"type":"object","properties":{"n":{"type":"integer","maximum":5}},"additionalProperties":false}');
assert.equal(form.isValid('{"n":5}'), true);
assert.equal(form.isValid('{"n":1,"n":2}'), false);
assert.equal(form.isValid('{"n":5,"extra":true}'), false);
assert.throws(() => form.verify('{"n":6}'), (e) => e instanceof Rejection && e.keyword === 'maximum' && e.pointer === '/n');
const open = new Form('{"type":"object"}');
assert.equal(open.verifyInto('{"n":9007199254740993}').n, 9007199254740993n);
assert.throws(() => check('{"a":1}x'));
requireHere('formgate/express');
requireHere('formgate/fastify');
requireHere('formgate/hono');
console.log(`formgate: the installed package (${path.relative(project, where)}) gives the engine's verdicts`);
