#!/usr/bin/env node
// Builds the native addon from source: `cargo build --release` of this package, then
// the library copied to `formgate.node` beside index.js. Run by `npm install` (the
// package's `install` script) and by `npm run build`. Needs only cargo and the crates
// registry: nothing is downloaded prebuilt.
'use strict';

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const profile = process.env.FORMGATE_NODE_PROFILE === 'debug' ? 'debug' : 'release';
const args = ['build', '--manifest-path', path.join(root, 'Cargo.toml')];
if (profile === 'release') args.push('--release');

const cargo = process.env.CARGO || 'cargo';
const built = spawnSync(cargo, args, { stdio: 'inherit' });
if (built.error) {
  console.error(`formgate: could not run ${cargo} (${built.error.message}); install Rust from https://rustup.rs`);
  process.exit(1);
}
if (built.status !== 0) process.exit(built.status ?? 1);

// Where cargo put the library: its target directory (CARGO_TARGET_DIR or ./target).
const targetDir = process.env.CARGO_TARGET_DIR
  ? path.resolve(process.env.CARGO_TARGET_DIR)
  : path.join(root, 'target');
const names = {
  linux: 'libformgate_node.so',
  darwin: 'libformgate_node.dylib',
  win32: 'formgate_node.dll',
};
const name = names[process.platform] || 'libformgate_node.so';
const from = path.join(targetDir, profile, name);
if (!fs.existsSync(from)) {
  console.error(`formgate: cargo built, but ${from} is not there`);
  process.exit(1);
}
const to = path.join(root, 'formgate.node');
// Copy beside, then rename: a process that has the old addon loaded keeps its copy.
fs.copyFileSync(from, `${to}.tmp`);
fs.renameSync(`${to}.tmp`, to);
console.log(`formgate: built ${path.relative(process.cwd(), to) || to} (${profile})`);
