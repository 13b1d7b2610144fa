#!/usr/bin/env python3
"""The json.schema test: runs the sample writer (tests/json/write_samples.cpp) into a fresh
folder, then checks that every sample it wrote to good/ is valid against docs/json-schema.json
and every document in bad/ is not. Exit 77 (a skip) only if Debian's python3-jsonschema is
missing, which scripts/setup.sh installs.

    validate.py SCHEMA SAMPLE_WRITER WORK_DIR
"""
import json
import pathlib
import shutil
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("json.schema: python3-jsonschema is not installed (scripts/setup.sh installs it)")
    sys.exit(77)


def main():
    schema_path, writer, work = sys.argv[1:4]
    work = pathlib.Path(work)
    shutil.rmtree(work, ignore_errors=True)
    subprocess.run([writer, str(work)], check=True)
    schema = json.loads(pathlib.Path(schema_path).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    failures = 0
    good = sorted((work / "good").glob("*.json"))
    bad = sorted((work / "bad").glob("*.json"))
    for path in good:
        errors = list(validator.iter_errors(json.loads(path.read_text())))
        if errors:
            failures += 1
            print(f"{path.name}: refused by the schema: {errors[0].message}")
    for path in bad:
        if validator.is_valid(json.loads(path.read_text())):
            failures += 1
            print(f"{path.name}: should be refused by the schema, but is valid")
    print(f"json.schema: {len(good)} samples valid, {len(bad)} bad documents refused, "
          f"{failures} failures")
    return 1 if failures or not good or not bad else 0


if __name__ == "__main__":
    sys.exit(main())
