#!/usr/bin/env python3
"""Runs Microsoft's MSAL.js native-auth client against `flowrun serve` in headless Chromium.

Usage: run.py FLOWRUN_BINARY PATH_TO_MSAL_BROWSER_PACKAGE [--only TEXT] [--keep]

Starts one `flowrun serve` per tenant shape the journeys need (each on 127.0.0.1, a free port, its own state
folder, the dev outbox on and CORS for the page's origin), serves a page that loads the package's
`lib/custom-auth-path/msal-custom-auth.js` and `journeys.js` from a small HTTP server of its own on 127.0.0.1, and
opens it in headless Chromium started so that it makes no request beyond 127.0.0.1. Prints one line per journey
(`PASS name` / `FAIL name: why`) and `N passed, M failed`; exits 1 when a journey failed, 2 when the run could
not be made. MSAL_CONFORMANCE_NETLOG=FILE makes Chromium write its network log there (to check that it reached
nothing beyond 127.0.0.1). Standard library only.
"""

import http.server
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT_SECONDS = 240
CLIENT_ID = "00000000-0000-0000-0000-00000000c11e"
TENANT_ID = "aaaabbbb-0000-cccc-1111-dddd2222eeee"

# The tenant shapes: name -> authority.yaml. Every tenant hashes passwords with few rounds (as tests do).
TENANTS = {
    "main": "passwordHash: { iterations: 1000 }\nresetPassword: { pollsInProgress: 1, pollInterval: 1 }\n",
    "attributes": (
        "passwordHash: { iterations: 1000 }\n"
        "signUp:\n  method: emailPassword\n"
        "  requiredAttributes:\n    - { name: displayName, regex: '^.{2,64}$' }\n"
    ),
    "mfa": "passwordHash: { iterations: 1000 }\nmfa: { required: true }\n",
    "registration": "passwordHash: { iterations: 1000 }\nregistration: { required: true, channels: [email] }\n",
}


def fail(message):
    print(f"msal-conformance: {message}", file=sys.stderr)
    sys.exit(2)


def chromium_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Results:
    def __init__(self):
        self.items = queue.Queue()


def page_server(package, results):
    bundle = os.path.join(package, "lib", "custom-auth-path", "msal-custom-auth.js")
    files = {
        "/": (os.path.join(HERE, "page.html"), "text/html; charset=utf-8"),
        "/msal-custom-auth.js": (bundle, "text/javascript; charset=utf-8"),
        "/journeys.js": (os.path.join(HERE, "journeys.js"), "text/javascript; charset=utf-8"),
    }

    class Handler(http.server.BaseHTTPRequestHandler):
        config = b"{}"

        def log_message(self, *args):
            pass

        def do_GET(self):
            path = self.path.split("?", 1)[0]
            if path == "/config.js":
                body, kind = b"window.CONFORMANCE = " + Handler.config + b";\n", "text/javascript"
            elif path in files:
                with open(files[path][0], "rb") as handle:
                    body, kind = handle.read(), files[path][1]
            else:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            data = self.rfile.read(min(length, 1 << 20))
            if self.path == "/result":
                try:
                    results.items.put(json.loads(data))
                except ValueError:
                    pass
            self.send_response(204)
            self.end_headers()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, Handler


def start_flowrun(binary, name, folder, page_origin):
    tenant_folder = os.path.join(folder, name)
    os.makedirs(tenant_folder)
    config = os.path.join(tenant_folder, "authority.yaml")
    with open(config, "w") as handle:
        handle.write(TENANTS[name])
    log = open(os.path.join(tenant_folder, "serve.log"), "w")
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--dev-outbox", "--cors", page_origin, "--config", config,
         "--state-dir", os.path.join(tenant_folder, "state")],
        stdout=subprocess.PIPE, stderr=log, text=True, cwd=tenant_folder)
    line = process.stdout.readline().strip()
    prefix = "flowrun serve: listening on "
    if not line.startswith(prefix):
        process.kill()
        fail(f"flowrun serve ({name}) did not start: {line!r}; see {log.name}")
    authority = line[len(prefix):]
    origin = authority.rsplit("/", 1)[0]
    return process, {
        "authority": authority, "origin": origin, "tenant": authority.rsplit("/", 1)[1], "clientId": CLIENT_ID,
        "tenantId": TENANT_ID,
    }


def chromium_arguments(binary, profile, url):
    # Nothing leaves 127.0.0.1: every other name fails to resolve, other hosts go to a dead proxy (127.0.0.1:9,
    # refused), and the browser's own background traffic (updates, metrics, safe browsing, sync) is off. A
    # network log of a run (MSAL_CONFORMANCE_NETLOG) shows the few requests Chromium still tries for itself
    # (clients2.google.com, update.googleapis.com, accounts.google.com) ending at the dead proxy.
    return [
        binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        f"--user-data-dir={profile}", "--no-first-run", "--no-default-browser-check",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=127.0.0.1",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions", "--disable-domain-reliability", "--disable-breakpad",
        "--metrics-recording-only", "--safebrowsing-disable-auto-update", "--disable-client-side-phishing-detection",
        "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,NetworkTimeServiceQuerying",
        url,
    ] + ([f"--log-net-log={os.environ['MSAL_CONFORMANCE_NETLOG']}"] if os.environ.get("MSAL_CONFORMANCE_NETLOG") else [])


def main():
    arguments = sys.argv[1:]
    only = None
    keep = "--keep" in arguments
    arguments = [argument for argument in arguments if argument != "--keep"]
    if "--only" in arguments:
        index = arguments.index("--only")
        only = arguments[index + 1] if index + 1 < len(arguments) else fail("--only needs a text")
        del arguments[index:index + 2]
    if len(arguments) != 2:
        fail("usage: run.py FLOWRUN_BINARY PATH_TO_MSAL_BROWSER_PACKAGE [--only TEXT] [--keep]")
    binary, package = arguments
    if not os.access(binary, os.X_OK):
        fail(f"{binary} is not an executable flowrun")
    if not os.path.isfile(os.path.join(package, "lib", "custom-auth-path", "msal-custom-auth.js")):
        fail(f"{package} has no lib/custom-auth-path/msal-custom-auth.js")
    browser = chromium_binary()
    if not browser:
        fail("chromium is not installed (Debian: apt-get install chromium)")

    folder = tempfile.mkdtemp(prefix="msal-conformance-")
    results = Results()
    page, handler = page_server(package, results)
    page_origin = f"http://127.0.0.1:{page.server_address[1]}"
    servers, processes = {}, []
    browser_process = None
    try:
        for name in TENANTS:
            process, server = start_flowrun(binary, name, folder, page_origin)
            processes.append(process)
            servers[name] = server
        handler.config = json.dumps({"servers": servers}).encode()
        url = page_origin + "/" + (f"?only={only}" if only else "")
        browser_log = open(os.path.join(folder, "chromium.log"), "w")
        browser_process = subprocess.Popen(
            chromium_arguments(browser, os.path.join(folder, "profile"), url),
            stdout=browser_log, stderr=subprocess.STDOUT, start_new_session=True)
        passed = failed = 0
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                print(f"FAIL the run did not finish within {TIMEOUT_SECONDS} s")
                failed += 1
                break
            try:
                item = results.items.get(timeout=min(remaining, 5))
            except queue.Empty:
                if browser_process.poll() is not None:
                    print(f"FAIL chromium exited ({browser_process.returncode}); see {browser_log.name}")
                    failed += 1
                    break
                continue
            if item.get("done"):
                if item.get("fatal"):
                    print(f"FAIL the page stopped: {item['fatal']}")
                    failed += 1
                break
            if item.get("ok"):
                passed += 1
                print(f"PASS {item['name']}")
            else:
                failed += 1
                detail = str(item.get("detail", "")).strip().replace("\n", "\n    ")
                print(f"FAIL {item['name']}: {detail}")
            sys.stdout.flush()
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    finally:
        if browser_process and browser_process.poll() is None:
            os.killpg(browser_process.pid, signal.SIGTERM)
            try:
                browser_process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(browser_process.pid, signal.SIGKILL)
        for process in processes:
            process.send_signal(signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        page.shutdown()
        if keep:
            print(f"msal-conformance: logs kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
