#!/usr/bin/env python3
"""Fail when a library target uses a toolchain API newer than the package's Apple deployment targets.

Linux compilers ignore Apple availability, so `String(validating:as:)` (macOS 15 / iOS 18) compiles here and
breaks an app built for macOS 13 / iOS 16. This check reads:

- the deployment targets and library products from `swift package dump-package`;
- the availability of every public declaration of the toolchain's modules (Swift, _Concurrency,
  Synchronization, FoundationEssentials, ...) from their symbol graphs (`swift-symbolgraph-extract`);
  a member without availability of its own inherits its parent's;
- every reference the library targets make, from the index store the debug build writes
  (`.build/debug/index/store`), through the toolchain's libIndexStore.

A reference is a finding when the declaration is introduced after the deployment target on macOS or iOS and
the reference is not inside an `if #available`, `guard #available` or `@available` region that covers it.

Usage:
  scripts/check-availability.py [--package DIR] [--index-store PATH]
  scripts/check-availability.py --self-test     # compiles scripts/availability-fixture and checks the check
Exit codes: 0 clean, 1 findings (or a failed self-test), 2 the check could not run.
"""

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import tempfile

TOOLCHAIN_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "Synchronization", "Observation", "RegexBuilder",
    "Distributed", "FoundationEssentials", "FoundationInternationalization", "Foundation",
    "FoundationNetworking",
]
PLATFORMS = {"macos": "macOS", "ios": "iOS"}
ROLE_REFERENCE = 1 << 2
ROLE_IMPLICIT = 1 << 8
DEPENDENCY_RECORD = 2


def fail(message):
    print(f"check-availability: {message}", file=sys.stderr)
    sys.exit(2)


def version_tuple(text):
    parts = [int(part) for part in text.split(".")]
    return tuple((parts + [0, 0, 0])[:3])


def version_text(version):
    shown = list(version)
    while len(shown) > 2 and shown[-1] == 0:
        shown.pop()
    return ".".join(str(part) for part in shown)


# --- the toolchain -------------------------------------------------------------------------------------

def toolchain_paths():
    swift = subprocess.run(["bash", "-c", "readlink -f \"$(command -v swift)\""], capture_output=True, text=True)
    bin_dir = os.path.dirname(swift.stdout.strip())
    if not bin_dir:
        fail("no swift on PATH")
    root = os.path.dirname(bin_dir)
    library = os.path.join(root, "lib", "libIndexStore.so")
    if not os.path.exists(library):
        fail(f"libIndexStore not found at {library}")
    return bin_dir, library


def host_triple():
    output = subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True).stdout
    return json.loads(output)["target"]["triple"]


def availability_map(bin_dir, cache_dir):
    """USR -> {platform: introduced version} for the toolchain's public declarations."""
    os.makedirs(cache_dir, exist_ok=True)
    triple = host_triple()
    extractor = os.path.join(bin_dir, "swift-symbolgraph-extract")
    for module in TOOLCHAIN_MODULES:
        if os.path.exists(os.path.join(cache_dir, f"{module}.symbols.json")):
            continue
        subprocess.run(
            [extractor, "-module-name", module, "-target", triple, "-output-dir", cache_dir,
             "-minimum-access-level", "public"],
            capture_output=True, text=True)
    own, parent, names, conforms = {}, {}, {}, {}
    for file_name in sorted(os.listdir(cache_dir)):
        if not file_name.endswith(".symbols.json"):
            continue
        with open(os.path.join(cache_dir, file_name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            usr = symbol["identifier"]["precise"]
            names[usr] = symbol.get("names", {}).get("title", usr)
            introduced = {}
            for entry in symbol.get("availability", []):
                domain, version = entry.get("domain"), entry.get("introduced")
                if domain in PLATFORMS.values() and version:
                    introduced[domain] = (version.get("major", 0), version.get("minor", 0), version.get("patch", 0))
            if introduced:
                own[usr] = introduced
        for relation in graph.get("relationships", []):
            if relation.get("kind") == "memberOf":
                parent.setdefault(relation["source"], relation["target"])
            elif relation.get("kind") == "conformsTo":
                conforms.setdefault(relation["source"], set()).add(relation["target"])

    def resolved(usr, depth=0):
        if usr in own or depth > 16:
            return own.get(usr, {})
        return resolved(parent[usr], depth + 1) if usr in parent else {}

    table = {}
    for usr in names:
        introduced = resolved(usr)
        if introduced:
            table[usr] = introduced
    # Overloads by owner: a type's member and the same-named member of a protocol the type conforms to.
    overloads = {}
    for usr, owner in parent.items():
        overloads.setdefault((owner, names.get(usr)), []).append(usr)
    older = {}
    for usr, owner in parent.items():
        candidates = [other for scope in [owner, *conforms.get(owner, ())]
                      for other in overloads.get((scope, names.get(usr)), []) if other != usr]
        if candidates:
            older[usr] = [table.get(other, {}) for other in candidates]
    return table, names, older


# --- the index store -----------------------------------------------------------------------------------

class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode("utf-8", "replace") if self.length else ""


def open_index(library_path):
    lib = ctypes.CDLL(library_path)
    voidp = ctypes.c_void_p
    lib.indexstore_store_create.restype = voidp
    lib.indexstore_store_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(voidp)]
    lib.indexstore_unit_reader_create.restype = voidp
    lib.indexstore_unit_reader_create.argtypes = [voidp, ctypes.c_char_p, ctypes.POINTER(voidp)]
    lib.indexstore_record_reader_create.restype = voidp
    lib.indexstore_record_reader_create.argtypes = [voidp, ctypes.c_char_p, ctypes.POINTER(voidp)]
    for name in ["indexstore_unit_reader_get_main_file", "indexstore_unit_dependency_get_name",
                 "indexstore_unit_dependency_get_filepath", "indexstore_symbol_get_usr",
                 "indexstore_symbol_get_name"]:
        getattr(lib, name).restype = StringRef
        getattr(lib, name).argtypes = [voidp]
    lib.indexstore_unit_dependency_get_kind.restype = ctypes.c_int
    lib.indexstore_unit_dependency_get_kind.argtypes = [voidp]
    lib.indexstore_occurrence_get_symbol.restype = voidp
    lib.indexstore_occurrence_get_symbol.argtypes = [voidp]
    lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
    lib.indexstore_occurrence_get_roles.argtypes = [voidp]
    lib.indexstore_occurrence_get_line_col.argtypes = [voidp, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
    lib.indexstore_error_get_description.restype = ctypes.c_char_p
    for name in ["indexstore_unit_reader_dispose", "indexstore_record_reader_dispose", "indexstore_store_dispose"]:
        getattr(lib, name).argtypes = [voidp]
    return lib


UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, StringRef)
ITEM_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, ctypes.c_void_p, ctypes.c_void_p)


def references(lib, store_path, wanted_file):
    """Yield (file, line, column, usr, name) for every reference in units whose main file passes wanted_file."""
    error = ctypes.c_void_p()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
    if not store:
        fail(f"cannot open the index store {store_path}: {lib.indexstore_error_get_description(error).decode()}")
    unit_names = []

    @UNIT_APPLIER
    def collect_unit(_context, name):
        unit_names.append(name.text())
        return True

    lib.indexstore_store_units_apply_f(ctypes.c_void_p(store), 0, None, collect_unit)
    found = []
    for unit_name in unit_names:
        unit = lib.indexstore_unit_reader_create(store, unit_name.encode(), ctypes.byref(error))
        if not unit:
            continue
        main_file = lib.indexstore_unit_reader_get_main_file(unit).text()
        if not main_file or not wanted_file(main_file):
            lib.indexstore_unit_reader_dispose(unit)
            continue
        records = []

        @ITEM_APPLIER
        def collect_dependency(_context, dependency):
            if lib.indexstore_unit_dependency_get_kind(dependency) == DEPENDENCY_RECORD:
                records.append((lib.indexstore_unit_dependency_get_name(dependency).text(),
                                lib.indexstore_unit_dependency_get_filepath(dependency).text()))
            return True

        lib.indexstore_unit_reader_dependencies_apply_f(ctypes.c_void_p(unit), None, collect_dependency)
        lib.indexstore_unit_reader_dispose(unit)
        for record_name, record_file in records:
            if os.path.realpath(record_file) != os.path.realpath(main_file):
                continue
            record = lib.indexstore_record_reader_create(store, record_name.encode(), ctypes.byref(error))
            if not record:
                continue

            @ITEM_APPLIER
            def collect_occurrence(_context, occurrence):
                roles = lib.indexstore_occurrence_get_roles(occurrence)
                if roles & ROLE_REFERENCE and not roles & ROLE_IMPLICIT:
                    symbol = lib.indexstore_occurrence_get_symbol(occurrence)
                    line, column = ctypes.c_uint(), ctypes.c_uint()
                    lib.indexstore_occurrence_get_line_col(occurrence, ctypes.byref(line), ctypes.byref(column))
                    found.append((main_file, line.value, column.value, lib.indexstore_symbol_get_usr(symbol).text(),
                                  lib.indexstore_symbol_get_name(symbol).text()))
                return True

            lib.indexstore_record_reader_occurrences_apply_f(ctypes.c_void_p(record), None, collect_occurrence)
            lib.indexstore_record_reader_dispose(record)
    lib.indexstore_store_dispose(store)
    return sorted(set(found))


# --- guards in the source --------------------------------------------------------------------------------

AVAILABILITY = re.compile(r"(#available|@available)\s*\(([^)]*)\)")
GUARD_BEFORE = re.compile(r"\bguard\s+(?:[^{}]*,\s*)?$")


def code_only(text):
    """The text with comments and string contents blanked out (same length, newlines kept)."""
    out, i, n = list(text), 0, len(text)
    while i < n:
        if text.startswith("//", i):
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
        elif text.startswith("/*", i):
            depth = 0
            while i < n:
                if text.startswith("/*", i):
                    depth += 1
                elif text.startswith("*/", i):
                    depth -= 1
                    out[i] = out[i + 1] = " "
                    i += 2
                    if depth == 0:
                        break
                    continue
                if text[i] != "\n":
                    out[i] = " "
                i += 1
        elif text[i] == '"':
            quote = '"""' if text.startswith('"""', i) else '"'
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                if text[i] == "\\":
                    out[i] = " "
                    i += 1
                if i < n and text[i] != "\n":
                    out[i] = " "
                i += 1
            i += len(quote)
        else:
            i += 1
    return "".join(out)


def matching_brace(code, open_index):
    depth = 0
    for index in range(open_index, len(code)):
        if code[index] == "{":
            depth += 1
        elif code[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(code)


def enclosing_block_end(code, index):
    depth = 0
    for position in range(index, len(code)):
        if code[position] == "{":
            depth += 1
        elif code[position] == "}":
            if depth == 0:
                return position
            depth -= 1
    return len(code)


def guarded_regions(text):
    """[(start, end, {platform: version})] of the code each availability condition or attribute covers."""
    code = code_only(text)
    regions = []
    for match in AVAILABILITY.finditer(code):
        versions = {}
        for part in match.group(2).split(","):
            words = part.split()
            if len(words) == 2 and words[0] in PLATFORMS.values() and re.fullmatch(r"[0-9.]+", words[1]):
                versions[words[0]] = version_tuple(words[1])
        if not versions:
            continue
        if match.group(1) == "#available" and GUARD_BEFORE.search(code[:match.start()].rsplit("\n", 1)[-1]):
            regions.append((match.end(), enclosing_block_end(code, match.end()), versions))
            continue
        brace = code.find("{", match.end())
        if brace >= 0:
            regions.append((match.start(), matching_brace(code, brace), versions))
    return regions


def offset_of(text, line, column):
    lines = text.split("\n")
    return sum(len(lines[i]) + 1 for i in range(min(line - 1, len(lines)))) + column - 1


def is_guarded(regions, offset, needed):
    for start, end, versions in regions:
        if start <= offset <= end and all(
                platform in versions and versions[platform] >= version for platform, version in needed.items()):
            return True
    return False


# --- the check --------------------------------------------------------------------------------------------

def findings(lib, store, graphs, source_dirs, targets):
    """Findings as (file, line, column, message), and the number of references looked at."""
    table, names, older = graphs
    prefixes = [os.path.realpath(directory) + os.sep for directory in source_dirs]

    def wanted(path):
        real = os.path.realpath(path)
        return os.path.exists(real) and any(real.startswith(prefix) for prefix in prefixes)

    results, texts, looked_at = [], {}, 0
    for path, line, column, usr, name in references(lib, store, wanted):
        looked_at += 1
        introduced = table.get(usr)
        if not introduced:
            continue
        needed = {platform: version for platform, version in introduced.items()
                  if platform in targets and version > targets[platform]}
        if not needed or any(all(platform not in overload or overload[platform] <= targets[platform]
                                  for platform in needed) for overload in older.get(usr, [])):
            continue  # the compiler picks an overload the target has (e.g. StringProtocol's for String's)
        if path not in texts:
            with open(path, encoding="utf-8") as handle:
                texts[path] = handle.read()
            texts[path + "\0regions"] = guarded_regions(texts[path])
        if is_guarded(texts[path + "\0regions"], offset_of(texts[path], line, column), needed):
            continue
        wants = " / ".join(f"{platform} {version_text(version)}" for platform, version in sorted(needed.items()))
        declared = " / ".join(f"{platform} {version_text(version)}" for platform, version in sorted(targets.items()))
        results.append((path, line, column,
                        f"`{names.get(usr, name)}` needs {wants}, newer than the deployment target ({declared}); "
                        "guard it with `if #available` or use an older API"))
    return sorted(set(results)), looked_at


def package_description(package_dir):
    scratch = tempfile.mkdtemp(prefix="availability-dump-")
    result = subprocess.run(["swift", "package", "--package-path", package_dir, "--scratch-path", scratch,
                             "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"swift package dump-package failed: {result.stderr.strip()}")
    return json.loads(result.stdout)


def library_source_dirs(package_dir, description):
    library_targets = set()
    for product in description["products"]:
        if "library" in product["type"]:
            library_targets.update(product["targets"])
    dirs = []
    for target in description["targets"]:
        if target["name"] in library_targets:
            dirs.append(os.path.join(package_dir, target.get("path") or os.path.join("Sources", target["name"])))
    return sorted(dirs)


def deployment_targets(description):
    return {PLATFORMS[entry["platformName"]]: version_tuple(entry["version"])
            for entry in description.get("platforms", []) if entry["platformName"] in PLATFORMS}


def run_check(package_dir, store, cache_dir):
    bin_dir, library = toolchain_paths()
    description = package_description(package_dir)
    targets = deployment_targets(description)
    if not targets:
        print("check-availability: the package declares no macOS or iOS deployment target; nothing to check")
        return 0
    if not os.path.isdir(store):
        fail(f"no index store at {store}: build first (`swift build`)")
    graphs = availability_map(bin_dir, cache_dir)
    source_dirs = library_source_dirs(package_dir, description)
    results, looked_at = findings(open_index(library), store, graphs, source_dirs, targets)
    for path, line, column, message in results:
        print(f"{os.path.relpath(path, package_dir)}:{line}:{column}: error: {message}")
    print(f"availability: {len(source_dirs)} library targets, {looked_at} references checked against "
          f"{len(graphs[0])} toolchain declarations with Apple availability; {len(results)} findings")
    return 1 if results else 0


def self_test(script_dir, cache_dir):
    """Compile the fixture with an index store and require exactly the findings its comments mark."""
    bin_dir, library = toolchain_paths()
    fixture_dir = os.path.join(script_dir, "availability-fixture")
    fixture = os.path.join(fixture_dir, "Fixture.swift")
    work = tempfile.mkdtemp(prefix="availability-self-test-")
    store = os.path.join(work, "store")
    compiled = subprocess.run(
        ["swiftc", "-parse-as-library", "-module-name", "AvailabilityFixture", "-c", fixture, "-o",
         os.path.join(work, "Fixture.o"), "-index-store-path", store], capture_output=True, text=True)
    if compiled.returncode != 0:
        fail(f"the fixture does not compile: {compiled.stderr.strip()}")
    graphs = availability_map(bin_dir, cache_dir)
    targets = {"macOS": (13, 0, 0), "iOS": (16, 0, 0)}
    results, _ = findings(open_index(library), store, graphs, [fixture_dir], targets)
    with open(fixture, encoding="utf-8") as handle:
        expected = {number for number, line in enumerate(handle.read().split("\n"), start=1)
                    if line.rstrip().endswith("// expected: newer than the target")}
    reported = {line for _, line, _, _ in results}
    for _, line, column, message in results:
        print(f"Fixture.swift:{line}:{column}: {message}")
    if reported != expected or not expected:
        print(f"self-test failed: expected findings on lines {sorted(expected)}, got {sorted(reported)}")
        return 1
    print(f"self-test passed: {len(expected)} unguarded uses found, guarded and older uses not reported")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package", default=".", help="the package folder (default: .)")
    parser.add_argument("--index-store", help="the index store (default: the debug build's)")
    parser.add_argument("--self-test", action="store_true", help="check the check against its fixture")
    arguments = parser.parse_args()
    package_dir = os.path.realpath(arguments.package)
    script_dir = os.path.dirname(os.path.realpath(__file__))
    cache_dir = os.path.join(package_dir, ".build", "availability-symbolgraphs")
    if arguments.self_test:
        return self_test(script_dir, cache_dir)
    store = arguments.index_store
    if not store:
        bin_path = subprocess.run(["swift", "build", "--package-path", package_dir, "--show-bin-path"],
                                  capture_output=True, text=True).stdout.strip()
        store = os.path.join(bin_path, "index", "store")
    return run_check(package_dir, store, cache_dir)


if __name__ == "__main__":
    sys.exit(main())
