// composestab's page: search, filter and sort every table in place. The markup is complete
// without this script; the script only hides rows and reorders them. The location's fragment
// (#q=name&kind=unstable) sets the search and the filter on load, so a filtered view can be
// linked. The body records, for measurements, how long the first filter took (data-filter-ms),
// when the page was filtered and ready (data-ready-ms) and first painted (data-first-paint-ms),
// both since the navigation started, and each section how many rows it shows (data-shown).
(function () {
  "use strict";
  var t0 = performance.now();
  var params = new URLSearchParams(location.hash.slice(1));
  var tables = [];
  document.querySelectorAll("section").forEach(function (sec) {
    var table = sec.querySelector("table.rows");
    var controls = sec.querySelector(".controls");
    if (!table || !controls) return;
    var rows = [];
    var kinds = {};
    table.tBodies[0].querySelectorAll("tr[data-kind]").forEach(function (tr) {
      rows.push({ tr: tr, key: tr.dataset.key || "", kind: tr.dataset.kind || "" });
      kinds[tr.dataset.kind] = true;
    });
    var input = controls.querySelector("input");
    var select = controls.querySelector("select");
    Object.keys(kinds).sort().forEach(function (k) {
      var o = document.createElement("option");
      o.value = k;
      o.textContent = k;
      select.appendChild(o);
    });
    controls.hidden = false;
    var t = { sec: sec, table: table, rows: rows, input: input, select: select, shown: controls.querySelector(".shown") };
    tables.push(t);
    input.addEventListener("input", function () { apply(t); });
    select.addEventListener("change", function () { apply(t); });
    table.tHead.querySelectorAll("th").forEach(function (th, i) {
      th.addEventListener("click", function () { sort(t, th, i); });
    });
  });

  function apply(t) {
    var q = t.input.value.trim().toLowerCase();
    var kind = t.select.value;
    var n = 0;
    for (var i = 0; i < t.rows.length; i++) {
      var r = t.rows[i];
      var show = (!kind || r.kind === kind) && (!q || r.key.indexOf(q) >= 0);
      if (r.tr.hidden === show) r.tr.hidden = !show;
      if (show) n++;
    }
    t.shown.textContent = n + " of " + t.rows.length + " shown";
    t.sec.dataset.shown = n;
  }

  function sort(t, th, col) {
    var desc = th.classList.contains("asc");
    t.table.tHead.querySelectorAll("th").forEach(function (h) { h.classList.remove("asc", "desc"); });
    th.classList.add(desc ? "desc" : "asc");
    var cell = function (r) { return r.tr.cells[col] ? r.tr.cells[col].textContent : ""; };
    var numeric = t.rows.every(function (r) { var c = cell(r); return c === "" || c === "-" || c === "?" || !isNaN(+c); });
    t.rows.sort(function (a, b) {
      var x = cell(a), y = cell(b);
      var d = numeric ? (+x || 0) - (+y || 0) : x.localeCompare(y);
      return desc ? -d : d;
    });
    var body = t.table.tBodies[0];
    var frag = document.createDocumentFragment();
    t.rows.forEach(function (r) { frag.appendChild(r.tr); });
    body.appendChild(frag);
  }

  // A click on a name with reasons opens them below it, and closes them again. The reasons of
  // every row are one JSON array (script#why), parsed on the first click.
  var whys = null;
  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest(".why");
    if (!el || e.target.closest("a")) return;
    var open = el.nextElementSibling;
    if (open && open.classList.contains("why-open")) { open.remove(); return; }
    if (!whys) whys = JSON.parse(document.getElementById("why").textContent);
    var ul = document.createElement("ul");
    ul.className = "why-open";
    (whys[+el.dataset.w] || []).forEach(function (line) {
      var li = document.createElement("li");
      li.textContent = line;
      ul.appendChild(li);
    });
    el.after(ul);
  });

  tables.forEach(function (t) {
    t.input.value = params.get("q") || "";
    var k = params.get("kind");
    if (k && t.select.querySelector('option[value="' + CSS.escape(k) + '"]')) t.select.value = k;
    apply(t);
  });
  document.body.dataset.filterMs = (performance.now() - t0).toFixed(1);
  document.body.dataset.readyMs = performance.now().toFixed(1); // since the navigation started
  var nav = performance.getEntriesByType("navigation")[0];
  if (nav) document.body.dataset.parsedMs = nav.domInteractive.toFixed(1);
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        if (e.name === "first-contentful-paint" || e.name === "first-paint") document.body.dataset.firstPaintMs = e.startTime.toFixed(1);
      });
    }).observe({ type: "paint", buffered: true });
  } catch (e) { /* no paint timing */ }
})();
