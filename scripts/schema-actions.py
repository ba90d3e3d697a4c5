#!/usr/bin/env python3
"""Write the catalog's actions into schemas/flow.schema.json, so that editors complete them.

Regenerates the `actionStep` definition of the flow schema from schemas/catalogs/*.json: `action` enumerates
every action name, and per action (an `if`/`then` on the name) `with` names its parameters and `on` its outcome
names (plus `otherwise`), each with the catalog's description. Only that definition changes; the rest of the
file is left byte for byte. A test fails when the schema and the catalogs drift.

    python3 scripts/schema-actions.py           # regenerate
    python3 scripts/schema-actions.py --check   # exit 1 if flow.schema.json is out of date
"""

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "schemas" / "catalogs"
SCHEMA = ROOT / "schemas" / "flow.schema.json"
KEY = '"actionStep": '


def value_note(value):
    """`email, required, secret: The user's username…` for a parameter or datum."""
    flags = [value["type"]] + [flag for flag in ("required", "secret") if value.get(flag)]
    return f"({', '.join(flags)}) {value.get('description', '')}".strip()


def action_step(actions):
    """The generated `actionStep` definition."""
    clauses = []
    for name, action in sorted(actions.items()):
        parameters = action.get("parameters", {})
        outcomes = action["outcomes"]
        on_properties = {
            outcome: {
                "description": ("Error. " if spec.get("error") else "")
                + spec.get("description", "")
                + ("" if not spec.get("data") else " Data: " + ", ".join(f"`{key}`" for key in sorted(spec["data"])) + "."),
                "$ref": "#/$defs/transition",
            }
            for outcome, spec in sorted(outcomes.items())
        }
        on_properties["otherwise"] = {"description": "Taken for every outcome not named in this map.",
                                      "$ref": "#/$defs/transition"}
        then = {
            "properties": {
                "with": {
                    "propertyNames": {"enum": sorted(parameters)},
                    "properties": {
                        parameter: {"description": value_note(spec)} for parameter, spec in sorted(parameters.items())
                    },
                },
                "on": {"propertyNames": {"enum": sorted(outcomes) + ["otherwise"]}, "properties": on_properties},
            }
        }
        required = sorted(parameter for parameter, spec in parameters.items() if spec.get("required"))
        if required:
            then["required"] = ["with"]
            then["properties"]["with"]["required"] = required
        clauses.append({"if": {"properties": {"action": {"const": name}}, "required": ["action"]}, "then": then})
    return {
        "description": "`action`: call the authority, then branch on the outcome. Generated from the action "
        "catalogs by scripts/schema-actions.py: edit the catalogs, not this definition.",
        "type": "object",
        "additionalProperties": False,
        "required": ["action", "on"],
        "properties": {
            "action": {
                "description": "Call an action of the flow's catalog, e.g. `signUp.start`, and branch on its outcome "
                "with `on`. `flowrun catalog ACTION` describes one.",
                "enum": sorted(actions),
            },
            "with": {
                "description": "The action's parameters: parameter name → value. Every required parameter, and only "
                "parameters the action takes.",
                "$ref": "#/$defs/valueMap",
            },
            "on": {
                "description": "Outcome name → transition. Must handle every outcome the catalog says the action can "
                "return, or have `otherwise`; naming an outcome the action cannot return is an error. The data an "
                "outcome carries become variables on its transition.",
                "$ref": "#/$defs/outcomeMap",
            },
            "message": {"description": "Shown when the step is entered (a template).", "$ref": "#/$defs/template"},
            "description": {"description": "Documentation only; ignored when the flow runs.", "type": "string"},
            "allow": {"$ref": "#/$defs/allow"},
        },
        "allOf": clauses,
    }


def value_end(text, start):
    """The index just past the JSON value starting at `start` (an object), aware of strings."""
    depth, index, in_string = 0, start, False
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    raise SystemExit("flow.schema.json: the actionStep definition does not end")


def generated(text):
    actions = {}
    for path in sorted(CATALOGS.glob("*.json")):
        actions.update(json.loads(path.read_text(encoding="utf-8"))["actions"])
    key = text.index(KEY)
    start = key + len(KEY)
    end = value_end(text, start)
    line_start = text.rindex("\n", 0, key) + 1
    indent = text[line_start:key]
    body = json.dumps(action_step(actions), indent=2, ensure_ascii=False).replace("\n", "\n" + indent)
    return text[:start] + body + text[end:]


def main(argv):
    text = SCHEMA.read_text(encoding="utf-8")
    new = generated(text)
    if "--check" in argv:
        if new != text:
            print("schemas/flow.schema.json is out of date: run python3 scripts/schema-actions.py")
            return 1
        print("schemas/flow.schema.json is up to date")
        return 0
    SCHEMA.write_text(new, encoding="utf-8")
    print("wrote schemas/flow.schema.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
