#!/usr/bin/env python3
"""Drive every flow of a library through `flowrun run --json` over pipes, as a machine consumer would.

    python3 scripts/drive-events.py [--flowrun PATH] [FLOW_DIR]     # default: flowrun on PATH, flows/

Each flow runs against the embedded authority in one shared, temporary state folder (sign-up-password.yaml runs first,
on a password sign-up tenant, and creates the account the others use; sign-in-password.yaml then signs it in). The script
reads the event stream line by line with no stdbuf, answers only after each `inputRequested`, renders each ask
from the event alone (labels, hints, types, secrecy, choices, attributes) and answers with one JSON line; a
code comes from the embedded authority's outbox (`flowrun outbox --json`). Every event must validate against
schemas/events.schema.json, `seq` must count 1, 2, 3, … and the stream must close with exactly one closing
event (`ended`, `cancelled`, `suspended` or `error`) that agrees with the exit status.

Prints one line per flow (`ok FLOW: N events, K asks, ended KIND`), then a summary; exits 1 on any failure.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from jsonschema import Draft202012Validator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "schemas", "events.schema.json")
CLOSING = {"ended", "cancelled", "suspended", "error"}
PASSWORD = "Dr1ven-Pa55word!"
NEW_PASSWORD = "N3w-Dr1ven-Pa55word!"
ACCOUNT = "ada@example.com"
STANDARD_TENANT = "passwordHash: { iterations: 1000 }\n"
PASSWORD_TENANT = STANDARD_TENANT + "signUp: { method: emailPassword }\n"
# The flow that creates the account the others use (on a password sign-up tenant), then a sign-in so that the
# token flows find a signed-in account.
FIRST = ["sign-up-password.yaml", "sign-in-password.yaml"]


class Failure(Exception):
    pass


def render(request):
    """The ask as a user would see it, from the event alone."""
    lines = []
    if request.get("problem"):
        concerns = f" ({request['problemField']})" if request.get("problemField") else ""
        lines.append(f"  x {request['problem']}{concerns}")
    if request.get("hint"):
        lines.append(f"  {request['hint']}")
    for field in request["fields"]:
        extra = " [secret]" if field["secret"] else ""
        lines.append(f"  {field['label']} ({field['type']}){extra}" + (f": {field['hint']}" if field.get("hint") else ""))
        for attribute in field["attributes"]:
            optional = "" if attribute["required"] else " (optional)"
            lines.append(f"    {attribute['label']}{optional}")
    if request["choices"]:
        lines.append("  or choose: " + ", ".join(request["choices"]))
    return "\n".join(lines)


def newest_code(flowrun, state):
    listed = subprocess.run(
        [flowrun, "outbox", "--json", "--limit", "1", "--state-dir", state], capture_output=True, text=True, check=True
    )
    messages = json.loads(listed.stdout)
    if not messages:
        raise Failure("a code was asked for but the outbox is empty")
    return messages[0]["code"]


def attribute_value(attribute):
    """A plausible answer: capitalised words pass the library's patterns."""
    return "Ada" if attribute.get("pattern") else "Ada Lovelace"


def answer(request, flowrun, state, email):
    values = {}
    for field in request["fields"]:
        kind = field["type"]
        if kind == "email":
            values[field["name"]] = email
        elif kind == "password":
            values[field["name"]] = NEW_PASSWORD if field["name"] == "newPassword" else PASSWORD
        elif kind == "code":
            values[field["name"]] = newest_code(flowrun, state)
        elif kind == "attributes":
            values[field["name"]] = {a["name"]: attribute_value(a) for a in field["attributes"]}
        elif kind == "list":
            values[field["name"]] = "openid"
        else:
            values[field["name"]] = "flowrun"
    return values


def drive(flowrun, flow, state, config, email, params, validator, show):
    command = [flowrun, "run", "--json", "--state-dir", state, "--config", config, flow]
    for name, value in params.items():
        command += ["--param", f"{name}={value}"]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
    )
    events, asks, repeats = [], 0, {}
    try:
        for line in process.stdout:
            event = json.loads(line)
            errors = sorted(validator.iter_errors(event), key=lambda error: error.path)
            if errors:
                raise Failure(f"event {line.strip()} breaks the schema: {errors[0].message}")
            if event["seq"] != len(events) + 1:
                raise Failure(f"seq {event['seq']} after {len(events)} events")
            if events and events[-1]["event"] in CLOSING:
                raise Failure(f"`{event['event']}` after the closing event")
            events.append(event)
            if event["event"] != "inputRequested":
                continue
            asks += 1
            request = event["request"]
            if show:
                print(f"  [{request['step']}]\n{render(request)}")
            repeats[request["step"]] = repeats.get(request["step"], 0) + 1
            reply = {"cancel": True} if repeats[request["step"]] > 3 else answer(request, flowrun, state, email)
            process.stdin.write(json.dumps(reply) + "\n")
            process.stdin.flush()
    finally:
        process.stdin.close()
        status = process.wait(timeout=60)
        stderr = process.stderr.read()
    if not events or events[-1]["event"] not in CLOSING:
        raise Failure(f"no closing event (exit {status}); stderr: {stderr.strip()}")
    last = events[-1]
    expected = {"cancelled": {3}, "suspended": {5}, "error": {1, 2}}.get(last["event"])
    if last["event"] == "ended":
        kind = last["end"]["kind"]
        expected = {0} if kind == "success" else {4} if kind == "browser_required" else {1}
    if status not in expected:
        raise Failure(f"closing event `{last['event']}` but exit status {status}")
    closing = last["event"] + (f" {last['end']['kind']}" if last["event"] == "ended" else "")
    return len(events), asks, closing


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flowrun", default="flowrun", help="the flowrun binary")
    parser.add_argument("--show", action="store_true", help="print each ask as rendered from its event")
    parser.add_argument(
        "flows", nargs="?", default=os.path.join(ROOT, "flows"), help="a folder of flows (default: flows/) or one flow")
    arguments = parser.parse_args()
    with open(SCHEMA) as file:
        validator = Draft202012Validator(json.load(file))
    if os.path.isfile(arguments.flows):
        arguments.flows, single = os.path.split(os.path.abspath(arguments.flows))
        names = [single]
    else:
        names = sorted(name for name in os.listdir(arguments.flows) if name.endswith((".yaml", ".yml", ".json")))
    names = [name for name in FIRST if name in names] + [name for name in names if name not in FIRST]
    failures = 0
    with tempfile.TemporaryDirectory(prefix="flowrun-events-") as state:
        configs = {}
        for label, text in (("standard", STANDARD_TENANT), ("password", PASSWORD_TENANT)):
            configs[label] = os.path.join(state, f"{label}.authority.yaml")
            with open(configs[label], "w") as file:
                file.write(text)
        for index, name in enumerate(names):
            signing_up = name.startswith("sign-up") and name != FIRST[0]
            email = f"new{index}@example.com" if signing_up else ACCOUNT
            config = configs["password" if name == FIRST[0] else "standard"]
            params = {"username": ACCOUNT} if name == "sign-in-after-sign-up.yaml" else {}
            try:
                count, asks, closing = drive(
                    arguments.flowrun, os.path.join(arguments.flows, name), os.path.join(state, "state"), config,
                    email, params, validator, arguments.show,
                )
                print(f"ok {name}: {count} events, {asks} asks, {closing}")
            except (Failure, json.JSONDecodeError, subprocess.SubprocessError) as error:
                failures += 1
                print(f"FAIL {name}: {error}")
    print(f"{len(names) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
