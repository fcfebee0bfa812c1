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

// In the repository, Cargo.toml's `formgate = { path = ".." }` is the crate one folder
// up. Installed from the npm tarball there is no such crate; the tarball carries it in
// vendor/formgate (scripts/vendor.js), and the installed copy's manifest is pointed
// there before the build. Only an installed copy is ever rewritten: in the repository
// the crate is found one folder up and nothing changes.
const besideIsCrate = (() => {
  try {
    const text = fs.readFileSync(path.join(root, '..', 'Cargo.toml'), 'utf8');
    return /^\[package\]\s*\nname = "formgate"\s*$/m.test(text);
  } catch {
    return false;
  }
})();
const vendored = path.join(root, 'vendor', 'formgate');
if (!besideIsCrate) {
  if (!fs.existsSync(path.join(vendored, 'Cargo.toml'))) {
    console.error(
      'formgate: neither the formgate crate one folder up nor vendor/formgate is here; ' +
        'build in the repository\'s node/, or install the tarball that `npm pack` makes',
    );
    process.exit(1);
  }
  const manifest = path.join(root, 'Cargo.toml');
  const text = fs.readFileSync(manifest, 'utf8');
  const from = 'formgate = { path = ".." }';
  const to = 'formgate = { path = "vendor/formgate" }';
  if (!text.includes(to)) {
    if (!text.includes(from)) {
      console.error(`formgate: ${manifest} has no \`${from}\` line to point at vendor/formgate`);
      process.exit(1);
    }
    fs.writeFileSync(manifest, text.replace(from, to));
  }
}

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
