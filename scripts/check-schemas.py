#!/usr/bin/env python3
"""Check flowrun's JSON Schemas, action catalogs and flow files.

    python3 scripts/check-schemas.py                  # everything (see below)
    python3 scripts/check-schemas.py flows/x.yaml     # the schemas, the catalogs and these flows
    python3 scripts/check-schemas.py --expect-invalid schemas/tests/invalid

Always: schemas/flow.schema.json and schemas/catalog.schema.json must be valid Draft 2020-12 schemas, and every
schemas/catalogs/*.json must validate against catalog.schema.json (and be named after its `authority`).

Flow files (.yaml, .yml, .json; directories are searched recursively) given as arguments must validate against
flow.schema.json, scenario files (NAME.test.yaml, .test.yml, .test.json) against scenario.schema.json, and the
configuration files authority.yaml and flowrun.yaml against authority.schema.json and project.schema.json (whose
every key must have a description); a YAML file must start with the editor modeline
`# yaml-language-server: $schema=<relative path to schemas/flow.schema.json>` and a JSON flow must carry the
same path (or the schema's $id) in "$schema". Every flow file under an `--expect-invalid DIR` must FAIL validation
(negative fixtures); a YAML fixture may say why with a line `# expect: TEXT`, and then one of its errors
("message at json-path") must contain TEXT.

With no arguments: flows/ (with its scenario files in flows/tests/), Examples/shared-subflows/, schemas/tests/valid/ and
schemas/tests/scenarios/valid/ are checked as valid, schemas/tests/invalid/ and schemas/tests/scenarios/invalid/
as invalid.
With only --expect-invalid, flows/ is checked as valid too. With --flow-schema FILE (e.g. the output of
`flowrun schema --catalog CATALOG`), flows validate against FILE instead, and need no modeline. Relative paths are resolved against the repository
root (the parent of this script's directory). YAML is read with YAML 1.2 core-schema scalars (`on`, `yes`, `no`
are strings), duplicate keys are errors, and a file must hold exactly one document.

Prints `ok PATH` or `FAIL PATH: MESSAGE at JSON-PATH` per file, then `N passed, M failed`; exits 1 on any failure.
"""

import argparse
import json
import os
import re
import sys

try:
    import yaml
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
except ImportError as error:  # pragma: no cover - environment problem
    sys.exit(f"check-schemas.py needs PyYAML and jsonschema (pip install pyyaml jsonschema): {error}")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLOW_SCHEMA = os.path.join(ROOT, "schemas", "flow.schema.json")
CATALOG_SCHEMA = os.path.join(ROOT, "schemas", "catalog.schema.json")
SCENARIO_SCHEMA = os.path.join(ROOT, "schemas", "scenario.schema.json")
AUTHORITY_SCHEMA = os.path.join(ROOT, "schemas", "authority.schema.json")
PROJECT_SCHEMA = os.path.join(ROOT, "schemas", "project.schema.json")
# The project's configuration files, by name: validated against their own schemas, never as flows.
CONFIG_SCHEMAS = {
    **{f"authority.{ext}": AUTHORITY_SCHEMA for ext in ("yaml", "yml", "json")},
    **{f"flowrun.{ext}": PROJECT_SCHEMA for ext in ("yaml", "yml", "json")},
}
SCENARIO_SUFFIXES = (".test.yaml", ".test.yml", ".test.json")
CATALOGS = os.path.join(ROOT, "schemas", "catalogs")
DEFAULT_VALID = [
    "flows",
    os.path.join("Examples", "shared-subflows"),
    os.path.join("schemas", "tests", "valid"),
    os.path.join("schemas", "tests", "scenarios", "valid"),
]
DEFAULT_INVALID = [os.path.join("schemas", "tests", "invalid"), os.path.join("schemas", "tests", "scenarios", "invalid")]
FLOW_EXTENSIONS = (".yaml", ".yml", ".json")
MODELINE_PREFIX = "# yaml-language-server: $schema="
MAX_MESSAGE = 240


class CheckError(Exception):
    """A file cannot be read or parsed; the message says why (with a position when known)."""


# ---- YAML with YAML 1.2 core-schema scalars, duplicate-key detection and positions ---------------

class StrictLoader(yaml.SafeLoader):
    """SafeLoader resolving plain scalars like YAML 1.2's core schema, rejecting duplicate keys."""

    yaml_implicit_resolvers = {}

    def construct_mapping(self, node, deep=False):
        seen = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r} (first at line {seen[key] + 1})", key_node.start_mark)
            seen[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep=deep)


def _core_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith(("0o", "0x", "-0o", "-0x", "+0o", "+0x")):
        return int(text, 0)
    return int(text, 10)


def _core_float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith(".inf"):
        return float("-inf") if text.startswith("-") else float("inf")
    if text == ".nan":
        return float("nan")
    return float(text)


def _core_bool(loader, node):
    return loader.construct_scalar(node).lower() == "true"


StrictLoader.add_constructor("tag:yaml.org,2002:int", _core_int)
StrictLoader.add_constructor("tag:yaml.org,2002:float", _core_float)
StrictLoader.add_constructor("tag:yaml.org,2002:bool", _core_bool)
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789"))
StrictLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+.0123456789"))


def compose_yaml(text):
    """The single document's root node, or None for an empty document."""
    loader = StrictLoader(text)
    try:
        return loader, loader.get_single_node()
    except Exception:
        loader.dispose()
        raise


def load_document(path):
    """Load a YAML or JSON file: (data, root node or None, text)."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise CheckError(f"cannot read: {error}") from None
    if path.endswith(".json"):
        def pairs(items):
            result = {}
            for key, value in items:
                if key in result:
                    raise CheckError(f"duplicate key {key!r}")
                result[key] = value
            return result
        try:
            data = json.loads(text, object_pairs_hook=pairs)
        except json.JSONDecodeError as error:
            raise CheckError(f"JSON syntax error: {error.msg} (line {error.lineno}, column {error.colno})") from None
        try:  # positions only; JSON is YAML for this purpose
            loader, node = compose_yaml(text)
            loader.dispose()
        except yaml.YAMLError:
            node = None
        return data, node, text
    try:
        loader, node = compose_yaml(text)
        try:
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        context = getattr(error, "context", None)
        problem = f"{context}, {problem}" if context else problem
        raise CheckError(f"YAML error: {problem}{where}") from None
    if data is None:
        raise CheckError("the file holds no document")
    return data, node, text


def position(node, path, at_key=False):
    """(line, column) of the node at a JSON path (of its key with at_key), or of its deepest existing ancestor."""
    if node is None:
        return None
    for index, part in enumerate(path):
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if key_node.value == str(part):
                    node = key_node if at_key and index == len(path) - 1 else value_node
                    break
            else:
                break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
        else:
            break
    return node.start_mark.line + 1, node.start_mark.column + 1


# ---- validation --------------------------------------------------------------------------------

def load_schema(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def best_error(errors):
    """The most telling error: like best_match, but it also looks inside a oneOf/anyOf whose other branches
    fail only because the value has another type (e.g. a transition written as a map, not a step name)."""
    error = best_match(errors)
    while error is not None and error.validator in ("oneOf", "anyOf") and error.context:
        branches = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        fitting = [subs for subs in branches.values()
                   if not any(sub.validator == "type" and sub.absolute_path == error.absolute_path for sub in subs)]
        if len(fitting) != 1:
            break
        error = best_match(fitting[0])
    return error


def explain(error):
    """(message, path, whether the path ends at a key) for a jsonschema error, in the words of the flow format."""
    path = list(error.absolute_path)
    instance, validator, value = error.instance, error.validator, error.validator_value
    if validator == "additionalProperties" and isinstance(instance, dict):
        extra = [key for key in instance if key not in error.schema.get("properties", {})]
        if extra:
            return f"unknown key {extra[0]!r}", path + [extra[0]], True
    if "propertyNames" in error.absolute_schema_path and isinstance(instance, str):
        return f"{instance!r} is not a valid name here ({error.message})", path + [instance], True
    if validator == "not" and value == {} and path:  # a key forbidden in this context; the schema says why
        why = error.schema.get("description", "").rstrip(".")
        return f"key {path[-1]!r} is not allowed here" + (f" ({why})" if why else ""), path, True
    if validator in ("oneOf", "anyOf") and isinstance(instance, dict) and value and all(
            isinstance(branch, dict) and set(branch) == {"required"} for branch in value):
        keys = [key for branch in value for key in branch["required"]]
        present = [key for key in keys if key in instance]
        listed = ", ".join(f"'{key}'" for key in keys)
        if len(present) > 1:
            return f"{' and '.join(repr(k) for k in present)} exclude each other: keep exactly one of {listed}", path, False
        return f"needs exactly one of {listed}", path, False
    if validator == "dependentRequired" and isinstance(instance, dict):
        for key, needed in value.items():
            missing = [other for other in needed if key in instance and other not in instance]
            if missing:
                return f"'{key}' requires '{missing[0]}'", path, False
    return error.message, path, False


def describe(error, node=None):
    """`MESSAGE at JSON-PATH (line L, column C)` for a jsonschema error."""
    message, path, at_key = explain(error)
    if len(message) > MAX_MESSAGE:
        message = message[: MAX_MESSAGE - 1] + "…"
    json_path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)
    where = position(node, path, at_key)
    suffix = f" (line {where[0]}, column {where[1]})" if where else ""
    return f"{message} at {json_path}{suffix}"


def all_errors(errors):
    for error in errors:
        yield error
        yield from all_errors(error.context or [])


def relative(path):
    absolute = os.path.abspath(path)
    inside = os.path.commonpath([absolute, ROOT]) == ROOT
    return os.path.relpath(absolute, ROOT) if inside else absolute


def flow_files(path):
    if os.path.isdir(path):
        found = []
        for directory, subdirectories, files in os.walk(path):
            subdirectories[:] = sorted(name for name in subdirectories if not name.startswith("."))
            found.extend(os.path.join(directory, name) for name in sorted(files) if name.endswith(FLOW_EXTENSIONS))
        return found
    return [path]


def is_scenario(path):
    """Scenario files are named NAME.test.yaml (.test.yml, .test.json); every other flow file is a flow."""
    return path.lower().endswith(SCENARIO_SUFFIXES)


def config_schema(path):
    """The schema of a configuration file (`authority.yaml`, `flowrun.yaml`), or None for any other file."""
    return CONFIG_SCHEMAS.get(os.path.basename(path).lower())


def schema_of(path):
    """The schema a file must validate against: its configuration schema, the scenario or the flow schema."""
    return config_schema(path) or (SCENARIO_SCHEMA if is_scenario(path) else FLOW_SCHEMA)


def undescribed_keys(schema, where="#"):
    """The JSON paths of properties (anywhere in `schema`) that have no description."""
    missing = []
    if isinstance(schema, dict):
        for name, sub in (schema.get("properties") or {}).items():
            if not (isinstance(sub, dict) and sub.get("description")):
                missing.append(f"{where}/properties/{name}")
        for key, sub in schema.items():
            if isinstance(sub, (dict, list)):
                missing += undescribed_keys(sub, f"{where}/{key}")
    elif isinstance(schema, list):
        for index, sub in enumerate(schema):
            missing += undescribed_keys(sub, f"{where}/{index}")
    return missing


def schema_reference(path, schema_id):
    """The values a file may use to name its schema: its relative path, or its $id."""
    schema = schema_of(path)
    rel = os.path.relpath(schema, os.path.dirname(os.path.abspath(path))).replace(os.sep, "/")
    return rel, {rel, schema_id}


class Checker:
    def __init__(self, verbose, modelines=True):
        self.verbose = verbose
        self.modelines = modelines
        self.passed = 0
        self.failed = 0

    def ok(self, path, note=None):
        self.passed += 1
        print(f"ok {relative(path)}")
        if note and self.verbose:
            print(f"   {note}")

    def fail(self, path, message):
        self.failed += 1
        print(f"FAIL {relative(path)}: {message}")

    def check_schema(self, path):
        try:
            schema = load_schema(path)
            Draft202012Validator.check_schema(schema)
        except (OSError, json.JSONDecodeError) as error:
            self.fail(path, f"cannot read: {error}")
            return None
        except Exception as error:  # jsonschema.SchemaError
            self.fail(path, f"not a valid Draft 2020-12 schema: {describe(error)}")
            return None
        if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
            self.fail(path, "\"$schema\" must be https://json-schema.org/draft/2020-12/schema")
            return None
        if path in (AUTHORITY_SCHEMA, PROJECT_SCHEMA) and undescribed_keys(schema):
            self.fail(path, f"every key needs a description: {', '.join(undescribed_keys(schema))}")
            return None
        self.ok(path)
        return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)

    def check_catalog(self, path, validator):
        try:
            data, node, _ = load_document(path)
        except CheckError as error:
            self.fail(path, str(error))
            return
        error = best_error(validator.iter_errors(data))
        if error is not None:
            self.fail(path, describe(error, node))
            return
        stem = os.path.splitext(os.path.basename(path))[0]
        if data["authority"] != stem:
            self.fail(path, f"the file of authority {data['authority']!r} must be named {data['authority']}.json")
            return
        self.ok(path)

    def check_flow(self, path, validator, expect_valid):
        try:
            data, node, text = load_document(path)
            errors = list(validator.iter_errors(data))
        except CheckError as error:
            if expect_valid:
                self.fail(path, str(error))
            else:
                self.ok(path, f"rejected: {error}")
            return
        if not expect_valid:
            if not errors:
                self.fail(path, "expected this negative fixture to fail validation, but it is valid")
                return
            described = [describe(error, node) for error in all_errors(errors)]
            expected = [line[len("# expect:"):].strip() for line in text.splitlines() if line.startswith("# expect:")]
            for want in expected:
                if not any(want in message for message in described):
                    self.fail(path, f"rejected, but for another reason than {want!r}: {describe(best_error(errors), node)}")
                    return
            self.ok(path, f"rejected: {describe(best_error(errors), node)}")
            return
        if errors:
            self.fail(path, describe(best_error(errors), node))
            return
        if not self.modelines and schema_of(path) == FLOW_SCHEMA:
            self.ok(path)
            return
        rel, accepted = schema_reference(path, validator.schema.get("$id"))
        if path.endswith(".json") and config_schema(path) is None:
            if data.get("$schema") not in accepted:
                self.fail(path, f"a JSON flow must carry \"$schema\": \"{rel}\"")
                return
        else:
            first = text.split("\n", 1)[0].rstrip("\r")
            if not (first.startswith(MODELINE_PREFIX) and first[len(MODELINE_PREFIX):] in accepted):
                self.fail(path, f"the first line must be the modeline `{MODELINE_PREFIX}{rel}`")
                return
        self.ok(path)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Check flowrun's JSON Schemas, action catalogs and flow files (see the module docstring).")
    parser.add_argument("paths", nargs="*", help="flow files or directories that must be valid")
    parser.add_argument("--expect-invalid", action="append", default=[], metavar="DIR",
                        help="a directory of negative fixtures: every flow file in it must fail validation")
    parser.add_argument("--flow-schema", metavar="FILE",
                        help="validate flows against this schema (e.g. from `flowrun schema`), with no modeline check")
    parser.add_argument("-v", "--verbose", action="store_true", help="also print why negative fixtures were rejected")
    args = parser.parse_args(argv)

    if not args.paths and not args.expect_invalid:
        valid, invalid = DEFAULT_VALID, DEFAULT_INVALID
    else:
        valid, invalid = (args.paths or DEFAULT_VALID[:1]), args.expect_invalid

    def resolve(path):
        return path if os.path.isabs(path) else os.path.join(ROOT, path)

    checker = Checker(args.verbose, modelines=args.flow_schema is None)
    flow_validator = checker.check_schema(os.path.abspath(args.flow_schema) if args.flow_schema else FLOW_SCHEMA)
    catalog_validator = checker.check_schema(CATALOG_SCHEMA)
    scenario_validator = checker.check_schema(SCENARIO_SCHEMA)
    config_validators = {schema: checker.check_schema(schema) for schema in (AUTHORITY_SCHEMA, PROJECT_SCHEMA)}

    if catalog_validator is not None:
        catalogs = sorted(os.path.join(CATALOGS, name) for name in os.listdir(CATALOGS) if name.endswith(".json")) \
            if os.path.isdir(CATALOGS) else []
        if not catalogs:
            checker.fail(CATALOGS, "no catalogs found")
        for path in catalogs:
            checker.check_catalog(path, catalog_validator)

    if flow_validator is not None and scenario_validator is not None and None not in config_validators.values():
        for group, expect_valid in ((valid, True), (invalid, False)):
            for argument in group:
                path = resolve(argument)
                if not os.path.exists(path):
                    checker.fail(path, "no such file or directory")
                    continue
                files = flow_files(path)
                if not files:
                    checker.fail(path, "no flow files (.yaml, .yml, .json) found")
                for file in files:
                    validator = config_validators.get(config_schema(file)) \
                        or (scenario_validator if is_scenario(file) else flow_validator)
                    checker.check_flow(file, validator, expect_valid)

    print(f"{checker.passed} passed, {checker.failed} failed")
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
