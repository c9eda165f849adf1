#!/usr/bin/python3
"""Loopback sinks for the notification tests: a real SMTP server (aiosmtpd,
Debian's python3-aiosmtpd) and an HTTP server that take what the naumachia
server sends and write each piece to a file of its own in --dir, for the
tests to read. Prints "port N" once it accepts connections.

  sinks.py smtp --dir DIR [--starttls CERT KEY] [--login USER:PASSWORD] [--refuse ADDRESS]
  sinks.py http --dir DIR [--fail N] [--hold FILE]

Each received mail is written as NNNN.txt: "name: value" lines (from, to,
subject, tls, login, message-id), a blank line, and the decoded text. Each
POST is written the same way (path, content-type, json: ok|invalid, and every
top-level string field of the JSON as field.NAME with newlines as \\n), then
the raw body. --fail N answers the first N POSTs with 503, --hold FILE every
POST while FILE exists.
"""
import argparse
import email
import email.policy
import http.server
import json
import os
import socket
import ssl
import sys
import threading
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Recorder:
    def __init__(self, directory):
        self.directory = directory
        self.count = 0
        self.lock = threading.Lock()

    def write(self, fields, text):
        with self.lock:
            self.count += 1
            name = os.path.join(self.directory, "%04d.txt" % self.count)
        head = "".join("%s: %s\n" % (k, str(v).replace("\n", "\\n")) for k, v in fields)
        with open(name + ".tmp", "w", encoding="utf-8") as f:
            f.write(head + "\n" + text)
        os.rename(name + ".tmp", name)


def run_smtp(args, recorder):
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    class Handler:
        async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
            if args.refuse and address == args.refuse:
                return "550 5.1.1 no such mailbox"
            envelope.rcpt_tos.append(address)
            return "250 OK"

        async def handle_DATA(self, server, session, envelope):
            msg = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
            body = msg.get_body(preferencelist=("plain",))
            text = body.get_content() if body is not None else ""
            data = getattr(session, "auth_data", None)
            login = data.decode() if isinstance(data, bytes) else ""
            fields = [
                ("from", envelope.mail_from),
                ("to", " ".join(envelope.rcpt_tos)),
                ("header-to", msg["To"]),
                ("subject", msg["Subject"]),
                ("message-id", msg["Message-ID"]),
                ("tls", "yes" if session.ssl else "no"),
                ("login", login),
            ]
            recorder.write(fields, text)
            return "250 Message accepted for delivery"

    def authenticator(server, session, envelope, mechanism, auth_data):
        if not isinstance(auth_data, LoginPassword):
            return AuthResult(success=False, handled=False)
        want_user, want_password = args.login.split(":", 1)
        ok = auth_data.login.decode() == want_user and auth_data.password.decode() == want_password
        return AuthResult(success=ok, auth_data=auth_data.login if ok else None)

    params = {}
    if args.starttls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.starttls[0], args.starttls[1])
        params.update(tls_context=context, require_starttls=True)
    if args.login:
        params.update(authenticator=authenticator, auth_required=True,
                      auth_require_tls=bool(args.starttls))
    port = free_port()
    controller = Controller(Handler(), hostname="127.0.0.1", port=port, ready_timeout=30, **params)
    controller.start()
    print("port %d" % port, flush=True)
    try:
        while True:
            time.sleep(3600)
    finally:
        controller.stop()


def run_http(args, recorder):
    failures = {"left": args.fail}

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *a):
            pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            raw = self.rfile.read(length).decode("utf-8", "replace")
            with recorder.lock:
                held = args.hold is not None and os.path.exists(args.hold)
                fail = held or failures["left"] > 0
                if fail and not held:
                    failures["left"] -= 1
            if fail:
                self.send_response(503)
                self.end_headers()
                return
            fields = [("path", self.path), ("content-type", self.headers.get("Content-Type", ""))]
            try:
                parsed = json.loads(raw)
                fields.append(("json", "ok"))
                if isinstance(parsed, dict):
                    for k, v in parsed.items():
                        if isinstance(v, (str, int)):
                            fields.append(("field." + k, v))
            except ValueError:
                fields.append(("json", "invalid"))
            recorder.write(fields, raw)
            self.send_response(204)
            self.end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print("port %d" % server.server_address[1], flush=True)
    server.serve_forever()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("kind", choices=["smtp", "http"])
    p.add_argument("--dir", required=True)
    p.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    p.add_argument("--login")
    p.add_argument("--refuse")
    p.add_argument("--fail", type=int, default=0)
    p.add_argument("--hold")
    args = p.parse_args()
    os.makedirs(args.dir, exist_ok=True)
    recorder = Recorder(args.dir)
    (run_smtp if args.kind == "smtp" else run_http)(args, recorder)


if __name__ == "__main__":
    sys.exit(main())
