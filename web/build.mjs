// Builds the web client into the files the server embeds (server/CMakeLists.txt
// runs it): the protocol's messages as static code generated from
// proto/naumachia.proto by protobufjs's pbjs (no reflection, no eval: the
// page's content security policy allows none) with their types (pbts); the
// TypeScript modules type-checked by tsc and bundled with that code and
// protobufjs's minimal runtime into one minified app.js by esbuild; and every
// file the page loads also compressed (gzip and brotli), which the server
// sends to a browser that accepts it.
//
//   node web/build.mjs PROTO OUT_DIR
//
// A type error, or a failure of any step, exits non-zero with its message.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import zlib from 'node:zlib';

const web = path.dirname(fileURLToPath(import.meta.url));
const modules = path.join(web, 'node_modules');
const [proto, out] = process.argv.slice(2).map((p) => path.resolve(p));
if (!proto || !out) {
  console.error('usage: node web/build.mjs PROTO OUT_DIR');
  process.exit(2);
}
mkdirSync(out, {recursive: true});

function run(what, command, args) {
  const r = spawnSync(command, args, {stdio: 'inherit'});
  if (r.status !== 0) {
    console.error(`web client: ${what} failed${r.error ? `: ${r.error.message}` : ''}`);
    process.exit(1);
  }
}

// The messages, with comments so that pbts can write their types (esbuild
// drops the comments from the bundle). Only the encoding and the
// conversions the page uses: no verify, delimited, service or type-URL code.
const protocol = path.join(out, 'protocol.js');
run('generating the protocol code', process.execPath,
    [path.join(modules, 'protobufjs-cli/bin/pbjs'), '-t', 'static-module', '-w', 'es6', '--es6',
     '--keep-case', '--force-number', '--no-verify', '--no-delimited', '--no-service',
     '--no-typeurl', '-o', protocol, proto]);
run('generating the protocol types', process.execPath,
    [path.join(modules, 'protobufjs-cli/bin/pbts'), '-o', path.join(out, 'protocol.d.ts'), protocol]);

// The type check: web/tsconfig.json, with the generated protocol found by
// its module name and protobufjs's types found from the build directory.
const tsconfig = path.join(out, 'tsconfig.json');
writeFileSync(tsconfig, JSON.stringify({
  extends: path.join(web, 'tsconfig.json'),
  compilerOptions: {
    paths: {
      'naumachia-protocol': [path.join(out, 'protocol')],
      'protobufjs': [path.join(modules, 'protobufjs')],
      'protobufjs/*': [path.join(modules, 'protobufjs/*')],
      'long': [path.join(modules, 'long')],
    },
  },
  files: [path.join(web, 'app.ts')],
}, null, 2));
run('type-checking the web client (tsc)', path.join(modules, '.bin/tsc'), ['-p', tsconfig]);

const esbuild = await import('esbuild');
await esbuild.build({
  entryPoints: [path.join(web, 'app.ts')],
  outfile: path.join(out, 'app.js'),
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  alias: {'naumachia-protocol': protocol, 'protobufjs': path.join(modules, 'protobufjs')},
  legalComments: 'eof',
  logLevel: 'warning',
}).catch(() => process.exit(1));

for (const name of ['index.html', 'style.css']) copyFileSync(path.join(web, name), path.join(out, name));
const sizes = [];
for (const name of ['index.html', 'style.css', 'app.js']) {
  const bytes = readFileSync(path.join(out, name));
  const gzip = zlib.gzipSync(bytes, {level: 9});
  const brotli = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(path.join(out, `${name}.gz`), gzip);
  writeFileSync(path.join(out, `${name}.br`), brotli);
  sizes.push(`${name} ${bytes.length} B (gzip ${gzip.length}, brotli ${brotli.length})`);
}
console.log(`web client: ${sizes.join('; ')}`);
