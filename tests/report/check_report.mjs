// The report test (CTest report.html): opens HTML reports written by `--report` in headless
// Chromium (Debian's /usr/bin/chromium, driven by playwright-core from report/node_modules),
// and checks that nothing but the file itself is requested, that every chart renders (an SVG
// of some size with marks in it), that the page's embedded JSON is the --json file's, and that
// each chart's data are the numbers of that JSON. Saves a screenshot beside each report.
// Where the comparison's text output lies beside its report (REPORT.txt), the page's table of
// paired differences must write each number as that text does.
//
//   node check_report.mjs REPORT.html RESULTS.json [REPORT.html RESULTS.json ...]
// Exit status: 0 all good, 1 a check failed, 77 no chromium or playwright-core (skipped).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import assert from "node:assert/strict";

const here = dirname(fileURLToPath(import.meta.url));
const modules = resolve(here, "../../report/node_modules");
const chromium = process.env.CHROMIUM || "/usr/bin/chromium";
if (!existsSync(resolve(modules, "playwright-core")) || !existsSync(chromium)) {
  console.error(`check_report: needs ${chromium} and report/node_modules/playwright-core ` +
                "(scripts/setup.sh installs both); skipped");
  process.exit(77);
}
const require = createRequire(resolve(modules, "index.js"));
const { chromium: driver } = require("playwright-core");

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error("usage: node check_report.mjs REPORT.html RESULTS.json [...]");
  process.exit(2);
}

const close = (a, b, what) =>
  assert.ok(Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)), `${what}: ${a} != ${b}`);

// What each chart must show, computed here from the JSON file alone.
function expectedCharts(json) {
  const places = (r, side) => r.wins_by_position.from_first_player.map((p) => ({
    side, win_rate: p.wins / r.games, low: p.ci95[0], high: p.ci95[1] }));
  const lengths = (r) => Object.values(r.round_length.histogram).reduce((a, b) => a + b, 0);
  if (json.format.startsWith("switchcards-simulation/")) {
    const out = {
      "chart-places": places(json, "results"), "chart-round-length": lengths(json),
      "chart-seats": json.seats.map((x) => ({
        label: `seat ${x.seat} ${x.agent}`, win_rate: json.wins[x.seat] / json.games,
        low: x.ci95[0], high: x.ci95[1] }))
    };
    // Agents by seat only where two agents play.
    if (json.by_agent.length > 1)
      out["chart-agents"] = json.by_agent.map((a) => ({
        label: a.agent, win_rate: a.wins / (a.seats * json.games), low: a.ci95[0], high: a.ci95[1] }));
    return out;
  }
  if (json.format.startsWith("switchcards-comparison/")) {
    const out = {
      "chart-places": places(json.a, "A").concat(places(json.b, "B")),
      "chart-round-length": lengths(json.a) + lengths(json.b)
    };
    // Measures of two pairs or more have an interval; with none there is no such chart.
    const diffs = json.paired.filter((m) => m.n > 1 && m.ci95 !== null).map((m) => {
      // The difference of the means, from the exact sums.
      return { difference: (m.sum_b - m.sum_a) / m.n, low: m.ci95[0], high: m.ci95[1] };
    });
    if (diffs.length > 0) out["chart-differences"] = diffs;
    return out;
  }
  const rows = json.rows.map((r) => {
    const wins = r.results.wins_by_position.from_first_player[0].wins;
    return { first_player_win_rate: wins / r.results.games };
  });
  const labels = sweepLabels(json);
  rows.forEach((r, i) => { r.label = labels[i]; });
  const out = { "chart-sweep": rows };
  if (json.keys.length === 2) out["chart-heatmap"] = rows;
  return out;
}

// Sentences the page must state, from the JSON file alone: what was played (a sweep's base
// --rules, agents, players and the games each row holds), and which games of the study when the
// file holds part of it (a shard, a merge of some shards).
function expectedText(json) {
  const out = [];
  const range = (r) => {
    if (r.first_game !== 0 || r.end_game !== r.study_games)
      out.push(`Games ${r.first_game}..${r.end_game} of a study of ` +
               `${r.study_games.toLocaleString("en")}${r.shard ? ` (shard ${r.shard})` : ""}`);
  };
  if (json.format.startsWith("switchcards-simulation/")) {
    range(json);
    if (json.stalemates > 0)
      out.push(`Stalemates: ${json.stalemates.toLocaleString("en")} of ` +
               `${json.rounds.toLocaleString("en")} rounds`);
  }
  else if (json.format.startsWith("switchcards-comparison/")) range(json.a);
  else {
    const first = json.rows[0].results;
    out.push(`${json.title} (${json.variant}${json.rules ? ", rules " + json.rules : ""}): ` +
             `sweep of ${json.grid} (${json.rows.length} combination` +
             `${json.rows.length === 1 ? "" : "s"} of ${json.keys.join(", ")})`);
    out.push(`Each: ${first.games.toLocaleString("en")} ` +
             `${first.game === "round" ? "single round" : "match"}` +
             `${first.games === 1 ? "" : first.game === "round" ? "s" : "es"} of ${first.players} ` +
             `players, agents ${first.agents.join(",")}, seed ${first.seed}, on the same seeds`);
    range(first);
  }
  return out;
}

// A sweep's combinations as the CLI's table and the CSV write them: the values' YAML.
const sweepLabels = (json) =>
  json.rows.map((row) => json.keys.map((k, i) => `${k}=${row.yaml_values[i]}`).join(", "));

function checkData(id, values, expected) {
  if (typeof expected === "number") {
    // The round-length chart: every histogram entry, with its count.
    const total = values.reduce((a, v) => a + v.rounds, 0);
    assert.equal(total, expected, `${id}: rounds drawn`);
    return;
  }
  assert.equal(values.length, expected.length, `${id}: number of data rows`);
  expected.forEach((e, i) => {
    for (const [key, value] of Object.entries(e)) {
      if (typeof value === "number") close(values[i][key], value, `${id}[${i}].${key}`);
      else assert.equal(values[i][key], value, `${id}[${i}].${key}`);
    }
  });
}

const browser = await driver.launch({ executablePath: chromium, args: ["--no-sandbox"] });
let failed = false;
try {
  for (let i = 0; i < args.length; i += 2) {
    const report = resolve(args[i]);
    const json = JSON.parse(readFileSync(args[i + 1], "utf8"));
    const url = pathToFileURL(report).href;
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const requests = [];
    const errors = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    // Anything but the file itself is refused, so a stray fetch fails fast and is listed.
    await page.route("**/*", (route) =>
      route.request().url() === url ? route.continue() : route.abort());
    try {
      await page.goto(url);
      await page.waitForFunction(() => window.switchcardsReport !== undefined, null, { timeout: 10000 });
      await page.evaluate(() => window.switchcardsReport.done);
      assert.deepEqual(errors, [], "errors on the page");
      assert.deepEqual(requests, [url], "requests other than the report itself");
      // Numbers are rounded as the text output rounds them (printf): an exact tie to the even
      // digit, where toFixed takes it up.
      const rounded = await page.evaluate(() =>
        [[3.125, 2], [63.25, 1], [63.35, 1], [2.5, 0], [-3.125, 2], [0.375, 2], [99.95, 1]]
          .map(([x, digits]) => window.switchcardsReport.fixed(x, digits)));
      assert.deepEqual(rounded, ["3.12", "63.2", "63.4", "2", "-3.12", "0.38", "100.0"], "rounding");
      const embedded = await page.evaluate(() => JSON.parse(document.getElementById("results").textContent));
      assert.deepEqual(embedded, json, "the embedded JSON is not the --json file");
      const text = await page.evaluate(() => document.getElementById("report").textContent);
      for (const sentence of expectedText(json))
        assert.ok(text.includes(sentence), `the page does not say "${sentence}"`);
      if (json.format.startsWith("switchcards-sweep/")) {
        const cells = await page.evaluate(() =>
          Array.from(document.querySelectorAll("#report table tr td:first-child"), (td) => td.textContent));
        assert.deepEqual(cells, sweepLabels(json), "the sweep table's combinations");
      }
      const textFile = report.replace(/\.html$/, ".txt");
      if (json.format.startsWith("switchcards-comparison/") && existsSync(textFile)) {
        const lines = readFileSync(textFile, "utf8").split("\n");
        const rows = await page.evaluate(() =>
          Array.from(document.querySelectorAll("#report table tr"),
                     (tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent))
            .filter((cells) => cells.length > 0));
        assert.equal(rows.length, json.paired.length, "rows of the paired table");
        json.paired.forEach((m, i) => {
          const line = lines.find((l) => l.startsWith(`  ${m.label} `));
          assert.ok(line, `the text has no row "${m.label}"`);
          // A, B, B - A and the interval ("–", no number, is the text's "-" or its note).
          for (const cell of rows[i].slice(1, 5).filter((c) => c !== "–"))
            assert.ok(line.includes(cell), `${m.label}: the page's "${cell}" is not in "${line}"`);
        });
      }
      if (json.format.startsWith("switchcards-simulation/") && existsSync(textFile)) {
        // Every row of the page's tables but the summary (seats, teams, agents, places,
        // effects) is a row of the text output, in the text's rounding: the words of its cells,
        // in order, are the words of a line, whole (a "4" is not the 4 of "84.2%"), but for
        // the words the text adds ("2 seats", "lost 3", "seats 0,2"). The effects are the same
        // rows.
        const lines = readFileSync(textFile, "utf8").split("\n");
        const words = (text) => text.trim().split(/\s+/);
        const added = new Set(["seat", "seats", "lost"]);
        const isRow = (line, cells) => {
          const want = cells.flatMap(words);
          let next = 0;
          for (const word of words(line)) {
            if (next < want.length && word === want[next]) ++next;
            else if (!added.has(word)) return false;
          }
          return next === want.length;
        };
        const tables = await page.evaluate(() =>
          Array.from(document.querySelectorAll("#report table"), (t) => ({
            head: Array.from(t.querySelectorAll("th"), (th) => th.textContent),
            rows: Array.from(t.querySelectorAll("tr"),
                             (tr) => Array.from(tr.querySelectorAll("td"), (td) => td.textContent))
              .filter((cells) => cells.length > 0)
          })));
        for (const t of tables.filter((t) => t.head[0] !== "measure"))
          for (const cells of t.rows) {
            const line = lines.find((l) => l.startsWith("  ") && isRow(l, cells));
            assert.ok(line, `${t.head[0]}: the text has no row with ${JSON.stringify(cells)}`);
          }
        const from = lines.findIndex((l) => l.startsWith("Effects "));
        // The effects' rows: the indented lines under the heading (the text may go on with
        // "Report written to ..." without a blank line).
        const effects = [];
        for (let k = from + 1; from >= 0 && k < lines.length && lines[k].startsWith("  "); ++k)
          effects.push(lines[k]);
        const pageEffects = tables.find((t) => t.head[0] === "effect");
        assert.equal(pageEffects ? pageEffects.rows.length : 0, effects.length, "rows of effects");
      }
      const charts = await page.evaluate(() => window.switchcardsReport.charts);
      const expected = expectedCharts(json);
      assert.deepEqual(charts.map((c) => c.id).sort(), Object.keys(expected).sort(), "charts");
      for (const c of charts) {
        checkData(c.id, c.values, expected[c.id]);
        if (c.id === "chart-round-length") {
          // Bins of whole decisions from the shortest round to one past the longest: the longest
          // round has a bin of its own (it shared the one below).
          const lengths = c.values.map((v) => v.length);
          assert.deepEqual(c.spec.encoding.x.bin.extent,
                           [Math.min(...lengths), Math.max(...lengths) + 1], `${c.id}: bins`);
        }
        if (c.id === "chart-differences") {
          // A rate's difference is drawn in points, as the table writes it, and its row says so.
          for (const v of c.values) {
            const m = json.paired.find((p) => p.key === v.key);
            assert.equal(v.scale, m.rate ? 100 : 1, `${c.id}: ${m.key}'s scale`);
            assert.equal(v.row, m.label + (m.rate ? " (points)" : ""), `${c.id}: ${m.key}'s row`);
          }
        }
        const drawn = await page.evaluate((id) => {
          const svg = document.querySelector(`#${id} svg`);
          if (!svg) return null;
          const box = svg.getBoundingClientRect();
          const marks = svg.querySelectorAll(".role-mark > path, .role-mark > line, .role-mark > g, .role-mark > text").length;
          return { width: box.width, height: box.height, marks };
        }, c.id);
        assert.ok(drawn, `${c.id}: no SVG`);
        assert.ok(drawn.width > 100 && drawn.height > 50, `${c.id}: SVG of ${drawn.width}x${drawn.height}`);
        assert.ok(drawn.marks > 0, `${c.id}: no marks drawn`);
        // Axis and legend labels, axis by axis: no six-decimal label of a scale of no width
        // (every value equal: "38.000000%", "0.000000"), no label twice on one axis, and whole
        // decisions on the round-length axis (once 37.2, 37.4... for a study of two games).
        const axes = await page.evaluate((id) =>
          Array.from(document.querySelectorAll(`#${id} .role-axis, #${id} .role-legend`), (g) =>
            Array.from(g.querySelectorAll(".role-axis-label text, .role-legend-label text"),
                       (t) => t.textContent)), c.id);
        for (const labels of axes) {
          assert.deepEqual(labels.filter((l) => /\d\.\d{5,}/.test(l)), [], `${c.id}: labels ${labels}`);
          assert.equal(new Set(labels).size, labels.length, `${c.id}: a label twice in ${labels}`);
        }
        if (c.id === "chart-round-length") {
          const numbers = axes.flat().filter((l) => /^[\d.,]+$/.test(l));
          assert.ok(numbers.length > 0 && numbers.every((l) => /^[\d,]+$/.test(l)),
                    `${c.id}: decisions ${numbers}`);
        }
        console.log(`${args[i]}: ${c.id}: ${c.values.length} data rows, ${drawn.marks} marks, ` +
                    `${Math.round(drawn.width)}x${Math.round(drawn.height)}`);
      }
      const shot = report.replace(/\.html$/, "") + ".png";
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`${args[i]}: OK (${charts.length} charts, 1 request), screenshot ${shot}`);
    } catch (e) {
      failed = true;
      console.error(`${args[i]}: FAIL: ${e.message}`);
      if (errors.length) console.error("page errors:\n  " + errors.join("\n  "));
    }
    await page.close();
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
