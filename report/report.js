// The script of switchcards' HTML reports (src/cli/html_report.cpp embeds it into each page):
// reads the results JSON embedded in the page (#results, the text --json writes), writes its
// tables and builds one Vega-Lite specification a chart from those numbers alone, drawn by
// vega-embed. window.switchcardsReport lists each chart's id, data and specification (for the
// test, tests/report/check_report.mjs) and `done`, a promise settled when every chart is drawn.
(function () {
  "use strict";
  const results = JSON.parse(document.getElementById("results").textContent);
  const root = document.getElementById("report");
  const charts = [];

  // `x` to `digits` decimals as the text output writes it (fmt, as printf): the nearest, and an
  // exact tie of the double's value to the even digit. toFixed takes a tie up, so the page
  // said 3.13 where the text said 3.12 (3.125). toFixed(100) writes the double's exact value
  // (every double a study prints has fewer fractional digits), which shows whether it is a tie.
  const fixed = (x, digits) => {
    const nearest = x.toFixed(digits);
    const exact = Math.abs(x).toFixed(100);
    const cut = exact.indexOf(".") + 1 + digits;
    if (!/^50*$/.test(exact.slice(cut))) return nearest;
    const kept = exact.slice(0, digits > 0 ? cut : cut - 1);
    return Number(kept[kept.length - 1]) % 2 === 0 ? (x < 0 ? "-" : "") + kept : nearest;
  };
  const pct = (x) => fixed(100 * x, 1) + "%";
  // A difference with its sign, as the text writes "+4.7 points".
  const signed = (text) => (text.startsWith("-") ? "" : "+") + text;
  const num = (x, digits) => (x === null || x === undefined ? "–" : fixed(Number(x), digits));
  const el = (tag, text, cls) => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const heading = (text) => root.appendChild(el("h2", text));
  const note = (text) => root.appendChild(el("p", text, "note"));
  const table = (head, rows) => {
    const t = el("table");
    const tr = el("tr");
    head.forEach((h) => tr.appendChild(el("th", h)));
    t.appendChild(tr);
    rows.forEach((r) => {
      const row = el("tr");
      r.forEach((c) => row.appendChild(el("td", String(c))));
      t.appendChild(row);
    });
    root.appendChild(t);
  };
  // A chart: its container, its data (the rows drawn) and its Vega-Lite specification.
  const chart = (id, title, values, spec) => {
    const div = el("div", undefined, "chart");
    div.id = id;
    root.appendChild(div);
    spec.$schema = "https://vega.github.io/schema/vega-lite/v6.json";  // a name, never fetched
    spec.title = title;
    spec.data = { values: values };
    charts.push({ id: id, title: title, values: values, spec: spec });
  };

  // What a study played, from one simulation's results: "400 single rounds of 4 players, ...".
  const studyText = (r) =>
    `${r.games.toLocaleString("en")} ${r.game === "round" ? "single round" : "match"}` +
    `${r.games === 1 ? "" : r.game === "round" ? "s" : "es"} of ` +
    `${r.players} players, agents ${r.agents.join(",")}, seed ${r.seed}`;
  const who = (r) => `${r.title} (${r.variant}${r.rules ? ", rules " + r.rules : ""}): ${studyText(r)}`;
  // "Games 300..600 of a study of 900 (shard 2/3)." for results of part of a study (a shard, or a
  // merge of some shards), as the text report says; null for the whole study.
  const rangeText = (r) =>
    r.first_game === 0 && r.end_game === r.study_games ? null :
      `Games ${r.first_game}..${r.end_game} of a study of ${r.study_games.toLocaleString("en")}` +
      `${r.shard ? " (shard " + r.shard + ")" : ""}: the results below are of these games alone.`;
  const rangeNote = (r) => { const text = rangeText(r); if (text) note(text); };
  const firstNote =
    "Places are counted in the order of play from the first player to act at the deal " +
    "(of the first round, for matches), not by seat: seats are fixed, the dealer is not.";

  // Wins by place from the first player, with their 95% Wilson intervals, of one or more sides.
  const placeRows = (r, side) =>
    r.wins_by_position.from_first_player.map((p) => ({
      side: side, place: p.place, name: p.name, win_rate: p.win_rate,
      low: p.ci95[0], high: p.ci95[1]
    }));
  const placeChart = (id, rows, sides) => {
    const x = { field: "name", type: "nominal", sort: null, title: "place in play" };
    const enc = { x: x };
    if (sides) enc.xOffset = { field: "side", type: "nominal" };
    const color = sides ? { field: "side", type: "nominal" } : { value: "#4c78a8" };
    chart(id, "Wins by place in play (95% intervals)", rows, {
      width: 480, height: 260,
      encoding: enc,
      layer: [
        { mark: "bar", encoding: { y: { field: "win_rate", type: "quantitative",
            axis: { format: "%" }, title: "win rate" }, color: color, tooltip: [
              ...(sides ? [{ field: "side", type: "nominal" }] : []),
              { field: "name", type: "nominal", title: "place" },
              { field: "win_rate", type: "quantitative", format: ".1%", title: "win rate" },
              { field: "low", type: "quantitative", format: ".1%", title: "95% from" },
              { field: "high", type: "quantitative", format: ".1%", title: "95% to" }] } },
        { mark: { type: "rule", color: "black" }, encoding: {
            y: { field: "low", type: "quantitative" }, y2: { field: "high" } } }
      ]
    });
  };
  // The round-length histogram, rounds by length in decisions, binned for drawing.
  const lengthRows = (r, side) =>
    Object.entries(r.round_length.histogram).map(([len, n]) => ({
      side: side, length: Number(len), rounds: n, share: n / r.rounds
    }));
  const lengthChart = (id, rows, sides) => {
    // Bins of whole decisions from the shortest round to one past the longest: bin [n, n + 1)
    // holds the rounds of n decisions, so the longest round has a bin of its own (with the
    // extent of the data alone it shared the bin below). Two sides are bars over each other,
    // each bin drawn whole (a step line through the bins' middles drew the first and the last
    // bin by halves).
    const lengths = rows.map((r) => r.length);
    const extent = [Math.min(...lengths), Math.max(...lengths) + 1];
    chart(id, "Round length (decisions)", rows, {
      width: 480, height: 220,
      mark: sides ? { type: "bar", opacity: 0.55 } : "bar",
      encoding: {
        // minstep 1: lengths are whole decisions, so a study of a game or two gets no bins (and
        // labels) of fractions of one.
        x: { field: "length", type: "quantitative",
             bin: { maxbins: 60, minstep: 1, extent: extent },
             axis: { format: "d" }, title: "decisions" },
        y: { aggregate: "sum", field: "share", type: "quantitative", axis: { format: "%" },
             title: "share of rounds", stack: null },
        color: sides ? { field: "side", type: "nominal" } : { value: "#4c78a8" },
        tooltip: [
          ...(sides ? [{ field: "side", type: "nominal" }] : []),
          { field: "length", type: "quantitative", bin: { maxbins: 60, minstep: 1, extent: extent },
            title: "decisions" },
          { aggregate: "sum", field: "share", type: "quantitative", format: ".1%",
            title: "share of rounds" }
        ]
      }
    });
  };
  const summaryTable = (r) => {
    const f = r.fairness || {};
    const rows = [
      ["games", r.games.toLocaleString("en")],
      ["stalemates", `${r.stalemates.toLocaleString("en")} (${pct(r.stalemate_rate)})`],
      ["first player's win rate", f.first_player_win_rate !== undefined ? pct(f.first_player_win_rate) : "–"],
      ["first player's share of the games won", f.first_player_share_of_won != null ? pct(f.first_player_share_of_won) : "–"],
      ["first-player advantage (share of the games won, over 1/players)", f.first_player_advantage != null ? signed(fixed(100 * f.first_player_advantage, 1)) + " points" : "–"],
      ["spread of places' win rates", f.positional_spread !== undefined ? fixed(100 * f.positional_spread, 1) + " points" : "–"],
      ["round length: mean, p50, p90, p99, longest",
       `${num(r.round_length.mean, 1)}, ${r.round_length.p50}, ${r.round_length.p90}, ${r.round_length.p99}, ${r.round_length.max}`]
    ];
    if (r.lead) {
      rows.push(["lead changes a round", num(r.lead.lead_changes_per_round, 2)]);
      rows.push(["mid-round leader wins", r.lead.mid_leader_win_rate == null ? "– (no round had one)" : `${pct(r.lead.mid_leader_win_rate)} (${pct(r.lead.ci95[0])} - ${pct(r.lead.ci95[1])}) of ` +
         `${r.lead.mid_leader_rounds.toLocaleString("en")} ` +
         `${r.lead.mid_leader_rounds === 1 ? "round" : "rounds"} won that had one`]);
    }
    table(["measure", "value"], rows);
  };

  // A row of rates with their 95% Wilson intervals, as the text output writes it.
  const rateCells = (wins, rate, ci) =>
    [wins.toLocaleString("en"), pct(rate), `${pct(ci[0])} - ${pct(ci[1])}`];
  // Win rates with their intervals, one bar a row (`label`), as the places' chart draws them.
  const rateChart = (id, title, rows, axisTitle) => {
    chart(id, title, rows, {
      width: 480, height: Math.max(120, 24 * rows.length),
      encoding: { y: { field: "label", type: "nominal", sort: null, title: axisTitle,
                       axis: { labelLimit: 0 } } },
      layer: [
        { mark: "bar", encoding: { x: { field: "win_rate", type: "quantitative",
            axis: { format: "%" }, title: "win rate" }, color: { value: "#4c78a8" }, tooltip: [
              { field: "label", type: "nominal", title: axisTitle },
              { field: "win_rate", type: "quantitative", format: ".1%", title: "win rate" },
              { field: "low", type: "quantitative", format: ".1%", title: "95% from" },
              { field: "high", type: "quantitative", format: ".1%", title: "95% to" }] } },
        { mark: { type: "rule", color: "black" }, encoding: {
            x: { field: "low", type: "quantitative" }, x2: { field: "high" } } }
      ]
    });
  };
  // The effects of the rules, in the text output's words and order (the page's #labels, which
  // the command line writes from the same table as its text report): each kind that happened,
  // then the penalty cards drawn.
  const effectsTable = (r) => {
    const words = JSON.parse(document.getElementById("labels").textContent);
    const labels = words.effects;
    const perRound = (n) => fixed(r.rounds ? n / r.rounds : 0, 2);
    const rows = labels.filter(([event]) => (r.events[event] || 0) > 0)
      .map(([event, label]) => [label, r.events[event].toLocaleString("en"), perRound(r.events[event])]);
    if (r.penalty_cards > 0)
      rows.push([words.penalty_cards, r.penalty_cards.toLocaleString("en"), perRound(r.penalty_cards)]);
    if (rows.length > 0) {
      heading("Effects");
      table(["effect", "total", "per round"], rows);
    }
  };

  const format = results.format || "";
  if (format.startsWith("switchcards-simulation/")) {
    const matches = results.game === "match";
    note(who(results));
    rangeNote(results);
    if (results.stalemates > 0) {
      // As prominent as in the text output: stalemates are wins for nobody.
      root.appendChild(el("p",
        `Stalemates: ${results.stalemates.toLocaleString("en")} of ` +
        `${results.rounds.toLocaleString("en")} rounds (${pct(results.stalemate_rate)}) reached the ` +
        "turn limit; nobody won them" +
        (matches ? "" : `, so the win rates below add up to ${pct(1 - results.stalemate_rate)}`) +
        ". Agents that draw when they could play stall (random does); so do rules that loop, " +
        "whoever plays.", "warning"));
    }
    note(firstNote);
    summaryTable(results);
    heading(matches ? "Wins by seat (matches)" : "Wins by seat");
    table(["seat", "agent", "wins", "rate", "95% interval", ...(matches ? ["lost"] : [])],
      results.seats.map((x) => [`seat ${x.seat}`, x.agent, ...rateCells(x.wins, x.win_rate, x.ci95),
        ...(matches ? [results.losses[x.seat].toLocaleString("en")] : [])]));
    rateChart("chart-seats", "Wins by seat (95% intervals)", results.seats.map((x) => ({
      label: `seat ${x.seat} ${x.agent}`, win_rate: x.win_rate, low: x.ci95[0], high: x.ci95[1]
    })), "seat");
    if (results.wins_by_team) {
      heading("Wins by team");
      table(["team", "seats", "wins", "rate", "95% interval"],
        results.wins_by_team.map((t) => [`team ${t.team}`, t.seats.join(","),
          ...rateCells(t.wins, t.win_rate, t.ci95)]));
    }
    if (results.by_agent.length > 1) {
      heading("Wins by agent per seat");
      table(["agent", "seats", "wins", "rate per seat", "95% interval"],
        results.by_agent.map((a) => [a.agent, a.seats, ...rateCells(a.wins, a.win_rate_per_seat, a.ci95)]));
      rateChart("chart-agents", "Wins by agent per seat (95% intervals)", results.by_agent.map((a) => ({
        label: a.agent, win_rate: a.win_rate_per_seat, low: a.ci95[0], high: a.ci95[1]
      })), "agent");
    }
    heading("Wins by place");
    const places = results.wins_by_position;
    table(["place in play", "wins", "rate", "95% interval"],
      places.from_first_player.map((p) => [p.name, ...rateCells(p.wins, p.win_rate, p.ci95)]));
    table(["place from dealer", "wins", "rate", "95% interval"],
      places.from_dealer.map((p) => [p.name, ...rateCells(p.wins, p.win_rate, p.ci95)]));
    placeChart("chart-places", placeRows(results, "results"), false);
    heading("Round length");
    lengthChart("chart-round-length", lengthRows(results, "results"), false);
    effectsTable(results);
  } else if (format.startsWith("switchcards-comparison/")) {
    const a = results.a, b = results.b;
    note("A: " + who(a));
    note("B: " + who(b));
    rangeNote(a);
    note("Paired: " + results.pairing + ". " + firstNote);
    heading("Paired differences (B - A), 95% intervals");
    note("Student's t with n - 1 degrees of freedom and the standard deviation of the pairs' " +
         "differences; \"games needed\": pairs that would resolve the observed difference with " +
         "80% power at the 5% level, the least m >= (t(m - 1) + 0.84)^2 s^2 / d^2, " +
         "about (1.96 + 0.84)^2 s^2 / d^2.");
    // As the text table writes them: a rate in percent and its differences in points, other
    // measures to two decimals and their differences to three, with their sign.
    const value = (m, x) => (x === null ? "–" : m.rate ? pct(x) : fixed(x, 2));
    const diff = (m, x) => {
      if (x === null) return "–";
      const text = fixed(m.rate ? 100 * x : x, 3);
      return signed(text) + (m.rate ? " pts" : "");
    };
    table(["measure", "A", "B", "B - A", "95% interval", "verdict", "games needed"],
      results.paired.map((m) => [m.label, value(m, m.mean_a), value(m, m.mean_b),
        diff(m, m.difference),
        m.ci95 === null ? "–" : `${diff(m, m.ci95[0])} to ${diff(m, m.ci95[1])}`,
        m.n === 0 ? "no pairs" : m.ci95 === null ? "one pair: no interval" : m.distinguishable_from_zero ? (m.difference > 0 ? "B higher" : "B lower")
          : "not distinguishable from zero at this sample size",
        m.games_needed === null ? "–" : m.games_needed.toLocaleString("en")]));
    // Drawn as the table writes them: a rate's difference in points (`scale` 100, the row named
    // so), another measure's as it is; the data keep the JSON's numbers.
    const diffs = results.paired.filter((m) => m.n > 1 && m.ci95 !== null).map((m) => ({
      key: m.key, label: m.label, row: m.label + (m.rate ? " (points)" : ""),
      difference: m.difference, low: m.ci95[0], high: m.ci95[1], zero: 0,
      scale: m.rate ? 100 : 1
    }));
    if (diffs.length === 0) note("No measure has two pairs or more: no interval to draw.");
    else chart("chart-differences", "Paired differences B - A with 95% intervals", diffs, {
      facet: { row: { field: "row", type: "nominal", sort: diffs.map((d) => d.row), title: null,
                      header: { labelAngle: 0, labelAlign: "left" } } },
      resolve: { scale: { x: "independent" } },
      spec: {
        width: 360, height: 18,
        transform: [
          { calculate: "datum.difference * datum.scale", as: "shown_difference" },
          { calculate: "datum.low * datum.scale", as: "shown_low" },
          { calculate: "datum.high * datum.scale", as: "shown_high" }
        ],
        layer: [
          // "~f": a measure that no pair changed (a difference of 0, an interval of 0 to 0) has
          // a scale of no width, whose labels the default format wrote 0.000000.
          { mark: { type: "rule", color: "#999", strokeDash: [3, 3] },
            encoding: { x: { field: "zero", type: "quantitative", title: null,
                             axis: { format: "~f" } } } },
          { mark: { type: "rule", strokeWidth: 2 },
            encoding: { x: { field: "shown_low", type: "quantitative" },
                        x2: { field: "shown_high" } } },
          { mark: { type: "point", filled: true, size: 50 },
            encoding: { x: { field: "shown_difference", type: "quantitative" }, tooltip: [
              { field: "label", type: "nominal", title: "measure" },
              { field: "shown_difference", type: "quantitative", format: "+.3f", title: "B - A" },
              { field: "shown_low", type: "quantitative", format: "+.3f", title: "95% from" },
              { field: "shown_high", type: "quantitative", format: "+.3f", title: "95% to" }] } }
        ]
      }
    });
    heading("Wins by place, A and B");
    placeChart("chart-places", placeRows(a, "A").concat(placeRows(b, "B")), true);
    heading("Round length, A and B");
    lengthChart("chart-round-length", lengthRows(a, "A").concat(lengthRows(b, "B")), true);
  } else if (format.startsWith("switchcards-sweep/")) {
    // The study line of the text output: the base --rules under every row, then what each row
    // played (its games: a shard's or a partial merge's, not the whole study's).
    const n = results.rows.length;
    note(`${results.title} (${results.variant}${results.rules ? ", rules " + results.rules : ""}): ` +
         `sweep of ${results.grid} (${n} ${n === 1 ? "combination" : "combinations"} of ` +
         `${results.keys.join(", ")}).`);
    if (n > 0) {
      note(`Each: ${studyText(results.rows[0].results)}, on the same seeds.`);
      rangeNote(results.rows[0].results);
    }
    note(firstNote);
    // Values as the grid gives them in YAML (the CLI's table and the CSV): none, 8S, "8".
    const rows = results.rows.map((row) => {
      const out = { label: results.keys.map((k, i) => `${k}=${row.yaml_values[i]}`).join(", ") };
      results.keys.forEach((k, i) => { out["key" + i] = row.yaml_values[i]; });
      Object.assign(out, row.summary);
      out.low = row.summary.first_player_ci95[0];
      out.high = row.summary.first_player_ci95[1];
      return out;
    });
    table(["combination", "first player wins", "95% interval", "spread", "mean length", "stalemates", "lead changes", "mid-leader wins"],
      rows.map((r) => [r.label, pct(r.first_player_win_rate), `${pct(r.low)} - ${pct(r.high)}`,
        fixed(100 * r.positional_spread, 1), num(r.mean_round_length, 1), pct(r.stalemate_rate),
        num(r.lead_changes_per_round, 2), r.mid_leader_win_rate == null ? "–" : pct(r.mid_leader_win_rate)]));
    if (results.keys.length === 2) {
      const rates = rows.map((r) => r.first_player_win_rate);
      const middle = (Math.min(...rates) + Math.max(...rates)) / 2;
      heading("First player's win rate by " + results.keys.join(" and "));
      chart("chart-heatmap", "First player's win rate", rows, {
        width: 360, height: 260,
        encoding: {
          x: { field: "key0", type: "ordinal", title: results.keys[0], sort: null },
          y: { field: "key1", type: "ordinal", title: results.keys[1], sort: null }
        },
        layer: [
          { mark: "rect", encoding: { color: { field: "first_player_win_rate", type: "quantitative",
              // "~%": when every combination has the same rate the scale has no width, and
              // "%" wrote its one label with six decimals (38.000000%).
              title: "win rate", legend: { format: "~%" } } } },
          { mark: "text", encoding: {
              text: { field: "first_player_win_rate", type: "quantitative", format: ".1%" },
              // White on the darker half of the colour scale.
              color: { condition: { test: `datum.first_player_win_rate > ${middle}`, value: "white" },
                       value: "black" } } }
        ]
      });
    }
    heading("First player's win rate by combination (95% intervals)");
    chart("chart-sweep", "First player's win rate", rows, {
      width: 480, height: Math.max(120, 22 * rows.length),
      // labelLimit 0: a combination's label in full (cut at 180 pixels, "skip=1" and "skip=2"
      // read the same).
      encoding: { y: { field: "label", type: "nominal", sort: null, title: null,
                       axis: { labelLimit: 0 } } },
      layer: [
        { mark: "bar", encoding: { x: { field: "first_player_win_rate", type: "quantitative",
            axis: { format: "%" }, title: "first player's win rate" } } },
        { mark: { type: "rule", color: "black" }, encoding: {
            x: { field: "low", type: "quantitative" }, x2: { field: "high" } } }
      ]
    });
  } else {
    note("Unknown results format: " + format);
  }

  const draw = (c) =>
    vegaEmbed("#" + c.id, c.spec, { renderer: "svg", actions: false }).then((r) => {
      c.view = r.view;
      return c.id;
    });
  window.switchcardsReport = {
    format: format,
    fixed: fixed,  // for the test, which checks it against the text output's rounding
    charts: charts.map((c) => ({ id: c.id, title: c.title, values: c.values, spec: c.spec })),
    done: Promise.all(charts.map(draw))
  };
})();
