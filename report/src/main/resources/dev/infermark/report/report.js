// infermark report: draws the model that the Java side computed (report-data) with uPlot.
// Every chart registers how many data points it draws; a drawn chart with none, or any error,
// marks the page as failed (html[data-report]) for the browser check.
(function () {
  'use strict';
  var DATA = JSON.parse(document.getElementById('report-data').textContent);
  var app = document.getElementById('app');
  var charts = [];
  var COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777',
    '#4f46e5', '#65a30d', '#0d9488', '#c026d3'];
  // Session trees: no red (red marks a failed request) and no grey (warmup).
  var TREE_COLORS = ['#2563eb', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777', '#4f46e5', '#65a30d',
    '#0d9488', '#c026d3', '#0369a1'];

  // ---- small DOM and number helpers ----------------------------------------------------------
  function h(tag, attrs) {
    var el = document.createElement(tag);
    if (attrs) {
      for (var k in attrs) {
        if (attrs[k] == null) continue;
        if (k === 'text') el.textContent = attrs[k];
        else if (k === 'cls') el.className = attrs[k];
        else if (k === 'style') el.setAttribute('style', attrs[k]);
        else if (k === 'onclick') el.addEventListener('click', attrs[k]);
        else el.setAttribute(k, attrs[k]);
      }
    }
    for (var i = 2; i < arguments.length; i++) append(el, arguments[i]);
    return el;
  }
  function append(el, c) {
    if (c == null || c === false) return;
    if (Array.isArray(c)) { c.forEach(function (x) { append(el, x); }); return; }
    el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
  function isNum(v) { return typeof v === 'number' && isFinite(v); }
  function fmt(v, digits) {
    if (!isNum(v)) return v == null ? '—' : String(v);
    var a = Math.abs(v);
    var d = digits != null ? digits : Number.isInteger(v) || a >= 100 ? 0 : a >= 10 ? 1 : a >= 1 ? 2 : 3;
    if (a > 0 && a < 0.001) return v.toExponential(2);
    return v.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  }
  function pct(v, digits) { return isNum(v) ? fmt(v * 100, digits == null ? 1 : digits) + ' %' : '—'; }
  function section(title, id) {
    var s = h('section', { id: id }, h('h2', { text: title }));
    app.appendChild(s);
    return s;
  }
  function panel(parent, title, hint, wide) {
    var p = h('div', { cls: 'panel' + (wide ? ' wide' : '') }, h('h3', { text: title }), hint ? h('div', { cls: 'hint', text: hint }) : null);
    parent.appendChild(p);
    return p;
  }
  function table(head, rows, leftCols) {
    var t = h('table', null,
      h('thead', null, h('tr', null, head.map(function (c, i) { return h('th', { cls: i < (leftCols || 1) ? 'l' : null, text: c }); }))),
      h('tbody', null, rows.map(function (r) {
        return h('tr', null, r.map(function (c, i) {
          if (c && c.nodeType) return h('td', { cls: i < (leftCols || 1) ? 'l' : null }, c);
          return h('td', { cls: i < (leftCols || 1) ? 'l' : null, text: c == null ? '—' : c });
        }));
      })));
    return h('div', { cls: 'tablewrap' }, t);
  }

  // ---- charts ------------------------------------------------------------------------------------
  function countPoints(data) {
    var n = 0;
    for (var s = 1; s < data.length; s++) {
      for (var i = 0; i < data[s].length; i++) if (isNum(data[s][i]) && isNum(data[0][i])) n++;
    }
    return n;
  }
  // Creates a uPlot chart in el, sized to it, and registers it for the check.
  function plot(el, name, opts, data, points, minPoints) {
    var box = h('div', { cls: 'chart' });
    el.appendChild(box);
    var width = Math.max(280, box.clientWidth || el.clientWidth - 24);
    opts.width = width;
    opts.height = opts.height || 250;
    var u = new uPlot(opts, data, box);
    charts.push({ name: name, u: u, box: box, points: points != null ? points : countPoints(data), min: minPoints || 1 });
    return u;
  }
  function axis(label, extra) {
    var a = { label: label, labelSize: 18, labelFont: '12px system-ui, sans-serif', font: '11px system-ui, sans-serif',
      stroke: '#4b5563', grid: { stroke: '#eef0f3', width: 1 }, ticks: { stroke: '#e5e7eb', width: 1 } };
    for (var k in extra || {}) a[k] = extra[k];
    return a;
  }
  function line(label, color, extra) {
    var s = { label: label, stroke: color, width: 1.6, points: { show: false }, spanGaps: false };
    for (var k in extra || {}) if (extra[k] !== undefined) s[k] = extra[k];
    return s;
  }
  function stepped() { return uPlot.paths.stepped({ align: 1 }); }
  function joined(tables) { return tables.length === 1 ? tables[0] : uPlot.join(tables); }
  // Tables on different x values: a missing value (null) stays a gap across the other tables' x
  // values (uPlot's NULL_EXPAND), which a line would otherwise be drawn over.
  function joinKeepingGaps(tables) {
    return tables.length === 1 ? tables[0] : uPlot.join(tables, tables.map(function (t) { return t.map(function () { return 2; }); }));
  }

  // A CDF chart of one or more samples. A long tail (max beyond twice the p99) is cut from the
  // first view at the p99, saying so; buttons show the full range or switch the x axis to log scale.
  function cdfChart(el, name, unit, cdfs, labels, colors) {
    colors = colors || COLORS;
    var tables = cdfs.map(function (c) { return [c.x, c.y]; });
    var positive = cdfs.every(function (c) { return c.x.length && c.x[0] > 0; });
    var lo = Infinity, hi = -Infinity, p99 = -Infinity;
    cdfs.forEach(function (c) {
      lo = Math.min(lo, c.x[0]);
      hi = Math.max(hi, c.x[c.x.length - 1]);
      for (var i = 0; i < c.y.length; i++) if (c.y[i] >= 0.99) { p99 = Math.max(p99, c.x[i]); break; }
    });
    var tail = isNum(p99) && p99 > lo && hi > 2 * p99;
    var holder = h('div');
    var state = { log: false, full: !tail, u: null };
    var tools = h('span', { cls: 'tools' });
    var hint = h('div', { cls: 'hint' });
    el.insertBefore(tools, el.firstChild);
    el.appendChild(holder);
    el.appendChild(hint);
    function draw() {
      var clip = !state.full && !state.log;
      hint.textContent = clip ? 'x axis cut at the p99 (' + fmt(p99) + ' ' + unit + '); the tail reaches ' + fmt(hi) + ' ' + unit + ': see "full range" or "log x".' : '';
      var opts = {
        scales: { x: { time: false, distr: state.log ? 3 : 1, range: clip ? function () { return [Math.min(0, lo), p99 * 1.05]; } : undefined }, y: { range: [0, 1] } },
        axes: [axis(unit), axis('fraction ≤ x', { values: function (u, v) { return v.map(function (x) { return Math.round(x * 100) + '%'; }); } })],
        series: [{ label: unit, value: function (u, v) { return v == null ? '—' : fmt(v); } }].concat(cdfs.map(function (c, i) {
          return line(labels[i], colors[i % colors.length], { paths: stepped(), spanGaps: true,
            value: function (u, v) { return v == null ? '—' : pct(v); } });
        })),
        legend: { live: cdfs.length === 1 },
        hooks: { drawClear: [guides] }
      };
      if (state.u) {
        var idx = charts.findIndex(function (c) { return c.u === state.u; });
        state.u.destroy();
        holder.innerHTML = '';
        charts.splice(idx, 1);
      }
      state.u = plot(holder, name, opts, joined(tables));
    }
    // Dotted lines at p50, p90, p99.
    function guides(u) {
      var ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = '#cbd5e1';
      ctx.setLineDash([3, 4]);
      ctx.lineWidth = 1;
      [0.5, 0.9, 0.99].forEach(function (q) {
        var y = u.valToPos(q, 'y', true);
        ctx.beginPath();
        ctx.moveTo(u.bbox.left, y);
        ctx.lineTo(u.bbox.left + u.bbox.width, y);
        ctx.stroke();
      });
      ctx.restore();
    }
    function toggle(label, key) {
      var b = h('button', { text: label, cls: state[key] ? 'on' : null, onclick: function () { state[key] = !state[key]; b.className = state[key] ? 'on' : ''; draw(); } });
      tools.appendChild(b);
      tools.appendChild(document.createTextNode(' '));
    }
    if (tail) toggle('full range', 'full');
    if (positive) toggle('log x', 'log');
    draw();
  }

  function histChart(el, name, unit, hist, color) {
    var w = hist.width;
    var opts = {
      scales: { x: { time: false, range: function (u, min, max) { return [min - w / 2, max + w / 2]; } }, y: { range: function (u, min, max) { return [0, Math.max(1, max) * 1.05]; } } },
      axes: [axis(unit), axis('requests')],
      series: [{ label: unit, value: function (u, v) { return v == null ? '—' : fmt(v - w / 2) + ' – ' + fmt(v + w / 2); } },
        { label: 'requests', stroke: color, fill: color + '99', width: 1, paths: uPlot.paths.bars({ size: [0.92, Infinity], align: 0 }), points: { show: false } }],
      legend: { show: true }
    };
    plot(el, name, opts, [hist.x, hist.y], hist.y.reduce(function (a, b) { return a + b; }, 0));
  }

  // ---- the run report ----------------------------------------------------------------------------
  function runReport(d) {
    var run = d.run || {};
    app.innerHTML = '';
    app.appendChild(h('h1', { text: run.scenario || run.name || 'run' }));
    app.appendChild(h('div', { cls: 'sub' },
      h('span', { text: run.name }),
      run.start_time ? h('span', { text: run.start_time.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') }) : null,
      isNum(run.duration_s) ? h('span', { text: fmt(run.duration_s, 1) + ' s profiling' }) : null,
      run.model ? h('span', { text: 'model ' + run.model }) : null,
      run.url ? h('span', { text: run.url }) : null,
      run.random_seed ? h('span', { text: 'seed ' + run.random_seed }) : null));
    if (run.was_cancelled || run.is_complete === false) {
      app.appendChild(h('div', { cls: 'banner bad', text: 'Incomplete run' + (run.incomplete_reason ? ': ' + run.incomplete_reason : '') +
        ' — the numbers describe what completed.' }));
    }
    if (d.verdict) {
      var ok = d.verdict.submission_valid;
      app.appendChild(h('div', { cls: 'banner ' + (ok ? 'ok' : 'bad') }, ok ? '✓ submission_valid: true' : '✗ submission_valid: false',
        (d.verdict.reasons || []).map(function (r) { return h('span', { cls: 'chip', text: r }); })));
    }
    (d.warnings || []).forEach(function (w) { app.appendChild(h('div', { cls: 'banner warn', text: w })); });
    keyNumbers(d);
    if (d.slos && d.slos.length) slos(d.slos);
    if (d.accuracy) accuracy(d.accuracy);
    if (d.agentperf) agentperf(d.agentperf);
    if (d.summary && d.summary.length) summaryTable(d);
    if (d.dists && d.dists.length) distributions(d);
    if (d.timeline) timeline(d.timeline);
    if (d.server_series) serverTimeline(d.server_series, d.timeline);
    if (d.swimlane) swimlane(d.swimlane, d.timeline || {});
    if (d.server_metrics) serverMetrics(d.server_metrics);
    if (d.errors && d.errors.length) errorsTable(d.errors);
    details(d);
  }

  function keyNumbers(d) {
    var cards = h('div', { cls: 'cards' });
    function card(k, v, u) { cards.appendChild(h('div', { cls: 'card' }, h('div', { cls: 'k', text: k }), h('span', { cls: 'v', text: v }), u ? h('span', { cls: 'u', text: u }) : null)); }
    var rec = d.records || {};
    if (rec.total) card('requests measured', fmt(rec.measured, 0), 'of ' + fmt(rec.profiling, 0) + (rec.warmup ? ' (+' + rec.warmup + ' warmup)' : ''));
    // As the error_rate check counts (docs/running.md): failures among the requests that ended on their own;
    // what the run cut off at its end and what a cancel stopped, apart.
    var ended = (rec.measured || 0) + (rec.failed || 0);
    if (rec.profiling) card('failed requests', fmt(rec.failed, 0), ended ? pct(rec.failed / ended) + ' of ' + fmt(ended, 0) : '');
    if (rec.cut_off) card('cut off at the end', fmt(rec.cut_off, 0), pct(rec.cut_off / (ended + rec.cut_off)) + ' of ' + fmt(ended + rec.cut_off, 0));
    if (rec.cancelled) card('cancelled by the run', fmt(rec.cancelled, 0), 'not counted');
    var totals = {};
    (d.totals || []).forEach(function (t) { totals[t.tag] = t; });
    var summary = {};
    (d.summary || []).forEach(function (s) { summary[s.tag] = s; });
    if (totals.request_throughput) card('request throughput', fmt(totals.request_throughput.value), 'req/s');
    if (totals.output_token_throughput) card('output throughput', fmt(totals.output_token_throughput.value), 'tok/s');
    if (summary.time_to_first_token) card('TTFT p50 / p99', fmt(summary.time_to_first_token.p50) + ' / ' + fmt(summary.time_to_first_token.p99), 'ms');
    if (summary.inter_token_latency) card('ITL p50 / p99', fmt(summary.inter_token_latency.p50) + ' / ' + fmt(summary.inter_token_latency.p99), 'ms');
    if (summary.request_latency) card('E2E p50 / p99', fmt(summary.request_latency.p50) + ' / ' + fmt(summary.request_latency.p99), 'ms');
    if (summary.effective_latency) card('E2E from intended p50 / p99', fmt(summary.effective_latency.p50) + ' / ' + fmt(summary.effective_latency.p99), 'ms');
    if (summary.schedule_lag) card('schedule lag p50 / p99', fmt(summary.schedule_lag.p50) + ' / ' + fmt(summary.schedule_lag.p99), 'ms');
    if (summary.output_token_throughput_per_user) card('speed per user p50', fmt(summary.output_token_throughput_per_user.p50), 'tok/s');
    if (d.timeline && isNum(d.timeline.cache_hit_overall)) card('prefix cache hits', pct(d.timeline.cache_hit_overall), 'of prompt tokens');
    if (d.accuracy && d.accuracy.overall) card('accuracy', pct(d.accuracy.overall.accuracy), (d.accuracy.overall.total || 0) + ' graded');
    if (cards.childNodes.length) app.appendChild(cards);
  }

  function slos(list) {
    var s = section('Service level objectives', 'slos');
    var tiers = list.some(function (r) { return r.tier; });
    s.appendChild(table(['', 'tier', 'objective', 'measured', 'threshold'].filter(function (c) { return tiers || c !== 'tier'; }), list.map(function (r) {
      var passed = r.passed;
      var mark = h('span', { cls: passed ? 'pass' : 'fail', text: passed ? '✓' : passed === false ? '✗' : '?' });
      var unit = r.unit ? ' ' + r.unit : '';
      var threshold = r.threshold != null ? (typeof r.threshold === 'object' ? JSON.stringify(r.threshold) : String(r.threshold)) :
        [r.min != null ? '≥ ' + fmt(r.min) : null, r.max != null ? '≤ ' + fmt(r.max) : null].filter(Boolean).join(', ');
      var measured = isNum(r.measured) ? fmt(r.measured) + unit : r.measured == null ? 'not measured' : String(r.measured);
      var row = [mark, r.tier || '', (r.stat ? r.stat + ' ' : '') + (r.metric || r.name || ''), measured, (threshold || '—') + (threshold ? unit : '')];
      if (!tiers) row.splice(1, 1);
      return row;
    }), tiers ? 3 : 2));
  }

  function summaryTable(d) {
    var s = section('Summary', 'summary');
    var rec = d.records || {};
    s.appendChild(h('div', { cls: 'hint sub', text: 'As reported in profile_export_aiperf.json: profiling requests only (' + fmt(rec.measured || 0, 0) +
      ' measured; warmup excluded).' }));
    s.appendChild(table(['metric', 'unit', 'avg', 'min', 'p50', 'p90', 'p95', 'p99', 'max', 'std'], d.summary.map(function (m) {
      return [m.name, m.unit, fmt(m.avg), fmt(m.min), fmt(m.p50), fmt(m.p90), fmt(m.p95), fmt(m.p99), fmt(m.max), fmt(m.std)];
    }), 2));
    if (d.totals && d.totals.length) {
      s.appendChild(h('div', { style: 'height:10px' }));
      var tt = table(['per run', 'unit', 'value'], d.totals.map(function (t) { return [t.name, t.unit, fmt(t.value)]; }), 2);
      tt.style.maxWidth = '720px';
      s.appendChild(tt);
    }
  }

  function distributions(d) {
    var s = section('Distributions', 'distributions');
    var rec = d.records || {};
    s.appendChild(h('div', { cls: 'sub', text: 'Successful profiling requests (' + fmt(rec.measured || 0, 0) + '); warmup' +
      (rec.warmup ? ' (' + rec.warmup + ')' : '') + ' and failed (' + fmt(rec.failed || 0, 0) + ') requests excluded. Dotted lines: p50, p90, p99.' }));
    var g = h('div', { cls: 'grid' });
    s.appendChild(g);
    d.dists.forEach(function (m, i) {
      if (m.grouped) {
        var p = panel(g, m.title + ' — CDF per phase', 'one line per load level; n = ' + fmt(m.n, 0));
        cdfChart(p, m.tag + ' cdf', m.unit, m.cdfs, m.cdfs.map(function (c) { return c.label + ' n=' + c.n; }));
        return;
      }
      // A latency with its twin measured from each request's intended instant: both CDFs in one chart.
      var twin = m.cdfs.length > 1;
      var p1 = panel(g, m.title + ' — CDF', 'n = ' + fmt(m.n, 0) + (twin ? '; red: from each request\'s intended instant ' +
        '(an open loop\'s arrival; a closed loop\'s send, where the lines coincide), so the waiting before the send shows' : ''));
      cdfChart(p1, m.tag + ' cdf', m.unit, m.cdfs, twin ? m.cdfs.map(function (c) { return c.label; }) : [m.title]);
      var hint = m.hist.above ? m.hist.above + ' value(s) above ' + fmt(m.hist.clip) + ' (max ' + fmt(m.hist.max) + ') not shown' :
        'bin width ' + fmt(m.hist.width) + ' ' + m.unit;
      var p2 = panel(g, m.title + ' — histogram', hint);
      histChart(p2, m.tag + ' histogram', m.unit, m.hist, COLORS[i % COLORS.length]);
    });
  }

  // Background bands: grey where only warmup was on the wire; a methodology's load levels
  // (AgentPerf phases) as alternating bands labelled at the top.
  function bands(tl, labels) {
    return function (u) {
      var ctx = u.ctx;
      ctx.save();
      if (tl.inflight_warmup) {
        ctx.fillStyle = 'rgba(148,163,184,0.16)';
        for (var i = 0; i < tl.t.length; i++) {
          if (tl.inflight_warmup[i] > 0 && !(tl.inflight[i] > 0)) {
            var x0 = u.valToPos(tl.t[i], 'x', true);
            var x1 = u.valToPos(tl.t[i] + tl.slice_s, 'x', true);
            ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
          }
        }
      }
      (tl.groups || []).forEach(function (g, k) {
        var a = u.valToPos(g.from, 'x', true), b = u.valToPos(g.to, 'x', true);
        if (k % 2 === 0) {
          ctx.fillStyle = 'rgba(37,99,235,0.05)';
          ctx.fillRect(a, u.bbox.top, b - a, u.bbox.height);
        }
        if (labels && b - a > 30) {
          ctx.fillStyle = '#475569';
          ctx.font = '11px system-ui, sans-serif';
          ctx.fillText(g.label, a + 3, u.bbox.top + 12);
        }
      });
      ctx.restore();
    };
  }

  // Trailing mean over `window` slices (null until the window is full).
  function rolling(v, window) {
    var out = new Array(v.length), sum = 0, n = 0;
    for (var i = 0; i < v.length; i++) {
      if (isNum(v[i])) { sum += v[i]; n++; }
      if (i >= window && isNum(v[i - window])) { sum -= v[i - window]; n--; }
      out[i] = i >= window - 1 && n > 0 ? sum / window : null;
    }
    return out;
  }

  function timeline(tl) {
    var s = section('Over time', 'timeline');
    var slice = tl.slice_s >= 1 ? fmt(tl.slice_s, 0) + ' s' : fmt(tl.slice_s * 1000, 0) + ' ms';
    var window = Math.round(10 / tl.slice_s);
    var smooth = tl.slice_s >= 1 && window > 1 && tl.t.length >= 3 * window;
    s.appendChild(h('div', { cls: 'sub', text: slice + ' slices; t = 0 at the first profiling request. ' +
      'Completions, errors, tokens and cache hits count profiling requests; grey: only warmup on the wire' +
      (tl.groups ? '; bands: the search\'s phases' : '') + (smooth ? '; thick lines: 10 s trailing means of the thin ones' : '') + '.' }));
    var g = h('div', { cls: 'grid' });
    s.appendChild(g);
    var x = tl.t;
    var xAxis = axis('s');
    var zero = { range: function (u, min, max) { return [0, Math.max(1, max) * 1.08]; } };
    function rate(title, hint, name, values, colors, unit) {
      var p = panel(g, title, hint);
      var data = [x], series = [{ label: 't (s)' }];
      values.forEach(function (v, k) {
        data.push(v[1]);
        series.push(line(v[0] + (smooth && k === 0 ? ' per ' + slice : ''), colors[k] + (smooth && k === 0 ? '66' : ''), { width: smooth && k === 0 ? 1 : 1.6 }));
        if (smooth && k === 0) {
          data.push(rolling(v[1], window));
          series.push(line(v[0] + ' (10 s mean)', colors[k], { width: 2.4 }));
        }
      });
      plot(p, name, { scales: { x: { time: false }, y: zero }, axes: [xAxis, axis(unit)], series: series,
        legend: { live: false }, hooks: { drawClear: [bands(tl, true)] } }, data, null, 2);
    }
    rate('Requests', 'completed and failed profiling requests per second, by end time', 'requests over time',
      [['completed/s', tl.completed], ['failed/s', tl.failed]], [COLORS[0], COLORS[1]], 'requests/s');
    rate('Output tokens', 'output tokens per second, each chunk\'s tokens at its arrival', 'tokens over time',
      [['output tokens/s', tl.output_tps]], [COLORS[2]], 'tokens/s');
    var p2 = panel(g, 'Concurrency', 'mean requests in flight per slice', !tl.cache_hit);
    var conc = [x, tl.inflight];
    var series = [{ label: 't (s)' }, line('profiling in flight', COLORS[3], { fill: COLORS[3] + '22' })];
    if (tl.inflight_warmup) { conc.push(tl.inflight_warmup); series.push(line('warmup in flight', '#64748b', { dash: [4, 3] })); }
    plot(p2, 'concurrency', { scales: { x: { time: false }, y: zero }, axes: [xAxis, axis('requests')], series: series,
      legend: { live: false }, hooks: { drawClear: [bands(tl, true)] } }, conc, null, 2);
    if (tl.latency) latencyOverTime(g, tl, x, xAxis, zero);
    if (tl.cache_hit) {
      var p3 = panel(g, 'Prefix cache hit rate', 'cached ÷ prompt tokens of the requests started in each slice (usage cached_tokens); overall ' + pct(tl.cache_hit_overall));
      plot(p3, 'cache hit rate', {
        scales: { x: { time: false }, y: { range: [0, 1.02] } },
        axes: [xAxis, axis('hit rate', { values: function (u, v) { return v.map(function (q) { return Math.round(q * 100) + '%'; }); } })],
        series: [{ label: 't (s)' }, line('cache hit rate', COLORS[5], { points: { show: true, size: 4 }, value: function (u, v) { return pct(v); } })],
        legend: { live: false }, hooks: { drawClear: [bands(tl, false)] }
      }, [x, tl.cache_hit]);
    }
  }

  // End-to-end latency of the requests due in each slice, from the send and from the intended instant, and how
  // late they left: a server stall shows in the latter while the former stays flat (coordinated omission).
  function latencyOverTime(g, tl, x, xAxis, zero) {
    var l = tl.latency;
    var gaps = { spanGaps: true };
    var p = panel(g, 'End-to-end latency over time', 'p50 and p99 of the successful requests due in each slice (by intended instant), ' +
      'from the send and from the intended instant');
    plot(p, 'latency over time', { scales: { x: { time: false }, y: zero }, axes: [xAxis, axis('ms')],
      series: [{ label: 't (s)' }, line('p99 from the intended instant', COLORS[1], gaps), line('p99 from the send', COLORS[0], gaps),
        line('p50 from the intended instant', COLORS[1], { spanGaps: true, dash: [4, 3] }),
        line('p50 from the send', COLORS[0], { spanGaps: true, dash: [4, 3] })],
      legend: { live: false }, hooks: { drawClear: [bands(tl, true)] } },
      [x, l.effective_latency_p99, l.latency_p99, l.effective_latency_p50, l.latency_p50], null, 2);
    var q = panel(g, 'Schedule lag over time', 'how long after their intended instant the requests due in each slice left ' +
      '(waiting for a max-concurrency slot, or a late client)');
    plot(q, 'schedule lag over time', { scales: { x: { time: false }, y: zero }, axes: [xAxis, axis('ms')],
      series: [{ label: 't (s)' }, line('p99', COLORS[4], gaps), line('max', COLORS[4], { spanGaps: true, dash: [4, 3] })],
      legend: { live: false }, hooks: { drawClear: [bands(tl, true)] } }, [x, l.schedule_lag_p99, l.schedule_lag_max], null, 2);
  }

  // The server over time (server_metrics_export.jsonl) next to what the client saw on the same
  // time axis: KV-cache usage with the client's output tokens/s (right axis), the server's prefix-cache
  // hit rates with the client's (from cached_tokens), running and waiting with the client's requests
  // in flight. Bands as on the client's charts; dashed lines: the profiling window's ends.
  function serverTimeline(ss, tl) {
    var s = section('Server over time', 'server-timeline');
    if (ss.none) { s.appendChild(h('div', { cls: 'sub', text: ss.none })); return; }
    var eps = ss.endpoints || [];
    s.appendChild(h('div', { cls: 'sub', text: 'From server_metrics_export.jsonl, one point per scrape of ' +
      (ss.per_endpoint ? eps.length + ' endpoints, one line per endpoint (not summed)' : eps[0]) +
      (ss.backends && ss.backends.length ? ' (' + ss.backends.join(', ') + ')' : '') +
      '; t = 0 at the first profiling request, as above. Grey: the client\'s side' + (tl ? '; grey bands: only warmup on the wire' : '') +
      (ss.window ? '; dashed: the profiling window (start, end of load after the grace period)' : '') + '.' }));
    var charts0 = ss.charts || {};
    var all = [];
    Object.keys(charts0).forEach(function (k) { charts0[k].forEach(function (l) { all = all.concat(l.t); }); });
    if (tl) all = all.concat([tl.t[0], tl.t[tl.t.length - 1] + tl.slice_s]);
    var lo = Math.min.apply(null, all.length ? all : [0]), hi = Math.max.apply(null, all.length ? all : [1]);
    var xScale = { time: false, range: function () { return [lo, hi > lo ? hi : lo + 1]; } };
    function marks(u) {
      if (!ss.window) return;
      var ctx = u.ctx;
      ctx.save();
      ctx.strokeStyle = '#475569';
      ctx.fillStyle = '#475569';
      ctx.font = '11px system-ui, sans-serif';
      ctx.setLineDash([5, 4]);
      [[ss.window.from, 'profiling'], [ss.window.to, 'load ends']].forEach(function (m) {
        var x = u.valToPos(m[0], 'x', true), right = u.bbox.left + u.bbox.width;
        if (!(x >= u.bbox.left && x <= right)) return;
        ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
        var w = ctx.measureText(m[1]).width;
        ctx.fillText(m[1], x + 3 + w > right ? x - 3 - w : x + 3, u.bbox.top + 24);
      });
      ctx.restore();
    }
    var hooks = { drawClear: tl ? [bands(tl, true)] : [], draw: [marks] };
    var g = h('div', { cls: 'grid' });
    s.appendChild(g);
    // One chart: the server's lines (counted for the check), then the client's, joined on t.
    function chart(title, hint, name, lines, client, axes, yScales, value) {
      var p = panel(g, title, hint);
      var tables = [], series = [{ label: 't (s)' }], points = 0;
      lines.forEach(function (l, i) {
        tables.push([l.t, l.v]);
        // Points mark each scrape; an interval between gaps is one point and must stay visible.
        series.push(line(l.label, COLORS[i % COLORS.length], { points: { show: l.t.length <= 400 || isolated(l.v), size: 5 }, value: value }));
        points += l.v.filter(isNum).length;
      });
      client.forEach(function (c) {
        tables.push([c.t, c.v]);
        series.push(line(c.label, '#94a3b8', { width: 1.2, dash: c.dash, scale: c.scale, value: c.value }));
      });
      var scales = { x: xScale };
      for (var k in yScales) scales[k] = yScales[k];
      plot(p, name, { scales: scales, axes: [axis('s')].concat(axes), series: series, legend: { live: false },
        cursor: { sync: { key: 'server-timeline' } }, hooks: hooks }, joinKeepingGaps(tables), points);
      p.appendChild(h('div', { cls: 'legend-note', text: 'from ' + uniq(lines.map(function (l) { return l.metric; })).join('; ') }));
    }
    function isolated(v) {
      for (var i = 0; i < v.length; i++) if (isNum(v[i]) && !isNum(v[i - 1]) && !isNum(v[i + 1])) return true;
      return false;
    }
    function uniq(a) { return a.filter(function (x, i) { return a.indexOf(x) === i; }); }
    var zero = { range: function (u, min, max) { return [0, Math.max(1, max) * 1.08]; } };
    var tps = tl ? [{ label: 'client output tokens/s', t: tl.t, v: tl.output_tps, scale: 'tps' }] : [];
    var tpsAxis = { scale: 'tps', side: 1, label: 'client tokens/s', labelSize: 18, labelFont: '12px system-ui, sans-serif',
      font: '11px system-ui, sans-serif', stroke: '#94a3b8', grid: { show: false } };
    var percent = function (u, v) { return v == null ? '—' : fmt(v, 1) + ' %'; };
    if (charts0.kv_usage) {
      chart('KV-cache usage', 'percent of the KV cache in use at each scrape' + (tl ? '; grey: the client\'s output tokens/s (right axis)' : ''),
        'server kv usage', charts0.kv_usage, tps, [axis('% in use')].concat(tl ? [tpsAxis] : []),
        { y: { range: [0, 100] }, tps: zero }, percent);
    }
    if (charts0.hit_rate) {
      var ch = tl && tl.cache_hit ? [{ label: 'client (cached_tokens)', t: tl.t, v: tl.cache_hit, dash: [4, 3],
        value: function (u, v) { return pct(v); } }] : [];
      chart('Prefix-cache hit rate (server)', 'hits ÷ queries over each scrape interval; none where the interval counted no query or a counter reset' +
        (ch.length ? '; grey dashed: the client\'s share of cached prompt tokens' : ''), 'server hit rate', charts0.hit_rate, ch,
        [axis('hit rate', { values: function (u, v) { return v.map(function (q) { return Math.round(q * 100) + '%'; }); } })],
        { y: { range: [0, 1.02] } }, function (u, v) { return pct(v); });
    }
    if (charts0.requests) {
      var inflight = tl ? [{ label: 'client in flight (profiling)', t: tl.t, v: tl.inflight }] : [];
      if (tl && tl.inflight_warmup) inflight.push({ label: 'client in flight (warmup)', t: tl.t, v: tl.inflight_warmup, dash: [4, 3] });
      chart('Running and waiting requests (server)', 'the server\'s gauges at each scrape' + (tl ? '; grey: the client\'s mean requests in flight' : ''),
        'server requests', charts0.requests, inflight, [axis('requests')], { y: zero });
    }
    if (ss.missing && ss.missing.length) s.appendChild(h('ul', { cls: 'notes' }, ss.missing.map(function (m) { return h('li', { text: m }); })));
  }

  function swimlane(sl, tl) {
    var s = section('Lanes over time', 'lanes');
    var rows = sl.rows.length;
    s.appendChild(h('div', { cls: 'sub', text: 'One bar per request (dark: waiting for the first token; light: streaming); ' +
      'a lane\'s first row holds its session trees one after another, sub-agents below it, linked to the request that spawned them; ' +
      'grey: warmup, red: failed. Drag to zoom, double-click to reset.' +
      (sl.truncated ? ' Showing ' + sl.lanes_shown + ' of ' + sl.lanes_total + ' lanes.' : '') }));
    var p = panel(s, sl.lanes_shown + ' lane(s), ' + fmt(sl.bars.length, 0) + ' request(s), ' + sl.tree_ids.length + ' session tree(s)', null, true);
    var byRow = [];
    var tmin = Infinity, tmax = -Infinity;
    sl.bars.forEach(function (b) {
      (byRow[b[0]] = byRow[b[0]] || []).push(b);
      tmin = Math.min(tmin, b[1]);
      tmax = Math.max(tmax, b[3]);
    });
    var laneStarts = [];
    sl.rows.forEach(function (label, i) { if (label.indexOf('lane ') === 0) laneStarts.push(i); });
    var step = Math.max(1, Math.ceil(laneStarts.length / 40));
    var note = h('div', { cls: 'legend-note', text: 'Hover a bar for its request.' });
    function yOf(u, row) { return u.valToPos(rows - 1 - row, 'y', true); }
    function draw(u) {
      var ctx = u.ctx;
      var rowPx = Math.abs(yOf(u, 1) - yOf(u, 0));
      var hgt = Math.max(1, rowPx * 0.72);
      ctx.save();
      ctx.beginPath();
      ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
      ctx.clip();
      // Lane separators.
      ctx.strokeStyle = '#e5e7eb';
      ctx.lineWidth = 1;
      laneStarts.forEach(function (r) {
        if (r === 0) return;
        var y = Math.round(yOf(u, r) - rowPx / 2) + 0.5;
        ctx.beginPath(); ctx.moveTo(u.bbox.left, y); ctx.lineTo(u.bbox.left + u.bbox.width, y); ctx.stroke();
      });
      sl.links.forEach(function (l) {
        var x = u.valToPos(l[2], 'x', true);
        ctx.strokeStyle = '#6b7280';
        ctx.beginPath(); ctx.moveTo(x, yOf(u, l[0])); ctx.lineTo(x, yOf(u, l[1])); ctx.stroke();
      });
      sl.bars.forEach(function (b) {
        var x0 = u.valToPos(b[1], 'x', true), x3 = u.valToPos(b[3], 'x', true);
        var y = yOf(u, b[0]) - hgt / 2;
        var failed = b[6] & 2;
        var color = failed ? '#dc2626' : b[6] & 1 ? '#94a3b8' : TREE_COLORS[b[4] % TREE_COLORS.length];
        var w = Math.max(failed ? 4 : 1, x3 - x0);
        ctx.globalAlpha = 0.45;
        ctx.fillStyle = color;
        ctx.fillRect(x0, y, w, hgt);
        ctx.globalAlpha = 1;
        if (failed) {
          ctx.fillRect(x0, y, w, hgt);
          ctx.strokeStyle = '#7f1d1d';
          ctx.strokeRect(x0 - 0.5, y - 0.5, w + 1, hgt + 1);
        } else if (b[2] != null) {
          var x1 = u.valToPos(b[2], 'x', true);
          ctx.fillRect(x0, y, Math.max(1, x1 - x0), hgt);
        } else {
          ctx.fillRect(x0, y, Math.min(w, 2), hgt);
        }
      });
      ctx.restore();
    }
    function hover(u) {
      var l = u.cursor.left, t = u.cursor.top;
      if (l == null || l < 0) return;
      var row = rows - 1 - Math.round(u.posToVal(t, 'y'));
      var time = u.posToVal(l, 'x');
      var hit = (byRow[row] || []).find(function (b) { return b[1] <= time && time <= b[3]; });
      if (!hit) { note.textContent = 'Hover a bar for its request.'; return; }
      var lane = 0;
      for (var i = 0; i < laneStarts.length && laneStarts[i] <= row; i++) lane = sl.rows[laneStarts[i]];
      note.textContent = lane + ' · tree ' + sl.tree_ids[hit[4]] + ' · depth ' + hit[5] + ' · start ' + fmt(hit[1], 3) + ' s' +
        (hit[2] != null ? ' · TTFT ' + fmt((hit[2] - hit[1]) * 1000) + ' ms' : '') + ' · E2E ' + fmt((hit[3] - hit[1]) * 1000) + ' ms' +
        (hit[6] & 1 ? ' · warmup' : '') + (hit[6] & 2 ? ' · failed' : '') + (hit[6] & 4 ? ' · cancelled' : '');
    }
    var pad = (tmax - tmin) * 0.01 || 1;
    plot(p, 'swimlane', {
      height: Math.max(200, Math.min(900, rows * 22 + 60)),
      scales: { x: { time: false, range: function (u, min, max) { return [min, max]; } }, y: { range: [-0.5, rows - 0.5] } },
      axes: [axis('s since the first profiling request'), axis('', {
        size: 70,
        splits: function () { return laneStarts.filter(function (r, i) { return i % step === 0; }).map(function (r) { return rows - 1 - r; }); },
        values: function (u, splits) { return splits.map(function (v) { return sl.rows[rows - 1 - v]; }); },
        grid: { show: false }
      })],
      series: [{ label: 't (s)' }, { label: 'requests', show: true, stroke: 'transparent', points: { show: false }, paths: function () { return null; } }],
      legend: { show: false },
      cursor: { y: false, drag: { x: true, y: false } },
      hooks: { drawClear: [bands(tl, false)], draw: [draw], setCursor: [hover] }
    }, [[tmin - pad, tmax + pad], [null, null]], sl.bars.length);
    p.appendChild(note);
  }

  function accuracy(a) {
    var s = section('Accuracy' + (a.benchmark ? ' — ' + a.benchmark : ''), 'accuracy');
    if (a.partial) s.appendChild(h('div', { cls: 'banner bad', text: 'Partial: the run was cancelled; the scores cover what was graded.' }));
    var rows = (a.tasks || []).slice();
    if (a.overall) rows.push(a.overall);
    s.appendChild(h('div', { cls: 'sub', text: 'Green: correct; hatched: unparsed (no answer could be extracted). Failed requests are not graded' +
      (a.errors ? ' (' + a.errors + ' failed)' : '') + '.' }));
    var t = table(['task', 'correct', 'graded', 'accuracy', '', 'unparsed'], rows.map(function (r) {
      var bar = h('div', { cls: 'bar' }, h('i', { cls: 'acc', style: 'width:' + (r.accuracy * 100) + '%' }),
        isNum(r.unparsed_rate) ? h('i', { cls: 'unp', style: 'left:' + (r.accuracy * 100) + '%;width:' + Math.min(r.unparsed_rate, 1 - r.accuracy) * 100 + '%' }) : null);
      var name = r.task === 'OVERALL' ? h('b', { text: 'overall' }) : r.task;
      return [name, r.passed == null ? '—' : fmt(r.passed, 0), fmt(r.total, 0), pct(r.accuracy), bar, pct(r.unparsed_rate)];
    }), 1);
    s.appendChild(t);
    charts.push({ name: 'accuracy', points: rows.length });
  }

  function agentperf(ap) {
    var s = section(ap.pareto ? 'AgentPerf phases (Pareto-frontier configuration)' : 'AgentPerf capacity search', 'agentperf');
    var tiers = ap.tiers || [], phases = (ap.phases || []).slice().sort(function (a, b) { return a.agents - b.agents || a.phase - b.phase; });
    if (ap.finished === false) s.appendChild(h('div', { cls: 'banner bad', text: 'The search did not finish: capacities cover the phases that ran.' }));
    if (ap.trajectories && ap.trajectories.source) s.appendChild(h('div', { cls: 'sub', text: ap.trajectories.source }));
    function objective(t, metric) {
      return (t.objectives || []).find(function (o) { return o.metric === metric; });
    }
    function ttftSeconds(o) { return o == null ? null : o.unit === 'ms' ? o.max / 1000 : o.max; }
    if (tiers.length) s.appendChild(table(['tier', 'objectives', 'capacity', 'first fail', 'output tok/s at capacity', 'P25 speed', 'P95 TTFT', 'search'], tiers.map(function (t, i) {
      var obj = (t.objectives || []).map(function (o) {
        return o.stat + ' ' + (o.metric === 'output_speed' ? 'speed' : o.metric === 'time_to_first_token' ? 'TTFT' : o.metric) + ' ' +
          (o.min != null ? '≥ ' + fmt(o.min) : '≤ ' + fmt(o.max)) + (o.unit ? ' ' + o.unit : o.metric === 'output_speed' ? ' tok/s' : '');
      }).join(', ');
      var cap = t.capacity == null ? '—' : (t.capacity_is_lower_bound ? '≥ ' : '') + t.capacity + ' agents';
      var search = (t.search || []).map(function (x) { return x.agents + (x.pass ? '✓' : '✗'); }).join(' ');
      var name = h('span', null, h('span', { cls: 'swatch', style: 'margin-left:0;background:' + COLORS[i % COLORS.length] }), t.name);
      return [name, obj, h('b', { text: cap }), t.first_fail == null ? '—' : t.first_fail, fmt(t.output_throughput_at_capacity),
        fmt(t.p25_output_speed_at_capacity), isNum(t.p95_ttft_s_at_capacity) ? fmt(t.p95_ttft_s_at_capacity, 3) + ' s' : '—', search];
    }), 2));
    if (!phases.length) return;
    var g = h('div', { cls: 'grid', style: 'margin-top:14px' });
    s.appendChild(g);
    var xs = phases.map(function (p) { return p.agents; });
    function searchChart(title, hint, key, metric, limitOf, yLabel, logY) {
      var p = panel(g, title, hint);
      var ys = phases.map(function (ph) { return isNum(ph[key]) ? ph[key] : null; });
      var all = ys.filter(isNum);
      tiers.forEach(function (t) { var l = limitOf(objective(t, metric)); if (isNum(l)) all.push(l); });
      var log = logY && all.length && all.every(function (v) { return v > 0; });
      var hi = all.length ? Math.max.apply(null, all) : 1;
      var low = all.length ? Math.min.apply(null, all) : 1;
      // Capacities that coincide share one label.
      var caps = {};
      tiers.forEach(function (t, i) {
        if (!isNum(t.capacity) || t.capacity <= 0) return;
        var k = (t.capacity_is_lower_bound ? '≥' : '') + t.capacity;
        (caps[k] = caps[k] || { at: t.capacity, names: [], color: COLORS[i % COLORS.length] }).names.push(t.name);
      });
      // Labels of the tier lines, moved left where they would overlap one another.
      function decorate(u) {
        var ctx = u.ctx, right = u.bbox.left + u.bbox.width, placed = [];
        ctx.save();
        ctx.font = '11px system-ui, sans-serif';
        function label(text, x, y) {
          var w = ctx.measureText(text).width;
          for (var tries = 0; tries < 8; tries++) {
            var clash = placed.find(function (b) { return x - w < b.x1 + 6 && x > b.x0 - 6 && Math.abs(y - b.y) < 12; });
            if (!clash) break;
            x = clash.x0 - 10;
          }
          ctx.fillText(text, x - w, y);
          placed.push({ x0: x - w, x1: x, y: y });
        }
        Object.keys(caps).forEach(function (k) {
          var c = caps[k], x = u.valToPos(c.at, 'x', true);
          ctx.strokeStyle = ctx.fillStyle = c.color;
          ctx.setLineDash([2, 3]);
          ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
          ctx.setLineDash([]);
        });
        tiers.forEach(function (t, i) {
          var limit = limitOf(objective(t, metric));
          if (!isNum(limit)) return;
          var y = u.valToPos(limit, 'y', true);
          if (y < u.bbox.top || y > u.bbox.top + u.bbox.height) return;
          ctx.strokeStyle = ctx.fillStyle = COLORS[i % COLORS.length];
          ctx.lineWidth = 1.2;
          ctx.setLineDash([6, 4]);
          ctx.beginPath(); ctx.moveTo(u.bbox.left, y); ctx.lineTo(right, y); ctx.stroke();
          ctx.setLineDash([]);
          label(t.name + ' ' + (metric === 'output_speed' ? '≥ ' : '≤ ') + fmt(limit), right - 4, y - 3);
        });
        ctx.restore();
      }
      plot(p, title, {
        scales: { x: { time: false, distr: 3, log: 2 }, y: log ? { distr: 3, log: 10, range: [low / 2, hi * 2] } : { range: [0, hi * 1.15] } },
        axes: [axis('agents (log₂ scale)'), axis(yLabel + (log ? ' (log scale)' : ''))],
        series: [{ label: 'agents' }, line(yLabel, '#111827', { width: 1.2, points: { show: true, size: 7, fill: '#111827' } })],
        legend: { live: false },
        hooks: { draw: [decorate] }
      }, [xs, ys]);
      p.appendChild(h('div', { cls: 'legend-note' }, Object.keys(caps).map(function (k) {
        return h('span', null, h('span', { cls: 'swatch', style: 'background:' + caps[k].color }), 'capacity ' + k + ' agents: ' + caps[k].names.join(', '));
      })));
    }
    searchChart('P25 output speed per phase', 'one point per phase; dashed: each tier\'s minimum; dotted: each tier\'s capacity', 'p25_output_speed', 'output_speed',
      function (o) { return o ? o.min : null; }, 'tokens/s');
    searchChart('P95 time to first token per phase', 'one point per phase; dashed: each tier\'s maximum; dotted: each tier\'s capacity', 'p95_ttft_s', 'time_to_first_token',
      ttftSeconds, 's', true);
    var head = ['phase', 'agents', 'P25 speed', 'P95 TTFT (s)', 'P25 E2E speed', 'output tok/s', 'window req.', 'errors', 'complete'].concat(tiers.map(function (t) { return t.name; }));
    var p = h('div', { style: 'margin-top:14px' });
    s.appendChild(p);
    p.appendChild(table(head, (ap.phases || []).map(function (ph) {
      return [ph.phase, ph.agents, fmt(ph.p25_output_speed), fmt(ph.p95_ttft_s, 3), fmt(ph.p25_e2e_speed), fmt(ph.output_throughput), ph.window_requests,
        ph.window_errors, ph.complete ? 'yes' : 'no'].concat(tiers.map(function (t) {
        var pass = ph.pass ? ph.pass[t.name] : null;
        var why = ph.fail_reasons && ph.fail_reasons[t.name];
        return h('span', { cls: pass ? 'pass' : pass === false ? 'fail' : '', title: why ? String(why) : null, text: pass ? '✓' : pass === false ? '✗' : '—' });
      }));
    }), 1));
  }

  // Derived numbers first (cache hit rates, KV-cache usage), then every series in a table with the
  // statistics its type has; a long table is folded.
  function serverMetrics(sm) {
    var s = section('Server metrics', 'server-metrics');
    var rows = sm.rows || [];
    var preferred = ['avg', 'min', 'max', 'p50', 'p90', 'p99', 'total', 'rate', 'count', 'count_rate', 'p50_estimate', 'p99_estimate'];
    var keys = preferred.filter(function (k) { return rows.some(function (r) { return isNum(r.stats[k]); }); });
    s.appendChild(h('div', { cls: 'sub', text: 'From server_metrics_export.json, over the profiling window: ' + sm.series_total + ' series' +
      (sm.series_total > rows.length ? ', first ' + rows.length + ' shown' : '') + '.' }));
    if (sm.derived) {
      var d = [];
      flatten(sm.derived, '', d);
      if (d.length) {
        var dt = h('details', d.length <= 12 ? { open: '' } : null, h('summary', { text: 'derived numbers (' + d.length + ')' }), kv(['derived', 'value'], d));
        s.appendChild(dt);
      }
    }
    var t = table(['metric', 'type', 'labels'].concat(keys), rows.map(function (r) {
      return [r.name + (r.unit ? ' (' + r.unit + ')' : ''), r.type, h('span', { cls: 'mono', text: r.labels })].concat(keys.map(function (k) { return fmt(r.stats[k]); }));
    }), 3);
    if (rows.length > 15) {
      s.appendChild(h('details', null, h('summary', { text: 'every series (' + rows.length + ')' }), t));
    } else {
      s.appendChild(h('div', { style: 'height:10px' }));
      s.appendChild(t);
    }
  }

  function errorsTable(errors) {
    var s = section('Errors', 'errors');
    s.appendChild(table(['count', 'kind', 'code', 'type', 'message'], errors.map(function (e) {
      var d = e.error_details || e;
      return [fmt(e.count, 0), d.kind || '', d.code == null ? '' : d.code, d.type || '', h('span', { cls: 'mono', text: String(d.message || '').slice(0, 300) })];
    }), 5));
  }

  function details(d) {
    var s = section('Details', 'details');
    var m = d.methodology || {};
    Object.keys(m).forEach(function (k) {
      var rows = [];
      flatten(m[k], '', rows);
      s.appendChild(h('details', null, h('summary', { text: k.replace(/_/g, ' ') + ' (' + rows.length + ')' }), kv(['field', 'value'], rows)));
    });
    if (d.settings && d.settings.length) {
      s.appendChild(h('details', null, h('summary', { text: 'settings that are not defaults (' + d.settings.length + ')' }),
        table(['setting', 'value', 'source'], d.settings.map(function (r) { return [r[0], h('span', { cls: 'mono', text: r[1] }), r[2]]; }), 3)));
    }
    var run = d.run || {};
    s.appendChild(h('div', { cls: 'sub' }, h('span', { text: 'folder ' + run.folder }), run.benchmark_id ? h('span', { text: 'benchmark ' + run.benchmark_id }) : null));
    notes(s, d.notes);
  }

  // A two-column table whose values wrap (long JSON must not push them out of sight).
  function kv(head, rows) {
    var t = table(head, rows, 1);
    t.firstChild.className = 'kv';
    return t;
  }

  function flatten(v, prefix, rows) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      Object.keys(v).forEach(function (k) { flatten(v[k], prefix ? prefix + '.' + k : k, rows); });
    } else {
      rows.push([prefix, Array.isArray(v) ? JSON.stringify(v) : isNum(v) ? fmt(v) : String(v)]);
    }
  }

  function notes(parent, list) {
    if (!list || !list.length) return;
    parent.appendChild(h('ul', { cls: 'notes' }, list.map(function (n) { return h('li', { text: n }); })));
  }

  // ---- the comparison ------------------------------------------------------------------------------
  // A comparison's table: headers wrap, so a run's long label takes lines, not width.
  function compareTable(head, rows, leftCols) {
    var t = table(head, rows, leftCols);
    t.classList.add('compare');
    return t;
  }

  function compareReport(d) {
    app.innerHTML = '';
    app.appendChild(h('h1', { text: 'Comparison of ' + d.runs.length + ' runs' }));
    app.appendChild(h('div', { cls: 'sub', text: 'Baseline: ' + d.runs[0].label + '. Changes are relative to it; green is better, red is worse.' }));
    function partial(run) { return run.was_cancelled || run.is_complete === false; }
    d.runs.forEach(function (r) {
      var run = r.run || {};
      if (partial(run)) app.appendChild(h('div', { cls: 'banner bad', text: r.label + ' is an incomplete run' +
        (run.incomplete_reason ? ' (' + run.incomplete_reason + ')' : '') + ': its numbers describe what completed.' }));
    });
    // Runs are labelled by the settings that differ between them, each also a column of the runs table.
    var varied = d.varied || [];
    var s = section('Runs', 'runs');
    var runHead = [''].concat(varied.length ? varied : ['run'])
      .concat(['folder', 'started', 'model', 'target', 'complete', 'submission_valid']);
    s.appendChild(compareTable(runHead, d.runs.map(function (r, i) {
      var run = r.run || {};
      return [h('span', { cls: 'swatch', style: 'margin-left:0;background:' + COLORS[i % COLORS.length] })]
        .concat(varied.length ? varied.map(function (k) { return r.differs ? r.differs[k] : '—'; }) : [r.label])
        .concat([r.folder || r.label, run.start_time ? run.start_time.replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '—',
          run.model || '—', run.url || 'embedded simulator', partial(run) ? 'no: ' + (run.incomplete_reason || 'cancelled') : 'yes',
          r.submission_valid == null ? '—' : String(r.submission_valid)]);
    }), 1 + Math.max(1, varied.length) + 1));
    var t = section('Changes against the baseline', 'deltas');
    var head = ['metric', 'stat', 'unit'].concat(d.runs.map(function (r, i) { return i === 0 ? r.label + ' (baseline)' : r.label; }));
    t.appendChild(compareTable(head, d.deltas.map(function (row, k) {
      var same = k > 0 && d.deltas[k - 1].name === row.name;
      return [same ? '' : row.name, row.stat, same ? '' : row.unit].concat(row.values.map(function (v, i) {
        var shown = row.shown[i] != null ? row.shown[i] : fmt(v);
        if (i === 0 || row.delta_pct[i] == null) return shown;
        var dp = row.delta_pct[i];
        var better = row.larger_is_better ? dp > 0 : dp < 0;
        var cls = Math.abs(dp) < 1 ? 'same' : better ? 'better' : 'worse';
        // The change under the value: a column is as wide as its number, not number and change side by side.
        return h('span', null, shown, h('br'), h('span', { cls: 'delta ' + cls, text: '(' + (dp > 0 ? '+' : '') + fmt(dp, 1) + ' %)' }));
      }));
    }), 3));
    var grouped = d.runs.filter(function (r) { return r.grouped; }).map(function (r) { return r.label; });
    var c = section('Distributions', 'compare-cdfs');
    c.appendChild(h('div', { cls: 'sub', text: 'Successful profiling requests of each run; warmup and failed requests excluded.' +
      (grouped.length ? ' ' + grouped.join(', ') + ': all load levels pooled.' : '') }));
    var g = h('div', { cls: 'grid' });
    c.appendChild(g);
    [['time_to_first_token', 'Time to first token', 'ms'], ['inter_token_latency', 'Inter-token latency', 'ms'],
      ['request_latency', 'End-to-end latency', 'ms'], ['output_token_throughput_per_user', 'Output speed per user', 'tokens/s']].forEach(function (m) {
      var have = d.runs.map(function (r, i) { return [r, i]; }).filter(function (x) { return x[0].dists && x[0].dists[m[0]]; });
      if (have.length < 1) return;
      var p = panel(g, m[1] + ' — CDF', have.map(function (x) { return x[0].label + ' n=' + fmt(x[0].dists[m[0]].n, 0); }).join(', '));
      cdfChart(p, m[0] + ' compare', m[2], have.map(function (x) { return x[0].dists[m[0]]; }), have.map(function (x) { return x[0].label; }),
        have.map(function (x) { return COLORS[x[1] % COLORS.length]; }));
    });
    var runsWithTl = d.runs.map(function (r, i) { return [r, i]; }).filter(function (x) { return x[0].timeline && x[0].timeline.t.length; });
    if (runsWithTl.length) {
      var p = panel(g, 'Output tokens per second over time', 't = 0 at each run\'s first profiling request', true);
      var tables = runsWithTl.map(function (x) { return [x[0].timeline.t, x[0].timeline.output_tps]; });
      plot(p, 'output tps compare', {
        scales: { x: { time: false }, y: { range: function (u, min, max) { return [0, Math.max(1, max) * 1.08]; } } },
        axes: [axis('s'), axis('tokens/s')],
        series: [{ label: 't (s)' }].concat(runsWithTl.map(function (x) { return line(x[0].label, COLORS[x[1] % COLORS.length], { spanGaps: true }); }))
      }, joined(tables));
    }
    var n = section('Notes', 'notes');
    d.runs.forEach(function (r) {
      if (r.notes && r.notes.length) { n.appendChild(h('h3', { text: r.label })); notes(n, r.notes); }
    });
    if (!n.querySelector('li')) n.appendChild(h('div', { cls: 'sub', text: 'Every run folder was read completely.' }));
  }

  // ---- resize and check ----------------------------------------------------------------------------
  var resizeTimer;
  window.addEventListener('resize', function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(function () {
      charts.forEach(function (c) { if (c.u && c.box.clientWidth) c.u.setSize({ width: c.box.clientWidth, height: c.u.height }); });
    }, 150);
  });

  function check() {
    var empty = charts.filter(function (c) { return !(c.points >= (c.min || 1)); }).map(function (c) { return c.name + ' (' + c.points + ' point(s))'; });
    if (empty.length) window.reportError('empty chart(s): ' + empty.join(', '));
    var root = document.documentElement;
    root.setAttribute('data-charts', String(charts.length));
    if (DATA.kind === 'compare') {
      // Every column readable in the window: a comparison's table wider than the page is a defect.
      Array.prototype.forEach.call(document.querySelectorAll('.tablewrap'), function (w) {
        if (w.scrollWidth > w.clientWidth + 1) {
          var s = w.closest('section');
          window.reportError('table cut off: ' + (s ? s.id : '?') + ' needs ' + w.scrollWidth + ' px, has ' + w.clientWidth + ' px');
        }
      });
    }
    // The content's own height (the document's is at least the window's).
    root.setAttribute('data-height', String(Math.ceil(app.getBoundingClientRect().bottom + window.scrollY + 20)));
    if (root.getAttribute('data-report') === 'loading') root.setAttribute('data-report', 'ok');
  }

  // Pages and sections of other scripts (sweep.js): window.infermarkPages[kind](data, ui) draws a
  // page of its own kind, window.infermarkSections[kind] add sections to a page of ours.
  var ui = { h: h, section: section, panel: panel, table: table, plot: plot, axis: axis, line: line, fmt: fmt, pct: pct,
    isNum: isNum, notes: notes, COLORS: COLORS, charts: charts, app: app };
  try {
    var own = (window.infermarkPages || {})[DATA.kind];
    if (own) own(DATA, ui); else if (DATA.kind === 'compare') compareReport(DATA); else runReport(DATA);
    ((window.infermarkSections || {})[DATA.kind || 'run'] || []).forEach(function (f) { f(DATA, ui); });
    app.appendChild(h('footer', { text: 'infermark report · charts by uPlot · self-contained: nothing is loaded from the network' }));
  } catch (e) {
    window.reportError('report script failed: ' + (e && e.stack || e));
    app.appendChild(h('div', { cls: 'banner bad', text: 'The report could not be drawn: ' + e }));
  }
  setTimeout(check, 0);
})();
