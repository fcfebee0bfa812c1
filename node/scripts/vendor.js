#!/usr/bin/env node
// The npm tarball's copy of the engine. In the repository, node/Cargo.toml depends on
// the formgate crate one folder up (`path = ".."`); a tarball installed elsewhere has no
// such folder. So `npm pack` (this package's `prepack` script) puts the crate, exactly
// as `cargo package` would ship it to crates.io, under `vendor/formgate/`, and
// scripts/build.js builds against that copy when the repository is not there.
// `postpack` (`--clean`) removes it again: the vendored copy is never committed.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const repo = path.resolve(root, '..');
const vendor = path.join(root, 'vendor');
const license = path.join(root, 'LICENSE');

function fail(message) {
  console.error(`formgate: ${message}`);
  process.exit(1);
}

function clean() {
  fs.rmSync(vendor, { recursive: true, force: true });
  fs.rmSync(license, { force: true });
}

if (process.argv.includes('--clean')) {
  clean();
  process.exit(0);
}

// The crate's version, from the repository's manifest: the .crate file is named by it.
const manifest = path.join(repo, 'Cargo.toml');
const text = fs.existsSync(manifest) ? fs.readFileSync(manifest, 'utf8') : '';
const pkg = /^\[package\]\s*\nname = "formgate"\s*\nversion = "([^"]+)"/m.exec(text);
if (!pkg) fail(`${manifest} is not the formgate crate's manifest; npm pack runs in the repository's node/`);
const version = pkg[1];

const cargo = process.env.CARGO || 'cargo';
// --no-verify: .ci/run builds the packaged crate on its own already (cargo package);
// --allow-dirty: node/node_modules and the build outputs are not the crate's concern.
const packaged = spawnSync(
  cargo,
  ['package', '-p', 'formgate', '--no-verify', '--allow-dirty', '--manifest-path', manifest],
  { stdio: 'inherit' },
);
if (packaged.error) fail(`could not run ${cargo} (${packaged.error.message})`);
if (packaged.status !== 0) process.exit(packaged.status ?? 1);

const targetDir = process.env.CARGO_TARGET_DIR
  ? path.resolve(process.env.CARGO_TARGET_DIR)
  : path.join(repo, 'target');
const crate = path.join(targetDir, 'package', `formgate-${version}.crate`);
if (!fs.existsSync(crate)) fail(`cargo packaged, but ${crate} is not there`);

clean();
fs.mkdirSync(vendor);
// A .crate file is a gzipped tar of `formgate-VERSION/`.
const unpacked = spawnSync('tar', ['-xzf', crate, '-C', vendor], { stdio: 'inherit' });
if (unpacked.error) fail(`could not run tar (${unpacked.error.message})`);
if (unpacked.status !== 0) fail(`tar could not unpack ${crate}`);
fs.renameSync(path.join(vendor, `formgate-${version}`), path.join(vendor, 'formgate'));
const vendoredManifest = path.join(vendor, 'formgate', 'Cargo.toml');
if (!fs.existsSync(vendoredManifest)) fail(`${crate} has no Cargo.toml`);
// The crate's dev-dependencies serve its own tests, which the .crate does not carry; left
// in, cargo would resolve them (a hundred crates, the jsonschema baseline among them)
// into the installed copy's lock file. Every `[dev-dependencies...]` table of the
// packaged manifest, target-specific ones too, is dropped; nothing else changes.
const lines = fs.readFileSync(vendoredManifest, 'utf8').split('\n');
let inDev = false;
const kept = lines.filter((line) => {
  if (line.startsWith('[')) inDev = /^\[(target\..+\.)?dev-dependencies(\.|\])/.test(line);
  return !inDev;
});
fs.writeFileSync(vendoredManifest, kept.join('\n'));
fs.copyFileSync(path.join(repo, 'LICENSE'), license);
console.log(`formgate: vendored formgate ${version} into ${path.relative(process.cwd(), vendor) || vendor}`);
