#!/usr/bin/env python3
"""Drive Examples/EmbeddedApp as a user would, against a real `flowrun serve`.

    python3 scripts/drive-embedded-app.py --flowrun PATH --app PATH

Starts `flowrun serve --dev-outbox` on a free port (a fresh state folder), then the app with that authority and
the client id the server prints. Over the app's line protocol (one JSON object per line, answered only after each
`ask`), it signs a new user up with an email one-time passcode read from the server's dev outbox, then signs the
same user in, typing a wrong code first; checks the messages and ends; and starts the app again to check that the
account was kept. The app talks to the server over URLSession.

Prints one line per step and exits 1 on any failure.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EMAIL = "app.user@example.com"


class Failure(Exception):
    pass


def start_server(flowrun, state):
    server = subprocess.Popen(
        [os.path.abspath(flowrun), "serve", "--port", "0", "--dev-outbox", "--state-dir", state],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=state)
    authority = client_id = None
    for line in server.stderr:
        found = re.search(r"^\s*authority\s+(http://127\.0\.0\.1:\d+/\S+)", line)
        authority = found.group(1) if found else authority
        found = re.search(r"client id\s+(\S+?):", line)
        client_id = found.group(1) if found else client_id
        if authority and client_id:
            # Keep reading the server's log, so that a full pipe never stops it.
            threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()
            return server, authority, client_id
    raise Failure("flowrun serve did not print its address and client id")


def newest_code(authority, email):
    origin = re.match(r"(http://[^/]+)", authority).group(1)
    with urllib.request.urlopen(f"{origin}/outbox?to={email}&limit=1", timeout=10) as answer:
        messages = json.load(answer)
    if not messages:
        raise Failure(f"no code in the outbox for {email}")
    return messages[0]["code"]


class App:
    def __init__(self, app, authority, client_id, state):
        self.process = subprocess.Popen(
            [os.path.abspath(app), authority, client_id, os.path.join(ROOT, "flows"), state],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(self, obj):
        self.process.stdin.write(json.dumps(obj) + "\n")
        self.process.stdin.flush()

    def receive(self):
        line = self.process.stdout.readline()
        if not line:
            raise Failure("the app closed its output")
        return json.loads(line)

    def run(self, flow, answer):
        """Runs `flow`, answering each ask with `answer(ask, count)`; returns (messages, ending)."""
        self.send({"run": flow})
        messages, asks = [], 0
        while True:
            shown = self.receive()
            if "ask" in shown:
                asks += 1
                self.send(answer(shown["ask"], asks))
            elif "message" in shown:
                messages.append(shown["message"])
            elif "ended" in shown:
                return messages, shown["ended"]
            else:
                raise Failure(f"unexpected line: {shown}")

    def account(self):
        self.send({"account": True})
        return self.receive()["account"]

    def close(self):
        self.process.stdin.close()
        if self.process.wait(timeout=30) != 0:
            raise Failure(f"the app exited with {self.process.returncode}")


def main():
    parser = argparse.ArgumentParser(description="Drive Examples/EmbeddedApp against flowrun serve.")
    parser.add_argument("--flowrun", required=True)
    parser.add_argument("--app", required=True)
    options = parser.parse_args()
    # A stuck app or server fails the run rather than hanging CI.
    signal.alarm(300)
    with tempfile.TemporaryDirectory() as folder:
        server_state, app_state = os.path.join(folder, "server"), os.path.join(folder, "app")
        os.makedirs(server_state)
        server, authority, client_id = start_server(options.flowrun, server_state)
        try:
            app = App(options.app, authority, client_id, app_state)

            def sign_up(ask, count):
                field = ask["fields"][0]
                if field["type"] == "email":
                    return {field["name"]: EMAIL}
                return {field["name"]: newest_code(authority, EMAIL)}

            messages, ended = app.run("sign-up-email-otp", sign_up)
            if ended["kind"] != "success":
                raise Failure(f"sign-up ended {ended}")
            print(f"ok sign-up over URLSession: {ended['message']}")

            def sign_in(ask, count):
                field = ask["fields"][0]
                if field["type"] == "email":
                    return {field["name"]: EMAIL}
                if count == 2:
                    return {field["name"]: "00000000"}
                if not ask.get("hint"):
                    raise Failure(f"the code's ask has no hint: {ask}")
                return {field["name"]: newest_code(authority, EMAIL)}

            messages, ended = app.run("sign-in-email-otp", sign_in)
            if ended["kind"] != "success" or not any("incorrect" in message for message in messages):
                raise Failure(f"sign-in ended {ended} after {messages}")
            print(f"ok sign-in after a wrong code: {messages[0]!r}, then {ended['message']!r}")
            app.close()

            again = App(options.app, authority, client_id, app_state)
            who = again.account()
            again.close()
            if who != EMAIL:
                raise Failure(f"after a restart the app has the account {who!r}")
            mode = os.stat(os.path.join(app_state, "account.json")).st_mode & 0o777
            if mode != 0o600:
                raise Failure(f"account.json has mode {oct(mode)}")
            print(f"ok the account survives the app: {who}, account.json mode 0600")
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"FAIL {failure}")
        sys.exit(1)
