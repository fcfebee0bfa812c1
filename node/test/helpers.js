// Shared by the tests: the repository's root, and its shared case files.
'use strict';

const fs = require('node:fs');
const path = require('node:path');

/** The repository's root (node/ is one level below it). */
const root = path.resolve(__dirname, '..', '..');

/** tests/data/verdicts.json's cases, read by the crate's and the Python package's tests too. */
function verdictCases() {
  return JSON.parse(fs.readFileSync(path.join(root, 'tests', 'data', 'verdicts.json'), 'utf8')).cases;
}

/** A case's body as bytes: text, or an array of byte values. */
function caseBody(body) {
  return Array.isArray(body) ? Buffer.from(body) : Buffer.from(body, 'utf8');
}

/** A case's options in this package's spelling. */
function caseOptions(options = {}) {
  const names = { max_bytes: 'maxBytes', max_depth: 'maxDepth', default_dialect: 'defaultDialect', annotations: 'annotations' };
  const out = {};
  for (const [k, v] of Object.entries(options)) {
    if (!(k in names)) throw new Error(`a case option this test does not know: ${k}`);
    out[names[k]] = v;
  }
  return out;
}

/** tests/data/parse_errors.txt's cases: name, expect, offset, limits, input bytes. */
function parseCorpus() {
  const text = fs.readFileSync(path.join(root, 'tests', 'data', 'parse_errors.txt'), 'utf8');
  const cases = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    const [name, expect, offset, limits] = fields;
    // The input: the rest of the line after four fields, trailing whitespace dropped.
    const rest = line.replace(/^(\S+\s+){4}/, '');
    const input = fields.length > 4 ? rest.replace(/\s+$/, '') : '';
    const decoded = Buffer.concat(
      input.split(/(\\x[0-9A-Fa-f]{2})/).map((part) =>
        /^\\x[0-9A-Fa-f]{2}$/.test(part) ? Buffer.from([parseInt(part.slice(2), 16)]) : Buffer.from(part, 'utf8'),
      ),
    );
    cases.push({ name, expect, offset, limits, body: decoded });
  }
  return cases;
}

module.exports = { root, verdictCases, caseBody, caseOptions, parseCorpus };
