#!/usr/bin/env bash
# The report test (CTest report.html): writes the HTML reports of simulate, compare and a
# two-key sweep with their --json files into WORK_DIR, then checks them in headless Chromium
# (check_report.mjs), which also saves a screenshot of each (WORK_DIR/*.png).
#   tests/report/run.sh SWITCHCARDS WORK_DIR
# Exit status: 0 passed, 1 failed, 77 skipped (no node, chromium or report/node_modules).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cli="$1"
work="$2"
command -v node >/dev/null || { echo "report test: node is not installed; skipped" >&2; exit 77; }
[[ -d "$here/../../report/node_modules/playwright-core" ]] ||
  { echo "report test: report/node_modules is missing (scripts/setup.sh runs npm ci); skipped" >&2; exit 77; }
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$cli" simulate --variant british --games 400 --threads 2 --json simulate.json --report simulate.html >/dev/null
"$cli" compare british british-stacked-eights --games 400 --threads 2 --json compare.json \
  --report compare.html >/dev/null
# One pair: no measure has an interval (sd_difference and ci95 are null).
"$cli" compare british british-stacked-eights --games 1 --threads 1 --json one-pair.json \
  --report one-pair.html >/dev/null
# A study in two shards, merged into one page.
for k in 1 2; do
  "$cli" simulate --variant british --games 200 --threads 2 --shard "$k/2" --json "part$k.json" >/dev/null
done
"$cli" merge part1.json part2.json --json merged.json --report merged.html >/dev/null
printf 'last_card.penalty: [1, 2, 4]\nspecials.skip.skip: [1, 2]\n' > grid.yaml
"$cli" sweep grid.yaml --variant british --games 100 --threads 2 --json sweep.json \
  --report sweep.html >/dev/null
node "$here/check_report.mjs" simulate.html simulate.json compare.html compare.json \
  one-pair.html one-pair.json merged.html merged.json sweep.html sweep.json
