#!/usr/bin/env node
// Regenerates libs/contracts/src/generated from protos/ with proto-loader-gen-types, using the
// same loader options as the runtime (libs/contracts/src/proto.ts). `--check` fails on a diff.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const out = path.join(root, 'libs/contracts/src/generated');
const protos = [];
(function walk(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name.endsWith('.proto')) protos.push(path.relative(path.join(root, 'protos'), p));
  }
})(path.join(root, 'protos'));
protos.sort();

const check = process.argv.includes('--check');
const target = check ? fs.mkdtempSync(path.join(os.tmpdir(), 'herald-gen-')) : out;
if (!check) fs.rmSync(out, { recursive: true, force: true });
execFileSync(
  path.join(root, 'node_modules/.bin/proto-loader-gen-types'),
  ['--keepCase', '--longs=String', '--enums=String', '--defaults', '--oneofs', '--grpcLib=@grpc/grpc-js',
   '--includeDirs', path.join(root, 'protos'), '--outDir', target, ...protos],
  { stdio: 'inherit', cwd: path.join(root, 'protos') },
);
// proto-loader-gen-types writes the absolute proto path into each file; keep it repo-relative.
(function relativize(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) relativize(p);
    else fs.writeFileSync(p, fs.readFileSync(p, 'utf8').split(root + path.sep).join(''));
  }
})(target);
if (check) {
  try {
    execFileSync('diff', ['-r', out, target], { stdio: 'inherit' });
  } catch {
    console.error('libs/contracts/src/generated is out of date: run `npm run gen:protos` and commit the result.');
    process.exit(1);
  }
  fs.rmSync(target, { recursive: true, force: true });
  console.log('generated gRPC types are up to date');
}
