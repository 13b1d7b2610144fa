#!/usr/bin/env bash
# The report test (CTest report.html): writes the HTML reports of simulate (two agents with
# stalemates, matches of partnerships), compare and a two-key sweep, and of parts of studies, with their --json files into WORK_DIR, then checks
# them in headless Chromium (check_report.mjs), which also saves a screenshot of each
# (WORK_DIR/*.png).
#   tests/report/run.sh SWITCHCARDS WORK_DIR
# Exit status: 0 passed, 1 failed, 77 skipped (no node, chromium or report/node_modules).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cli="$1"
work="$2"
command -v node >/dev/null || { echo "report test: node is not installed; skipped" >&2; exit 77; }
[[ -d "$here/../../report/node_modules/playwright-core" ]] ||
  { echo "report test: report/node_modules is missing (scripts/setup.sh runs npm ci); skipped" >&2; exit 77; }
# The driver must run on Debian 12's Node, 18 (setup.sh installs it where there is no npm),
# even where this machine has a newer one: playwright-core 1.62 and later refuse Node 18.
node -e '
  const engines = require(process.argv[1]).engines.node;
  const least = /^>=\s*(\d+)/.exec(engines);
  if (!least || Number(least[1]) > 18) {
    console.error(`report test: playwright-core wants Node ${engines}; Debian 12 has 18: pin a version that runs there`);
    process.exit(1);
  }' "$here/../../report/node_modules/playwright-core/package.json"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
# Each simulation's text output beside its report: the page's tables must be its rows.
"$cli" simulate --variant british --games 400 --threads 2 --json simulate.json \
  --report simulate.html >simulate.txt
# Two agents, one of which stalls rounds (stalemates), and matches of partnerships.
"$cli" simulate --variant british --agents random,random:0.5 --games 200 --threads 2 \
  --json mixed.json --report mixed.html >mixed.txt
"$cli" simulate --variant british-partnerships --matches --games 20 --threads 2 \
  --json teams.json --report teams.html >teams.txt
# Each comparison's text output beside its report: the page's table must write its numbers.
"$cli" compare british british-stacked-eights --games 400 --threads 2 --json compare.json \
  --report compare.html >compare.txt
# One pair: no measure has an interval (sd_difference and ci95 are null).
"$cli" compare british british-stacked-eights --games 1 --threads 1 --json one-pair.json \
  --report one-pair.html >one-pair.txt
# A study in two shards, merged into one page.
for k in 1 2; do
  "$cli" simulate --variant british --games 200 --threads 2 --shard "$k/2" --json "part$k.json" >/dev/null
done
"$cli" merge part1.json part2.json --json merged.json --report merged.html >/dev/null
printf 'last_card.penalty: [1, 2, 4]\nspecials.skip.skip: [1, 2]\n' > grid.yaml
"$cli" sweep grid.yaml --variant british --games 100 --threads 2 --json sweep.json \
  --report sweep.html >/dev/null
# Parts of studies: shards 1 and 2 of 3 merged (games 0..60 of 90), of a comparison and of a
# sweep with base --rules and values whose YAML and JSON differ (8S, "8"); a lone simulate shard.
printf 'specials.skip.cards: [8, "8", 8S]\n' > cards.yaml
for k in 1 2 3; do
  "$cli" compare british british-stacked-eights --games 90 --threads 2 --shard "$k/3" \
    --json "cpart$k.json" >/dev/null
  "$cli" sweep cards.yaml --variant british --rules '{last_card: {penalty: 9}}' --games 90 \
    --threads 2 --shard "$k/3" --json "wpart$k.json" >/dev/null
done
"$cli" merge cpart1.json cpart2.json --json cpartial.json --report cpartial.html >cpartial.txt
# Matches: stalemates a match are a count, not a rate.
"$cli" compare british british-stacked-eights --matches --games 20 --threads 2 \
  --json cmatch.json --report cmatch.html >cmatch.txt
"$cli" merge wpart1.json wpart2.json --json wpartial.json --report wpartial.html >/dev/null
"$cli" simulate --variant british --games 200 --threads 2 --shard 2/2 --json shard.json \
  --report shard.html >/dev/null
# A title that ended the page's script early while '<' was written as is in its JSON.
"$cli" simulate --variant british --rules "{title: 'a <!--<script> b </script> c'}" --games 20 \
  --threads 1 --json title.json --report title.html >/dev/null
# Studies of a game or two: a scale of no width (every combination's rate equal, a measure no
# pair changed) and round lengths a decision apart, which the labels must write plainly.
"$cli" simulate --variant british --players 2 --games 2 --threads 1 --json two.json \
  --report two.html >/dev/null
"$cli" compare british british-stacked-eights --games 2 --threads 1 --json two-pairs.json \
  --report two-pairs.html >two-pairs.txt
"$cli" sweep grid.yaml --variant british --games 1 --threads 1 --json one-each.json \
  --report one-each.html >/dev/null
node "$here/check_report.mjs" two.html two.json two-pairs.html two-pairs.json \
  one-each.html one-each.json simulate.html simulate.json mixed.html mixed.json \
  teams.html teams.json compare.html compare.json \
  one-pair.html one-pair.json merged.html merged.json sweep.html sweep.json \
  cpartial.html cpartial.json cmatch.html cmatch.json wpartial.html wpartial.json shard.html shard.json title.html title.json
