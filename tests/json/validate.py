#!/usr/bin/env python3
"""The json.schema test: runs the sample writer (tests/json/write_samples.cpp) into a fresh
folder and, given the command line, writes results files of `simulate`, `compare`, `sweep` and
`merge` there too (good/) with damaged copies of them (bad/); then checks that every document
in good/ is valid against docs/json-schema.json and every document in bad/ is not. Exit 77 (a
skip) only if Debian's python3-jsonschema is missing, which scripts/setup.sh installs.

    validate.py SCHEMA SAMPLE_WRITER WORK_DIR [CLI]
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


# Results files of simulate (and merge): single rounds and matches, a shard with --rules, teams.
STUDIES = {
    "simulation-round": ["--variant", "british", "--games", "40"],
    "simulation-round-eager": ["--variant", "balkan-jump-in", "--players", "3", "--agents",
                               "eager", "--games", "20"],
    "simulation-match-teams-shard": ["--variant", "british-partnerships", "--matches", "--games",
                                     "6", "--shard", "2/2", "--rules",
                                     "{last_card: {penalty: 3}}"],
    "simulation-match-shard-1": ["--variant", "mau-mau", "--matches", "--games", "6",
                                 "--shard", "1/2"],
    "simulation-match-shard-2": ["--variant", "mau-mau", "--matches", "--games", "6",
                                 "--shard", "2/2"],
}


# Each a copy of a good results file, changed the way the schema must refuse.
def damaged_results(round_file, match_file, comparison, sweep):
    def damage(base, change):
        doc = json.loads(json.dumps(base))
        change(doc)
        return doc

    return {
        "simulation-negative-win": damage(round_file, lambda d: d["wins"].__setitem__(0, -1)),
        "simulation-unknown-event": damage(round_file, lambda d: d["events"].update(dealt=1)),
        "simulation-round-without-lead": damage(round_file, lambda d: d.pop("lead")),
        "simulation-match-with-lead": damage(
            match_file, lambda d: d.update(lead=round_file["lead"])),
        "simulation-match-without-losses": damage(match_file, lambda d: d.pop("losses")),
        "simulation-histogram-key": damage(
            round_file, lambda d: d["round_length"]["histogram"].update({"07": 1})),
        "simulation-rate-above-1": damage(round_file, lambda d: d.update(stalemate_rate=1.5)),
        "simulation-unknown-key": damage(round_file, lambda d: d.update(timing=1.0)),
        "simulation-format-1": damage(
            round_file, lambda d: d.update(format="switchcards-simulation/1")),
        "simulation-format-2-with-fairness": damage(
            round_file, lambda d: d.update(format="switchcards-simulation/2")),
        "comparison-without-b": damage(comparison, lambda d: d.pop("b")),
        "comparison-negative-n": damage(comparison, lambda d: d["paired"][0].update(n=-1)),
        "sweep-row-without-events": damage(sweep, lambda d: d["rows"][0]["results"].pop("events")),
    }


def write_results(cli, work):
    good, bad = work / "good", work / "bad"
    for name, args in STUDIES.items():
        out = good / f"{name}.json"
        subprocess.run([cli, "simulate", *args, "--seed", "3", "--json", str(out)], check=True,
                       stdout=subprocess.DEVNULL)
    subprocess.run([cli, "merge", str(good / "simulation-match-shard-1.json"),
                    str(good / "simulation-match-shard-2.json"), "--json",
                    str(good / "simulation-match-merged.json")],
                   check=True, stdout=subprocess.DEVNULL)
    compare = good / "comparison-shard-1.json"
    subprocess.run([cli, "compare", "british", "--rules-b", "{last_card: {penalty: 4}}",
                    "--games", "12", "--shard", "1/2", "--seed", "3", "--json", str(compare)],
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run([cli, "compare", "mau-mau", "crazy-eights", "--matches", "--games", "4",
                    "--seed", "3", "--json", str(good / "comparison-matches.json")],
                   check=True, stdout=subprocess.DEVNULL)
    grid = work / "grid.yaml"
    grid.write_text("last_card.penalty: [1, 3]\ndraw.when_playable: [true, false]\n")
    subprocess.run([cli, "sweep", str(grid), "--variant", "british", "--games", "6", "--seed",
                    "3", "--json", str(good / "sweep.json")], check=True,
                   stdout=subprocess.DEVNULL)
    # A row in which every round stalls: its shares of the games won are null.
    stalled = work / "stalled.yaml"
    stalled.write_text("round.turn_limit: [1, 2000]\n")
    subprocess.run([cli, "sweep", str(stalled), "--variant", "british", "--games", "4", "--seed",
                    "3", "--json", str(good / "sweep-stalled.json")], check=True,
                   stdout=subprocess.DEVNULL)
    assert json.loads((good / "sweep-stalled.json").read_text())["rows"][0]["summary"][
        "first_player_share_of_won"] is None
    round_file = json.loads((good / "simulation-round.json").read_text())
    match_file = json.loads((good / "simulation-match-merged.json").read_text())
    # Format /2, as merge writes the sum of /2 files: without the later measures.
    format_2 = dict(round_file, format="switchcards-simulation/2")
    for key in ("penalty_cards", "penalty_cards_per_round", "fairness", "lead"):
        del format_2[key]
    (good / "simulation-round-format-2.json").write_text(json.dumps(format_2))
    comparison = json.loads(compare.read_text())
    sweep = json.loads((good / "sweep.json").read_text())
    for name, doc in damaged_results(round_file, match_file, comparison, sweep).items():
        (bad / f"{name}.json").write_text(json.dumps(doc))


def main():
    schema_path, writer, work = sys.argv[1:4]
    cli = sys.argv[4] if len(sys.argv) > 4 else None
    work = pathlib.Path(work)
    shutil.rmtree(work, ignore_errors=True)
    subprocess.run([writer, str(work)], check=True)
    if cli:
        write_results(cli, work)
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
