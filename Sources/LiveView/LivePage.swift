/// The live view's page: one HTML file with its style and script inline, served from the binary (no network
/// needed beyond the loopback socket it came from). The script speaks the messages of `LiveFrames` and
/// `LiveCommand`; `window.liveView` exposes what it shows, for tests and for curious learners in the console.
enum LivePage {
    static let html = #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>luadyn live view</title>
<style>
*{box-sizing:border-box}
html,body{margin:0;height:100%;font:13px system-ui,sans-serif;background:#f4f4f2;color:#222}
body{display:flex;flex-direction:column;overflow:hidden}
#bar,#panel{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center;padding:4px 8px;background:#fff;border-bottom:1px solid #ddd}
#panel{border-top:1px solid #ddd;border-bottom:0}
button{font:inherit;padding:3px 9px;min-width:44px}
#scrub{flex:1 1 120px;min-width:90px}
#status{font-variant-numeric:tabular-nums;min-width:14em}
#stage{flex:1 1 auto;min-height:80px;position:relative}
#world{position:absolute;inset:0;width:100%;height:100%;touch-action:none;cursor:crosshair}
label{white-space:nowrap}
.slider input{width:90px;vertical-align:middle}
.slider output{display:inline-block;min-width:3.2em;font-variant-numeric:tabular-nums}
#graphbox{display:flex;align-items:center;gap:6px;flex:1 1 100%;min-width:0}
#quantity{flex:0 0 auto;max-width:40%}
#graph{flex:1 1 0;width:0;height:64px;min-width:0;background:#fff;border:1px solid #ddd}
#selected{font-weight:600}
</style></head>
<body>
<div id="bar">
 <button id="pause" title="pause or play (space)">Pause</button>
 <button id="step" title="one frame (.)">Step</button>
 <button id="reset" title="items back to where they began">Reset</button>
 <input id="scrub" type="range" min="0" max="0" value="0" title="scrub back through the recorded frames">
 <span id="status">connecting…</span>
</div>
<div id="stage"><canvas id="world"></canvas></div>
<div id="panel">
 <span class="slider"><label>gravity <input id="gravity" type="range" min="0" max="3" step="0.05"></label> <output id="gravityOut"></output></span>
 <span class="slider"><label>elasticity <input id="elasticity" type="range" min="0" max="1" step="0.01" disabled></label> <output id="elasticityOut"></output></span>
 <span class="slider"><label>friction <input id="friction" type="range" min="0" max="2" step="0.01" disabled></label> <output id="frictionOut"></output></span>
 <span class="slider"><label>density <input id="density" type="range" min="0.1" max="10" step="0.1" disabled></label> <output id="densityOut"></output></span>
 <span>item: <span id="selected">none (click one)</span></span>
 <label><input type="checkbox" id="showVelocity" checked> velocity</label>
 <label><input type="checkbox" id="showForce"> force</label>
 <label><input type="checkbox" id="showTrails"> trails</label>
 <label><input type="checkbox" id="showContacts" checked> contacts</label>
 <label><input type="checkbox" id="showEnergy" checked> energy</label>
 <label><input type="checkbox" id="showGrid" checked> grid</label>
 <div id="graphbox"><select id="quantity" title="the quantity graphed">
  <option value="total">total energy</option><option value="kinetic">kinetic energy</option>
  <option value="potential">potential energy</option><option value="speed">item speed</option>
  <option value="height">item height above the floor</option><option value="x">item x</option></select>
  <canvas id="graph"></canvas></div>
</div>
<script>
"use strict";
const $ = id => document.getElementById(id);
const canvas = $("world"), ctx = canvas.getContext("2d");
const graph = $("graph"), gctx = graph.getContext("2d");
const palette = ["#4e79a7","#f28e2b","#e15759","#76b7b2","#59a14f","#edc948","#b07aa1","#ff9da7","#9c755f","#bab0ac"];
const HISTORY = 600;
const S = window.liveView = {scene: null, frames: [], shown: null, live: true, paused: false, selected: -1,
  dragging: -1, connected: false, messages: 0, view: {scale: 1, ox: 0, oy: 0}, trails: [], send: null};
let socket = null, pointerWorld = null, dirty = true;

function connect() {
  socket = new WebSocket("ws://" + location.host + "/live");
  socket.onopen = () => { S.connected = true; dirty = true; };
  socket.onclose = () => { S.connected = false; $("status").textContent = "disconnected, retrying…"; setTimeout(connect, 1000); };
  socket.onmessage = e => {
    let m; try { m = JSON.parse(e.data); } catch (_) { return; }
    S.messages++;
    if (m.type === "scene") {
      // A new scene with the same items (a slider moved, a trace began) keeps the recorded frames and trails.
      const same = S.scene && S.scene.items.length === m.items.length && S.scene.items.every((it, k) => it.name === m.items[k].name);
      if (!same) { S.trails = []; S.frames = []; }
      else S.frames.forEach(f => { f.scene = m.scene; });
      S.scene = m; syncPanel(); offerTraced();
    }
    else if (m.type === "frame") receiveFrame(m);
  };
}
function send(obj) { if (socket && socket.readyState === 1) socket.send(JSON.stringify(obj)); }
S.send = send;

function receiveFrame(f) {
  if (!S.scene || f.scene !== S.scene.scene) { send({cmd: "scene"}); return; }
  const prev = S.frames[S.frames.length - 1];
  f.arrival = performance.now();
  f.latency = performance.timeOrigin + f.arrival - f.stepped;
  if (prev && prev.frame !== f.frame && f.time > prev.time) {
    const dt = f.time - prev.time, acc = new Array(f.items.length / 6 * 2);
    for (let i = 0, k = 0; i < f.items.length; i += 6, k += 2) {
      acc[k] = (f.items[i + 3] - prev.items[i + 3]) / dt; acc[k + 1] = (f.items[i + 4] - prev.items[i + 4]) / dt;
    }
    f.acc = acc;
  } else if (prev) f.acc = prev.acc;
  if (prev && prev.frame === f.frame) S.frames[S.frames.length - 1] = f; else S.frames.push(f);
  if (S.frames.length > HISTORY) S.frames.shift();
  S.paused = f.paused;
  if (S.scene.gravity !== null && document.activeElement !== $("gravity")) { $("gravity").value = f.gravity; $("gravityOut").textContent = f.gravity.toFixed(2); }
  if (S.live) { S.shown = f; addTrail(f); }
  const scrub = $("scrub"); scrub.max = S.frames.length - 1; if (S.live) scrub.value = scrub.max;
  $("pause").textContent = S.paused ? "Play" : "Pause";
  dirty = true;
}
function addTrail(f) {
  if (f.items.length / 6 > 300) return;
  for (let i = 0, k = 0; i < f.items.length; i += 6, k++) {
    const t = S.trails[k] || (S.trails[k] = []);
    const last = t[t.length - 1];
    if (!last || Math.hypot(last[0] - f.items[i], last[1] - f.items[i + 1]) > 2) { t.push([f.items[i], f.items[i + 1]]); if (t.length > 120) t.shift(); }
  }
}

function worldBox() {
  const sc = S.scene;
  if (sc.bounds) return sc.bounds;
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const f = S.shown;
  const grow = (x, y) => { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); };
  if (f) sc.items.forEach((it, k) => { const r = Math.hypot(it.size[0], it.size[1]) / 2; grow(f.items[6*k] - r, f.items[6*k+1] - r); grow(f.items[6*k] + r, f.items[6*k+1] + r); });
  sc.boundaries.forEach(b => { for (let i = 0; i < b.points.length; i += 2) grow(b.points[i], b.points[i + 1]); });
  if (!isFinite(x0)) return [0, 0, 400, 300];
  return [x0 - 20, y0 - 20, x1 + 20, y1 + 20];
}
function fit() {
  const r = canvas.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(r.width * dpr)), h = Math.max(1, Math.round(r.height * dpr));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  const b = worldBox(), pad = 8 * dpr, bw = Math.max(1, b[2] - b[0]), bh = Math.max(1, b[3] - b[1]);
  const scale = Math.min((w - 2 * pad) / bw, (h - 2 * pad) / bh);
  S.view = {scale, ox: (w - bw * scale) / 2 - b[0] * scale, oy: (h - bh * scale) / 2 - b[1] * scale, dpr, box: b};
}
const sx = x => S.view.ox + x * S.view.scale, sy = y => S.view.oy + y * S.view.scale;
/* A world point in the window's CSS pixels (for tests and for the console). */
S.toScreen = (x, y) => { const r = canvas.getBoundingClientRect(); return [r.left + sx(x) / S.view.dpr, r.top + sy(y) / S.view.dpr]; };
S.latest = () => S.frames[S.frames.length - 1] || null;
function toWorld(ev) {
  const r = canvas.getBoundingClientRect(), d = S.view.dpr;
  return [((ev.clientX - r.left) * d - S.view.ox) / S.view.scale, ((ev.clientY - r.top) * d - S.view.oy) / S.view.scale];
}
function itemPath(it, f, k) { ctx.beginPath(); addOutline(it, f, k); }
function addOutline(it, f, k) {
  const x = f.items[6*k], y = f.items[6*k+1], a = f.items[6*k+2], c = Math.cos(a), s = Math.sin(a), o = it.outline;
  for (let i = 0; i < o.length; i += 2) {
    const px = x + o[i] * c - o[i+1] * s, py = y + o[i] * s + o[i+1] * c;
    if (i === 0) ctx.moveTo(sx(px), sy(py)); else ctx.lineTo(sx(px), sy(py));
  }
  ctx.closePath();
}
function arrow(x, y, dx, dy, color) {
  const len = Math.hypot(dx, dy); if (len < 2) return;
  const ux = dx / len, uy = dy / len, hd = Math.min(8 * S.view.dpr, len / 2);
  ctx.strokeStyle = ctx.fillStyle = color; ctx.lineWidth = 2 * S.view.dpr;
  ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + dx, y + dy); ctx.stroke();
  ctx.beginPath(); ctx.moveTo(x + dx, y + dy);
  ctx.lineTo(x + dx - ux * hd - uy * hd * 0.5, y + dy - uy * hd + ux * hd * 0.5);
  ctx.lineTo(x + dx - ux * hd + uy * hd * 0.5, y + dy - uy * hd - ux * hd * 0.5); ctx.fill();
}
/* Display units: metres or points, y down or up from the floor (scripts always use points, y down). */
const unitName = () => S.scene.units === "metres" ? "m" : "pt";
const toUnit = pts => S.scene.units === "metres" ? pts / S.scene.pointsPerMetre : pts;
const energyUnitName = () => S.scene.units === "metres" ? "J" : "mass·pt²/s²";
const toEnergyUnit = e => S.scene.units === "metres" ? e / (S.scene.pointsPerMetre * S.scene.pointsPerMetre) : e;
const shownY = y => S.scene.yUp ? S.scene.floor - y : y;
function roundStep(raw) { const p = Math.pow(10, Math.floor(Math.log10(raw))); for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p; return 10 * p; }
function fmt(x) { return Math.abs(x) < 1e-9 ? "0" : +x.toPrecision(4) + ""; }
function drawGrid() {
  const b = S.view.box, d = S.view.dpr, perUnit = S.scene.units === "metres" ? S.scene.pointsPerMetre : 1;
  const stepUnits = roundStep(60 * d / S.view.scale / perUnit), step = stepUnits * perUnit;
  ctx.strokeStyle = "#e4e4e0"; ctx.lineWidth = 1; ctx.font = (10 * d) + "px system-ui"; ctx.fillStyle = "#999";
  const x0 = Math.ceil(b[0] / step) * step, yRef = S.scene.yUp ? S.scene.floor : 0;
  for (let x = x0; x <= b[2] + 1e-9; x += step) { ctx.beginPath(); ctx.moveTo(sx(x), sy(b[1])); ctx.lineTo(sx(x), sy(b[3])); ctx.stroke(); ctx.fillText(fmt(toUnit(x)), sx(x) + 2 * d, sy(b[3]) - 3 * d); }
  for (let y = yRef + Math.ceil((b[1] - yRef) / step) * step; y <= b[3] + 1e-9; y += step) { ctx.beginPath(); ctx.moveTo(sx(b[0]), sy(y)); ctx.lineTo(sx(b[2]), sy(y)); ctx.stroke(); ctx.fillText(fmt(toUnit(shownY(y))), sx(b[0]) + 2 * d, sy(y) - 2 * d); }
  const bx = 10 * d, by = canvas.height - 6 * d, len = step * S.view.scale;
  ctx.fillStyle = "rgba(255,255,255,.8)"; ctx.fillRect(bx - 4 * d, by - 14 * d, len + 50 * d, 18 * d);
  ctx.strokeStyle = "#333"; ctx.lineWidth = 2 * d;
  ctx.beginPath(); ctx.moveTo(bx, by - 4 * d); ctx.lineTo(bx, by); ctx.lineTo(bx + len, by); ctx.lineTo(bx + len, by - 4 * d); ctx.stroke();
  ctx.fillStyle = "#333"; ctx.fillText(fmt(stepUnits) + " " + unitName(), bx + len + 4 * d, by);
}
function drawEnergy(f) {
  const d = S.view.dpr, k = Math.max(0, f.kinetic), p = f.potential, t = k + p;
  S.energyMax = Math.max(S.energyMax || 1e-9, Math.abs(k), Math.abs(p), Math.abs(t));
  const rows = [["kinetic", k, "#e15759"], ["potential", p, "#4e79a7"], ["total", t, "#59a14f"]];
  // Each bar's label carries its value in the display units, as the other pictures' bars do.
  S.energyLabels = rows.map(([name, v]) => name + " " + fmt(toEnergyUnit(v)) + " " + energyUnitName());
  ctx.font = (10 * d) + "px system-ui";
  const w = 110 * d, room = Math.max(...S.energyLabels.map(l => ctx.measureText(l).width)) + 8 * d;
  const x = canvas.width - w - room - 4 * d;
  rows.forEach(([name, v, c], i) => {
    const y = 8 * d + i * 14 * d;
    ctx.fillStyle = "rgba(255,255,255,.8)"; ctx.fillRect(x - 2 * d, y - 2 * d, w + room, 13 * d);
    ctx.fillStyle = c; ctx.fillRect(x, y, Math.max(1, Math.abs(v) / S.energyMax * w), 9 * d);
    ctx.fillStyle = "#222"; ctx.fillText(S.energyLabels[i], x + w + 4 * d, y + 8 * d);
  });
}
function draw() {
  requestAnimationFrame(draw);
  if (!S.scene || !S.shown) return;
  if (!dirty) return;
  dirty = false;
  const began = performance.now();
  paint();
  S.drawMs = 0.9 * (S.drawMs || 0) + 0.1 * (performance.now() - began);
}
function paint() {
  fit();
  const f = S.shown, sc = S.scene, d = S.view.dpr;
  ctx.fillStyle = "#fbfbf9"; ctx.fillRect(0, 0, canvas.width, canvas.height);
  if ($("showGrid").checked) drawGrid();
  ctx.strokeStyle = "#555"; ctx.lineWidth = 2 * d;
  sc.boundaries.forEach(b => { ctx.beginPath(); for (let i = 0; i < b.points.length; i += 2) { if (i === 0) ctx.moveTo(sx(b.points[i]), sy(b.points[i+1])); else ctx.lineTo(sx(b.points[i]), sy(b.points[i+1])); } if (b.closed) ctx.closePath(); ctx.stroke(); });
  if ($("showTrails").checked) { ctx.lineWidth = 1 * d; S.trails.forEach((t, k) => { if (!t || t.length < 2) return; ctx.strokeStyle = "rgba(120,120,120,.5)"; ctx.beginPath(); t.forEach((p, i) => i ? ctx.lineTo(sx(p[0]), sy(p[1])) : ctx.moveTo(sx(p[0]), sy(p[1]))); ctx.stroke(); }); }
  /* Items of one look (colour, anchored or not) share one path, one fill and one stroke: a fill and a stroke per
     item made painting most of the time from a step to the page with hundreds of items. The selected item is
     drawn last, on top, with its thick outline. */
  const looks = new Map();
  sc.items.forEach((it, k) => {
    if (k === S.selected) return;
    const color = it.color || palette[k % palette.length];
    let byAnchor = looks.get(color); if (!byAnchor) looks.set(color, byAnchor = [[], []]);
    byAnchor[it.anchored ? 1 : 0].push(k);
  });
  ctx.lineWidth = d; ctx.strokeStyle = "#333";
  looks.forEach((byAnchor, color) => byAnchor.forEach((ks, anchored) => {
    if (!ks.length) return;
    ctx.beginPath(); ks.forEach(k => addOutline(sc.items[k], f, k));
    ctx.fillStyle = color; ctx.globalAlpha = anchored ? 0.5 : 0.85; ctx.fill(); ctx.globalAlpha = 1; ctx.stroke();
  }));
  const chosen = sc.items[S.selected];
  if (chosen) {
    itemPath(chosen, f, S.selected);
    ctx.fillStyle = chosen.color || palette[S.selected % palette.length]; ctx.globalAlpha = chosen.anchored ? 0.5 : 0.85; ctx.fill(); ctx.globalAlpha = 1;
    ctx.lineWidth = 3 * d; ctx.strokeStyle = "#000"; ctx.stroke();
  }
  ctx.strokeStyle = "#999"; ctx.lineWidth = 1.5 * d;
  for (let i = 0; i < f.joints.length; i += 4) { ctx.beginPath(); ctx.moveTo(sx(f.joints[i]), sy(f.joints[i+1])); ctx.lineTo(sx(f.joints[i+2]), sy(f.joints[i+3])); ctx.stroke(); }
  if (sc.items.length <= 60) {
    ctx.font = (11 * d) + "px system-ui"; ctx.fillStyle = "#222";
    sc.items.forEach((it, k) => { const r = Math.max(it.size[0], it.size[1]) / 2 * S.view.scale; if (it.name) ctx.fillText(it.name, sx(f.items[6*k]) + r + 3 * d, sy(f.items[6*k+1]) - r - 2 * d); });
  }
  if ($("showVelocity").checked) sc.items.forEach((it, k) => arrow(sx(f.items[6*k]), sy(f.items[6*k+1]), f.items[6*k+3] * 0.1 * S.view.scale, f.items[6*k+4] * 0.1 * S.view.scale, "#1f6fd1"));
  /* The net force: mass times the change of velocity since the frame before, 0.05 pt per mass·pt/s² as in every picture. */
  if ($("showForce").checked && f.acc) sc.items.forEach((it, k) => { if (!it.anchored) arrow(sx(f.items[6*k]), sy(f.items[6*k+1]), f.acc[2*k] * it.mass * 0.05 * S.view.scale, f.acc[2*k+1] * it.mass * 0.05 * S.view.scale, "#d1451f"); });
  if ($("showContacts").checked) for (let i = 0; i < f.contacts.length; i += 4) {
    const x = sx(f.contacts[i]), y = sy(f.contacts[i+1]);
    ctx.fillStyle = "#d12f8f"; ctx.beginPath(); ctx.arc(x, y, 3.5 * d, 0, 7); ctx.fill();
    ctx.strokeStyle = "#d12f8f"; ctx.lineWidth = 1.5 * d; ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x + f.contacts[i+2] * 14 * d, y + f.contacts[i+3] * 14 * d); ctx.stroke();
  }
  if (f.drag && S.live) { const k = f.drag[0]; ctx.setLineDash([4 * d, 3 * d]); ctx.strokeStyle = "#000"; ctx.lineWidth = 1 * d; ctx.beginPath(); ctx.moveTo(sx(f.items[6*k]), sy(f.items[6*k+1])); ctx.lineTo(sx(f.drag[1]), sy(f.drag[2])); ctx.stroke(); ctx.setLineDash([]); }
  if ($("showEnergy").checked) drawEnergy(f);
  const mode = S.live ? (S.paused ? "paused" : "live") : "scrubbing";
  $("status").textContent = "frame " + f.frame + " · t = " + f.time.toFixed(2) + " s · " + mode;
  drawGraph();
}
/* What the animator's trace follows becomes graphs: "t:<item>:<component>", each computed from the frames. */
const COMPONENTS = {center: ["center.x", "center.y"], velocity: ["velocity.x", "velocity.y"], angle: ["angle"], angularVelocity: ["angularVelocity"]};
function offerTraced() {
  const select = $("quantity"), keep = select.value;
  select.querySelectorAll("option[data-traced]").forEach(o => o.remove());
  const t = S.scene.traced || {items: [], fields: []};
  t.items.forEach(k => t.fields.forEach(field => (COMPONENTS[field] || []).forEach(part => {
    const o = document.createElement("option"); o.value = "t:" + k + ":" + part; o.dataset.traced = "1";
    o.textContent = (S.scene.items[k].name || "item " + (k + 1)) + " " + part + " (traced)"; select.appendChild(o); })));
  const first = select.querySelector("option[data-traced]");
  // The first time a trace shows up its first quantity is graphed; after that the person's choice stays.
  if (first && !S.tracedSeen) select.value = first.value;
  else if ([...select.options].some(o => o.value === keep)) select.value = keep;
  if (first) S.tracedSeen = true;
}
function tracedValue(f, q) {
  const [, ks, part] = q.split(":"), k = +ks, i = 6 * k;
  if (i >= f.items.length) return null;
  switch (part) {
    case "center.x": return toUnit(f.items[i]);
    case "center.y": return toUnit(shownY(f.items[i + 1]));
    case "velocity.x": return toUnit(f.items[i + 3]);
    case "velocity.y": return toUnit(S.scene.yUp ? -f.items[i + 4] : f.items[i + 4]);
    case "angle": return f.items[i + 2];
    default: return f.items[i + 5];
  }
}
function quantity(f, q) {
  if (q.startsWith("t:")) return tracedValue(f, q);
  const k = S.selected;
  if (q === "kinetic") return toEnergyUnit(f.kinetic); if (q === "potential") return toEnergyUnit(f.potential);
  if (q === "total") return toEnergyUnit(f.kinetic + f.potential);
  if (k < 0 || 6 * k >= f.items.length) return null;
  if (q === "speed") return toUnit(Math.hypot(f.items[6*k+3], f.items[6*k+4]));
  if (q === "height") return toUnit(S.scene.floor - f.items[6*k+1]);
  return toUnit(f.items[6*k]);
}
function drawGraph() {
  const d = window.devicePixelRatio || 1, r = graph.getBoundingClientRect();
  graph.width = Math.max(1, Math.round(r.width * d)); graph.height = Math.max(1, Math.round(r.height * d));
  gctx.clearRect(0, 0, graph.width, graph.height);
  const q = $("quantity").value, pts = [];
  S.frames.forEach(f => { const v = quantity(f, q); if (v !== null && isFinite(v)) pts.push([f.time, v]); });
  if (pts.length < 2) { gctx.fillStyle = "#888"; gctx.font = (11 * d) + "px system-ui"; gctx.fillText(S.selected < 0 && !/energy|traced/.test($("quantity").selectedOptions[0].text) ? "select an item" : "waiting for frames", 6 * d, 14 * d); return; }
  let lo = Math.min(...pts.map(p => p[1])), hi = Math.max(...pts.map(p => p[1])); if (hi - lo < 1e-9) { hi += 1; lo -= 1; }
  const t0 = pts[0][0], t1 = pts[pts.length - 1][0], W = graph.width, H = graph.height, m = 4 * d;
  gctx.strokeStyle = "#4e79a7"; gctx.lineWidth = 1.5 * d; gctx.beginPath();
  pts.forEach((p, i) => { const x = m + (p[0] - t0) / Math.max(1e-9, t1 - t0) * (W - 2 * m), y = H - m - (p[1] - lo) / (hi - lo) * (H - 2 * m); i ? gctx.lineTo(x, y) : gctx.moveTo(x, y); });
  gctx.stroke();
  if (!S.live && S.shown) { const x = m + (S.shown.time - t0) / Math.max(1e-9, t1 - t0) * (W - 2 * m); gctx.strokeStyle = "#d1451f"; gctx.beginPath(); gctx.moveTo(x, 0); gctx.lineTo(x, H); gctx.stroke(); }
  gctx.fillStyle = "#222"; gctx.font = (10 * d) + "px system-ui";
  const part = q.startsWith("t:") ? q.split(":")[2] : q;
  const unit = /energy/.test($("quantity").selectedOptions[0].text) ? " " + energyUnitName()
    : part === "angle" ? " rad" : part === "angularVelocity" ? " rad/s"
    : (part === "speed" || part.startsWith("velocity")) ? " " + unitName() + "/s" : " " + unitName();
  gctx.fillText(fmt(hi) + unit, m, 11 * d); gctx.fillText(fmt(lo) + unit, m, H - m);
  const span = t1 - t0; gctx.fillText("last " + span.toFixed(1) + " s", W - 60 * d, H - m);
}
function syncPanel() {
  const it = S.scene && S.scene.items[S.selected];
  $("selected").textContent = it ? (it.name || ("item " + (S.selected + 1))) : "none (click one)";
  ["elasticity", "friction", "density"].forEach(p => {
    const el = $(p); el.disabled = !it; if (it && document.activeElement !== el) { el.value = it[p]; $(p + "Out").textContent = (+it[p]).toFixed(2); }
    if (!it) $(p + "Out").textContent = "";
  });
  $("gravity").disabled = S.scene.gravity === null;
  dirty = true;
}
function hitItem(w) {
  const f = S.shown; if (!f || !S.scene) return -1;
  for (let k = S.scene.items.length - 1; k >= 0; k--) { itemPath(S.scene.items[k], f, k); if (ctx.isPointInPath(sx(w[0]), sy(w[1]))) return k; }
  return -1;
}
canvas.addEventListener("pointerdown", ev => {
  if (!S.scene) return; goLive();
  const w = toWorld(ev), k = hitItem(w);
  S.selected = k; syncPanel();
  if (k >= 0 && !S.scene.items[k].anchored) { S.dragging = k; canvas.setPointerCapture(ev.pointerId); send({cmd: "drag", scene: S.scene.scene, item: k, x: w[0], y: w[1]}); }
});
canvas.addEventListener("pointermove", ev => { if (S.dragging >= 0) { const w = toWorld(ev); send({cmd: "drag", scene: S.scene.scene, item: S.dragging, x: w[0], y: w[1]}); } });
const endDrag = () => { if (S.dragging >= 0) { S.dragging = -1; send({cmd: "release"}); } };
canvas.addEventListener("pointerup", endDrag); canvas.addEventListener("pointercancel", endDrag);
function goLive() { S.live = true; if (S.frames.length) S.shown = S.frames[S.frames.length - 1]; $("scrub").value = $("scrub").max; dirty = true; }
$("pause").onclick = () => { goLive(); send({cmd: S.paused ? "play" : "pause"}); };
$("step").onclick = () => { goLive(); send({cmd: "step"}); };
$("reset").onclick = () => { goLive(); S.trails = []; send({cmd: "reset"}); };
$("scrub").oninput = e => {
  const i = +e.target.value;
  if (i >= S.frames.length - 1) { goLive(); return; }
  if (!S.paused) send({cmd: "pause"});
  S.live = false; S.shown = S.frames[i]; dirty = true;
};
$("gravity").oninput = e => { $("gravityOut").textContent = (+e.target.value).toFixed(2); send({cmd: "gravity", value: +e.target.value}); };
["elasticity", "friction", "density"].forEach(p => { $(p).oninput = e => {
  if (S.selected < 0) return; $(p + "Out").textContent = (+e.target.value).toFixed(2);
  send({cmd: "item", scene: S.scene.scene, item: S.selected, property: p, value: +e.target.value}); }; });
document.querySelectorAll("input[type=checkbox],select").forEach(el => el.onchange = () => { dirty = true; });
window.addEventListener("resize", () => { dirty = true; });
window.addEventListener("keydown", ev => { if (ev.target.tagName === "INPUT" && ev.target.type !== "checkbox") return; if (ev.key === " ") { ev.preventDefault(); $("pause").click(); } if (ev.key === ".") $("step").click(); });
connect(); requestAnimationFrame(draw);
</script></body></html>
"""#
}
