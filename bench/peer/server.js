// boardgame.io's own server (Koa, its lobby API and its socket.io transport)
// serving the counter game, for naumachia-bench-load (docs/performance.md).
//
// usage: node server.js [--store memory|flatfile] [--dir DIR] [--cert PEM --key PEM]
//   --store  memory (boardgame.io's InMemory, the default) or flatfile
//            (its FlatFile store, node-persist files in DIR)
//   --cert, --key  serve HTTPS and secure WebSockets, as naumachia does
// Listens on 127.0.0.1 on a port of the system's choosing and prints one line
// "listening on wss://127.0.0.1:PORT" (or ws:// without TLS) on stdout.
'use strict';
// As deployed: boardgame.io then neither logs each move on stdout nor checks
// that every move's result is serialisable (set before it is loaded).
process.env.NODE_ENV = 'production';
const fs = require('fs');
const { Server, FlatFile } = require('boardgame.io/server');
const { Counter } = require('./game');

function parse(argv) {
  const o = { store: 'memory' };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} wants a value`);
      return argv[++i];
    };
    if (a === '--store') o.store = value();
    else if (a === '--dir') o.dir = value();
    else if (a === '--cert') o.cert = value();
    else if (a === '--key') o.key = value();
    else throw new Error(`unknown option '${a}'`);
  }
  if (o.store !== 'memory' && o.store !== 'flatfile') throw new Error(`unknown store '${o.store}'`);
  if (o.store === 'flatfile' && !o.dir) throw new Error('--store flatfile wants --dir');
  if (!o.cert !== !o.key) throw new Error('--cert and --key go together');
  return o;
}

async function main() {
  const o = parse(process.argv.slice(2));
  const https = o.cert ? { cert: fs.readFileSync(o.cert), key: fs.readFileSync(o.key) } : undefined;
  const db = o.store === 'flatfile' ? new FlatFile({ dir: o.dir }) : undefined;
  const server = Server({ games: [Counter], db, https, origins: [] });
  // koa-socket-2 makes app.listen listen on all interfaces; the benchmark's
  // server listens on the loopback only.
  const listen = server.app.listen;
  server.app.listen = (port, callback) => listen.call(server.app, port, '127.0.0.1', callback);
  const { appServer } = await server.run({ port: 0 });
  const scheme = https ? 'wss' : 'ws';
  process.stdout.write(`listening on ${scheme}://127.0.0.1:${appServer.address().port}\n`);
  const stop = () => {
    appServer.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e) => {
  process.stderr.write(`${e.stack || e}\n`);
  process.exit(1);
});
