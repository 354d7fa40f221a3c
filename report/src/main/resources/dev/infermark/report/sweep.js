// infermark report: sweep and search pages (sweep.html), the comparison's tools and definitions and
// regression gates, and AA-AgentPerf's Pareto frontier. Registered before report.js runs, which
// calls these with its drawing helpers (ui).
(function () {
  'use strict';
  var pages = window.infermarkPages = window.infermarkPages || {};
  var sections = window.infermarkSections = window.infermarkSections || {};
  function add(kind, f) { (sections[kind] = sections[kind] || []).push(f); }
  var PASS = '#16a34a', FAIL = '#dc2626', FRONTIER = '#111827';

  // Points as [x, y] pairs drawn in the order of x: a curve (one series per group) with the frontier
  // over it, each point ringed green (passes its checks) or red, labelled with its load value.
  function curveChart(ui, el, name, opts) {
    var groups = opts.groups, labelOf = opts.label;
    var tables = [], series = [{ label: opts.xLabel }], marks = [];
    groups.forEach(function (g, gi) {
      var pts = g.points.filter(function (p) { return ui.isNum(p.x) && ui.isNum(p.y); }).sort(function (a, b) { return a.x - b.x || a.y - b.y; });
      if (!pts.length) return;
      var xs = pts.map(function (p) { return p.x; });
      tables.push([xs, pts.map(function (p) { return p.y; }), pts.map(function (p) { return p.frontier ? p.y : null; })]);
      series.push(ui.line(g.name || 'all points', ui.COLORS[gi % ui.COLORS.length], { width: 1.2, points: { show: false } }));
      series.push(ui.line('Pareto frontier' + (groups.length > 1 ? ' (' + (g.name || 'all') + ')' : ''), FRONTIER,
        { width: 2.4, dash: [7, 4], spanGaps: true, points: { show: false } }));
      marks.push(pts);
    });
    if (!tables.length) return null;
    var data = tables.length === 1 ? tables[0] : uPlot.join(tables);
    function draw(u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.font = '11px system-ui, sans-serif';
      marks.forEach(function (pts) {
        pts.forEach(function (p) {
          var x = u.valToPos(p.x, 'x', true), y = u.valToPos(p.y, 'y', true);
          ctx.beginPath();
          ctx.arc(x, y, p.frontier ? 6 : 4.5, 0, 2 * Math.PI);
          ctx.fillStyle = p.pass === false ? FAIL : p.pass ? PASS : '#6b7280';
          ctx.fill();
          ctx.strokeStyle = '#fff';
          ctx.lineWidth = 1.5;
          ctx.stroke();
          ctx.fillStyle = '#374151';
          ctx.fillText(labelOf(p), x + 8, y - 6);
        });
      });
      ctx.restore();
    }
    var all = [];
    marks.forEach(function (pts) { pts.forEach(function (p) { all.push(p); }); });
    var xmax = Math.max.apply(null, all.map(function (p) { return p.x; }));
    var xmin = Math.min.apply(null, all.map(function (p) { return p.x; }));
    var ymax = Math.max.apply(null, all.map(function (p) { return p.y; }));
    // x around the points (per-user speeds may differ by a few per cent only), room for the labels
    var pad = 0.15 * (xmax - xmin) + 0.03 * xmax;
    ui.plot(el, name, {
      height: 320,
      scales: { x: { time: false, range: [Math.max(0, xmin - pad), xmax + pad] }, y: { range: [0, ymax * 1.15] } },
      axes: [ui.axis(opts.xLabel), ui.axis(opts.yLabel)],
      series: series,
      legend: { live: false },
      hooks: { draw: [draw] }
    }, data, all.length);
    return all.length;
  }

  function sweepPage(d, ui) {
    var h = ui.h, app = ui.app, isNum = ui.isNum, fmt = ui.fmt;
    app.innerHTML = '';
    var setting = d.setting, search = d.search;
    app.appendChild(h('h1', { text: (search ? 'SLA search of ' : 'Sweep of ') + setting + ' — ' + d.scenario }));
    app.appendChild(h('div', { cls: 'sub', text: d.points.length + (search ? ' probes, each a run' : ' runs') +
      '; checks: ' + ((d.checks || []).join(', ') || 'none') }));
    if (search) {
      var found = search.largest_passing;
      app.appendChild(h('div', { cls: 'banner ' + (search.passed ? 'ok' : 'bad'), text: search.passed
        ? 'Largest passing ' + setting + ': ' + (search.lower_bound ? '≥ ' : '') + fmt(found) +
          (search.smallest_failing != null ? ' (fails at ' + fmt(search.smallest_failing) + ')' : ' (the top of the space passed)') +
          (search.converged ? '' : ' — stopped by search-max-iterations before the precision')
        : 'No ' + setting + ' from ' + fmt(search.from) + ' passes: ' + fmt(search.smallest_failing) + ' fails.' }));
    }
    var groups = {}, order = [];
    d.points.forEach(function (p) {
      if (!groups[p.group]) { groups[p.group] = []; order.push(p.group); }
      groups[p.group].push(p);
    });
    function pts(g, xKey, yKey) {
      return groups[g].map(function (p) {
        return { x: p.metrics[xKey], y: p.metrics[yKey], pass: p.pass, frontier: p.frontier, value: p.value };
      });
    }
    var s = ui.section('Throughput against latency', 'curve');
    s.appendChild(h('div', { cls: 'sub', text: 'Each point a run: the whole run\'s output tokens per second against the median user\'s. ' +
      'Dashed: the Pareto frontier (no other point is faster per user and higher in total). Green: passes every check; red: fails one.' }));
    var g = h('div', { cls: 'grid' });
    s.appendChild(g);
    var p = ui.panel(g, 'Total output tokens/s against tokens/s per user', 'labels: ' + setting, true);
    curveChart(ui, p, 'throughput-latency', {
      groups: order.map(function (k) { return { name: k, points: pts(k, d.x, d.y) }; }),
      xLabel: 'output tokens/s per user (p50)', yLabel: 'output tokens/s (total)',
      label: function (q) { return fmt(q.value); }
    });
    var lat = ui.panel(g, 'Time to first token against ' + setting, 'p50 (solid) and p99 (dashed) per run', !search);
    var xs = d.points.map(function (q) { return q.value; });
    var logX = xs.length > 1 && Math.min.apply(null, xs) > 0 && Math.max.apply(null, xs) / Math.min.apply(null, xs) >= 8;
    var ttftSeries = [{ label: setting }], ttftTables = [];
    order.forEach(function (k, i) {
      var rows = groups[k].slice().sort(function (a, b) { return a.value - b.value; });
      ttftTables.push([rows.map(function (q) { return q.value; }), rows.map(function (q) { return num(q.metrics.time_to_first_token_p50); }),
        rows.map(function (q) { return num(q.metrics.time_to_first_token_p99); })]);
      var c = ui.COLORS[i % ui.COLORS.length], tag = order.length > 1 ? ' (' + (k || 'all') + ')' : '';
      ttftSeries.push(ui.line('TTFT p50' + tag, c, { points: { show: true, size: 6, fill: c } }));
      ttftSeries.push(ui.line('TTFT p99' + tag, c, { dash: [5, 4], points: { show: true, size: 6, fill: '#fff' } }));
    });
    ui.plot(lat, 'ttft-vs-load', {
      height: 280,
      scales: { x: logX ? { time: false, distr: 3, log: 2 } : { time: false }, y: { range: function (u, min, max) { return [0, Math.max(1, max) * 1.1]; } } },
      axes: [ui.axis(setting + (logX ? ' (log₂ scale)' : '')), ui.axis('ms')],
      series: ttftSeries
    }, ttftTables.length === 1 ? ttftTables[0] : uPlot.join(ttftTables));
    if (search) searchChart(ui, g, d);
    var t = ui.section(search ? 'Probes' : 'Points', 'points');
    var grouped = order.length > 1 || order[0] !== '';
    var head = [setting].concat(grouped ? ['group'] : []).concat(['pass', 'frontier', 'tok/s per user p50', 'output tok/s', 'TTFT p50 (ms)', 'TTFT p99 (ms)',
      'ITL p50 (ms)', 'latency p50 (ms)', 'latency p99 (ms)', 'req/s', 'errors', 'run']);
    t.appendChild(ui.table(head, d.points.map(function (q) {
      var m = q.metrics;
      return [fmt(q.value)].concat(grouped ? [q.group || '—'] : []).concat([
        h('span', { cls: q.pass ? 'pass' : 'fail', title: (q.failed || []).join('\n') || null, text: q.pass ? '✓' : '✗' }),
        q.frontier ? '★' : '', fmt(m.output_token_throughput_per_user_p50), fmt(m.output_token_throughput), fmt(m.time_to_first_token_p50),
        fmt(m.time_to_first_token_p99), fmt(m.inter_token_latency_p50), fmt(m.request_latency_p50), fmt(m.request_latency_p99),
        fmt(m.request_throughput), isNum(m.error_rate) ? ui.pct(m.error_rate) : '—',
        h('a', { href: q.folder + '/report.html', text: q.run })]);
    }), grouped ? 2 : 1));
    var failing = d.points.filter(function (q) { return !q.pass && q.failed && q.failed.length; });
    if (failing.length) {
      var f = ui.section('Why points fail', 'failures');
      f.appendChild(h('ul', { cls: 'notes' }, failing.map(function (q) {
        return h('li', { text: setting + ' ' + fmt(q.value) + ': ' + q.failed.join('; ') });
      })));
    }
  }
  function num(v) { return typeof v === 'number' && isFinite(v) ? v : null; }

  // The probes in order: the value tried against the probe's number, green when it passed, red when
  // not; the bracket found drawn as two lines.
  function searchChart(ui, grid, d) {
    var s = d.search, steps = s.steps || [];
    var p = ui.panel(grid, 'Search: the probes in order', 'growth ×' + ui.fmt(s.growth_factor) + ' until a probe fails, then bisection to ' +
      s.precision + '; green passes, red fails');
    var xs = steps.map(function (x, i) { return i + 1; });
    var ys = steps.map(function (x) { return x.value; });
    function draw(u) {
      var ctx = u.ctx, right = u.bbox.left + u.bbox.width;
      ctx.save();
      ctx.font = '11px system-ui, sans-serif';
      // The bracket: the pass's label under its line, the fail's over its own, so the two never meet.
      [[s.largest_passing, PASS, 'largest pass', 14], [s.smallest_failing, FAIL, 'first fail', -5]].forEach(function (b) {
        if (b[0] == null) return;
        var y = u.valToPos(b[0], 'y', true);
        ctx.strokeStyle = ctx.fillStyle = b[1];
        ctx.setLineDash([6, 4]);
        ctx.beginPath(); ctx.moveTo(u.bbox.left, y); ctx.lineTo(right, y); ctx.stroke();
        ctx.setLineDash([]);
        ctx.fillText(b[2] + ' ' + ui.fmt(b[0]), u.bbox.left + 10, y + b[3]);
      });
      steps.forEach(function (st, i) {
        var x = u.valToPos(i + 1, 'x', true), y = u.valToPos(st.value, 'y', true);
        ctx.beginPath();
        ctx.arc(x, y, 6, 0, 2 * Math.PI);
        ctx.fillStyle = st.pass ? PASS : FAIL;
        ctx.fill();
        ctx.fillStyle = '#374151';
        var text = ui.fmt(st.value);
        ctx.fillText(text, x - ctx.measureText(text).width / 2, st.pass ? y + 18 : y - 10);
      });
      ctx.restore();
    }
    var hi = Math.max.apply(null, ys.concat([1]));
    var lo = Math.min.apply(null, ys.concat([hi]));
    var log = lo > 0 && hi / lo >= 8;
    // A log₂ axis from one power of two to another, so that its ticks are the growth stage's values.
    var yScale = log ? { distr: 3, log: 2, range: [Math.pow(2, Math.floor(Math.log2(lo)) - 1), Math.pow(2, Math.ceil(Math.log2(hi)) + 1)] }
      : { range: [0, hi * 1.25] };
    ui.plot(p, 'search-probes', {
      height: 280,
      scales: { x: { time: false, range: [0.5, steps.length + 0.8] }, y: yScale },
      axes: [ui.axis('probe', { incrs: [1, 2, 5, 10] }), ui.axis(d.setting + (log ? ' (log₂ scale)' : ''))],
      series: [{ label: 'probe' }, ui.line(d.setting, '#9ca3af', { width: 1, points: { show: false } })],
      legend: { live: false },
      hooks: { draw: [draw] }
    }, [xs, ys], steps.length);
  }

  pages.sweep = sweepPage;
  pages.search = sweepPage;

  // ---- the comparison: which tool made each run, whose definitions differ, each run's gate --------
  add('compare', function (d, ui) {
    var peers = d.peers;
    if (!peers) return;
    var h = ui.h, fmt = ui.fmt;
    var s = ui.section('Tools and definitions', 'tools');
    s.appendChild(ui.table(['run', 'tool', 'model', 'concurrency', 'request rate', 'requests'], peers.runs.map(function (r) {
      var st = r.settings || {};
      return [r.label, r.tool, st.model || '—', st.concurrency || '—', st['request-rate'] || '—', st['request-count'] || '—'];
    }), 2));
    if (peers.aiperf || peers.vllm) {
      s.appendChild(h('div', { cls: 'sub', style: 'margin:10px 0 6px', text: 'The metrics lined up above, as each tool defines them. ' +
        'Red: the definition differs from infermark\'s, so the numbers differ for that reason alone.' }));
      var head = ['metric', 'infermark'].concat(peers.aiperf ? ['AIPerf'] : []).concat(peers.vllm ? ['vllm bench serve'] : []);
      var t = ui.table(head, peers.definitions.map(function (x) {
        var row = [h('code', { text: x.metric }), h('span', { text: x.infermark })];
        if (peers.aiperf) row.push(h('span', { cls: x.aiperf_same ? 'same' : 'worse', text: x.aiperf }));
        if (peers.vllm) row.push(h('span', { cls: x.vllm_same ? 'same' : 'worse', text: x.vllm }));
        return row;
      }), 1);
      t.querySelectorAll('td').forEach(function (td) { td.className += ' wrap'; });
      s.appendChild(t);
    }
    var gated = peers.runs.filter(function (r) { return r.regression; });
    if (!gated.length) return;
    var g = ui.section('Regression gate', 'regression');
    gated.forEach(function (r) {
      var x = r.regression;
      g.appendChild(h('h3', { style: 'margin-top:10px', text: r.label + ' against ' + (x.baseline ? x.baseline.path : '?') }));
      g.appendChild(h('div', { cls: 'banner ' + (x.passed ? 'ok' : 'bad'), text: x.passed ? 'No regression beyond ' + ui.pct(x.threshold, 0) +
        ' that its interval confirms.' : 'A significant regression beyond ' + ui.pct(x.threshold, 0) + '.' }));
      g.appendChild(ui.table(['', 'check', 'baseline', 'this run', 'change', ui.pct(x.confidence_level, 0) + ' interval', 'method'],
        (x.checks || []).map(function (c) {
          var worse = c.larger_is_better ? c.change < 0 : c.change > 0;
          return [h('span', { cls: c.passed ? 'pass' : 'fail', text: c.passed ? '✓' : '✗' }), (c.stat === 'value' ? '' : c.stat + ' ') + c.metric,
            c.baseline == null ? '—' : fmt(c.baseline) + ' ' + c.unit, c.current == null ? '—' : fmt(c.current) + ' ' + c.unit,
            c.change == null ? (c.not_judged || '—') : h('span', { cls: Math.abs(c.change) < 0.01 ? 'same' : worse ? 'worse' : 'better', text: signed(c.change) }),
            c.ci_low == null ? '—' : '[' + signed(c.ci_low) + ', ' + signed(c.ci_high) + ']', c.method || '—'];
        }), 2));
      if (x.settings_differ && x.settings_differ.length) {
        g.appendChild(h('div', { cls: 'sub', style: 'margin-top:6px', text: 'Settings that differ from the baseline\'s: ' +
          x.settings_differ.map(function (e) { return e.setting + ' ' + e.baseline + ' → ' + e.current; }).join(', ') }));
      }
    });
    function signed(v) { return (v > 0 ? '+' : '') + fmt(v * 100, 1) + ' %'; }
  });

  // ---- AA-AgentPerf's Pareto-frontier configuration ------------------------------------------------
  add('run', function (d, ui) {
    var pf = d.agentperf && d.agentperf.pareto;
    if (!pf || !pf.points || !pf.points.length) return;
    var h = ui.h, fmt = ui.fmt;
    var s = ui.section('AgentPerf Pareto frontier', 'agentperf-pareto');
    var phasesSection = document.getElementById('agentperf');
    if (phasesSection) phasesSection.after(s); // right after the phases it is made of
    s.appendChild(h('div', { cls: 'sub', text: 'One phase per agent count, each under the steady-state rules. ' +
      'Dashed: the frontier of ' + pf.y_title + ' against ' + pf.x_title + '.' }));
    var g = h('div', { cls: 'grid' });
    s.appendChild(g);
    var charts = [[pf.y, pf.y_title, 'frontier']].concat(pf.y_per_mw ? [[pf.y_per_mw, pf.y_per_mw_title, 'frontier_per_mw']] : []);
    charts.forEach(function (c) {
      var p = ui.panel(g, c[1] + ' against ' + pf.x_title, 'labels: agents', charts.length === 1);
      curveChart(ui, p, 'pareto ' + c[0], {
        groups: [{ name: 'phases', points: pf.points.map(function (q) {
          return { x: q[pf.x], y: q[c[0]], pass: q.complete !== false, frontier: q[c[2]], value: q.agents };
        }) }],
        xLabel: pf.x_title, yLabel: c[1], label: function (q) { return fmt(q.value); }
      });
    });
    s.appendChild(ui.table(['phase', 'agents', pf.x_title, 'output tok/s', pf.y_title].concat(pf.y_per_mw ? [pf.y_per_mw_title] : [])
      .concat(['frontier', 'complete']), pf.points.map(function (q) {
      return [q.phase, q.agents, fmt(q[pf.x]), fmt(q.output_throughput), fmt(q[pf.y])].concat(pf.y_per_mw ? [fmt(q[pf.y_per_mw])] : [])
        .concat([q.frontier ? '★' : '', q.complete === false ? 'no' : 'yes']);
    }), 2));
  });
})();
