/// The replay player: plain JavaScript over a 2D canvas, written for this project and inlined into the page.
/// It reads the `REPLAY` data object (see `HTMLReplay`) and draws a frame the way `SVGRenderer` does.
/// A URL hash `#t=SECONDS` (seconds after the first frame, optionally `&trails=1`) draws that instant paused
/// and puts a summary of what the canvas shows into the page title: for each item colour, how many pixels
/// have it and their centroid in world points, so a headless browser can check what was really rendered.
/// With `&marks=1` as well, the box holding the controls is painted pure green (#00ff00), so a screenshot shows
/// where the controls are and whether all of them are in the window.
enum ReplayScript {
    static let source = #"""
(function () {
  "use strict";
  var R = REPLAY;
  var canvas = document.getElementById("scene");
  var ctx = canvas.getContext("2d");
  var playButton = document.getElementById("play");
  var slider = document.getElementById("time");
  var clock = document.getElementById("clock");
  var speedSelect = document.getElementById("speed");
  var trailsBox = document.getElementById("trails");
  // Velocity and force boxes exist only when the page carries those vectors; energy and grid always.
  var velocityBox = document.getElementById("velocities");
  var forceBox = document.getElementById("forces");
  var energyBox = document.getElementById("energy");
  var gridBox = document.getElementById("grid");
  var view = R.view; // [x, y, width, height] in points
  var scale = canvas.width / view[2];
  var frames = R.frames;
  var last = frames.length - 1;
  var startTime = frames.length ? frames[0].t : 0;

  // Where each track has been, frame by frame, for trails: [frameIndex, x, y, ...].
  var paths = R.tracks.map(function () { return []; });
  frames.forEach(function (f, i) {
    for (var k = 0; k + 3 < f.p.length; k += 4) { paths[f.p[k]].push(i, f.p[k + 1], f.p[k + 2]); }
  });

  function frameAt(t) {
    // The last frame whose time is at or before t (binary search; frames are in time order).
    var lo = 0, hi = last;
    if (hi < 0) { return -1; }
    while (lo < hi) {
      var mid = (lo + hi + 1) >> 1;
      if (frames[mid].t <= t) { lo = mid; } else { hi = mid - 1; }
    }
    return lo;
  }

  function toCanvas() {
    ctx.setTransform(scale, 0, 0, scale, -view[0] * scale, -view[1] * scale);
  }

  function polyline(points, closed) {
    ctx.beginPath();
    for (var i = 0; i + 1 < points.length; i += 2) {
      if (i === 0) { ctx.moveTo(points[0], points[1]); } else { ctx.lineTo(points[i], points[i + 1]); }
    }
    if (closed) { ctx.closePath(); }
  }

  function draw(index) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = R.background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (index < 0) { return; }
    var frame = frames[index];
    var unit = Math.max(view[2], view[3]) / 400;
    toCanvas();
    ctx.lineCap = "round";
    ctx.lineJoin = "round";

    if (gridBox.checked && R.grid) { drawGrid(unit); }

    ctx.strokeStyle = R.boundaryColor;
    ctx.lineWidth = 2 * unit;
    R.boundarySets[frame.b].forEach(function (b) { polyline(b.points, b.closed); ctx.stroke(); });

    if (trailsBox.checked) {
      ctx.lineWidth = unit;
      paths.forEach(function (path, track) {
        ctx.strokeStyle = R.tracks[track].color;
        ctx.globalAlpha = 0.5;
        ctx.beginPath();
        var started = false;
        for (var i = 0; i < path.length && path[i] <= index; i += 3) {
          if (!started) { ctx.moveTo(path[i + 1], path[i + 2]); started = true; } else { ctx.lineTo(path[i + 1], path[i + 2]); }
        }
        ctx.stroke();
        ctx.globalAlpha = 1;
      });
    }

    ctx.strokeStyle = R.jointColor;
    ctx.lineWidth = 1.5 * unit;
    for (var j = 0; j + 3 < frame.j.length; j += 4) {
      ctx.beginPath(); ctx.moveTo(frame.j[j], frame.j[j + 1]); ctx.lineTo(frame.j[j + 2], frame.j[j + 3]); ctx.stroke();
    }

    for (var k = 0; k + 3 < frame.p.length; k += 4) {
      var track = R.tracks[frame.p[k]];
      toCanvas();
      ctx.translate(frame.p[k + 1], frame.p[k + 2]);
      ctx.rotate(frame.p[k + 3]);
      // A frame with see-through views lists each pose's opacity in "a".
      ctx.globalAlpha = frame.a ? frame.a[k / 4] : 1;
      polyline(track.outline, true);
      ctx.fillStyle = track.color;
      ctx.fill();
      ctx.strokeStyle = track.stroke;
      ctx.lineWidth = unit;
      ctx.stroke();
      ctx.globalAlpha = 1;
    }
    if (R.labels) {
      toCanvas();
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      for (var m = 0; m + 3 < frame.p.length; m += 4) {
        var t2 = R.tracks[frame.p[m]];
        if (!t2.name) { continue; }
        ctx.font = t2.fontSize + "px sans-serif";
        ctx.fillStyle = t2.ink;
        ctx.fillText(t2.name, frame.p[m + 1], frame.p[m + 2]);
      }
    }
    toCanvas();
    // Arrows from the centres, at the scales every picture uses (ItemArrows).
    if (velocityBox && velocityBox.checked && frame.v) { arrows(frame, frame.v, R.arrows.velocityScale, R.arrows.velocityColor, unit); }
    if (forceBox && forceBox.checked && frame.f) { arrows(frame, frame.f, R.arrows.forceScale, R.arrows.forceColor, unit); }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (energyBox.checked && frame.e) { drawEnergy(frame.e); }
    slider.value = String(index);
    clock.textContent = (frame.t - startTime).toFixed(2) + " s";
    canvas.setAttribute("data-frame", String(index));
  }

  function arrows(frame, vectors, scale, color, unit) {
    ctx.strokeStyle = color;
    ctx.lineWidth = unit;
    for (var k = 0; 4 * k + 3 < frame.p.length; k++) {
      if (frame.a && !(frame.a[k] > 0)) { continue; }  // an invisible item shows no arrow, as in every picture
      var x = frame.p[4 * k + 1], y = frame.p[4 * k + 2];
      var dx = vectors[2 * k] * scale, dy = vectors[2 * k + 1] * scale, len = Math.sqrt(dx * dx + dy * dy);
      if (!(len > 0.5 * unit)) { continue; }
      // The head: two strokes back from the tip at 30 degrees, 4 units long (at most half the arrow).
      var h = Math.min(4 * unit, len / 2) / len, bx = -dx * h, by = -dy * h;
      ctx.beginPath();
      ctx.moveTo(x, y); ctx.lineTo(x + dx, y + dy);
      ctx.moveTo(x + dx + 0.866 * bx - 0.5 * by, y + dy + 0.5 * bx + 0.866 * by);
      ctx.lineTo(x + dx, y + dy);
      ctx.lineTo(x + dx + 0.866 * bx + 0.5 * by, y + dy - 0.5 * bx + 0.866 * by);
      ctx.stroke();
    }
  }

  function drawGrid(unit) {
    var g = R.grid, x0 = view[0], y0 = view[1], x1 = view[0] + view[2], y1 = view[1] + view[3], i;
    ctx.strokeStyle = "#c8d0d8";
    ctx.lineWidth = 0.5 * unit;
    ctx.fillStyle = "#6a7580";
    ctx.font = (5 * unit) + "px sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    for (i = 0; i < g.x.length; i++) {
      ctx.beginPath(); ctx.moveTo(g.x[i], y0); ctx.lineTo(g.x[i], y1); ctx.stroke();
      ctx.fillText(g.xl[i], g.x[i] + unit, y0 + 6 * unit);
    }
    for (i = 0; i < g.y.length; i++) {
      ctx.beginPath(); ctx.moveTo(x0, g.y[i]); ctx.lineTo(x1, g.y[i]); ctx.stroke();
      ctx.fillText(g.yl[i], x0 + unit, g.y[i] - unit);
    }
    ctx.fillText(g.caption, x0 + unit, y1 - unit);
  }

  // Kinetic, potential and total as bars in the top-right corner, a full bar the largest size in the recording.
  function drawEnergy(e) {
    var values = [e[0], e[1], e[0] + e[1]], names = ["kinetic", "potential", "total"];
    var size = Math.max(10, canvas.width / 60), full = canvas.width / 6.5, row = 1.5 * size;
    var x = canvas.width - full - 14 * size * 0.6 - size, y = size / 2;
    ctx.font = size + "px sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "alphabetic";
    ctx.fillStyle = "rgba(255,255,255,0.8)";
    ctx.fillRect(x - size / 4, y - size / 4, canvas.width - x, 3 * row + size / 4);
    for (var i = 0; i < 3; i++) {
      var v = values[i], fraction = R.energy.full > 0 ? Math.min(1, Math.abs(v) / R.energy.full) : 0;
      ctx.fillStyle = R.energy.colors[i];
      ctx.fillRect(x, y + i * row, fraction * full, size);
      ctx.fillStyle = "#222222";
      ctx.fillText(names[i] + " " + (+v.toPrecision(4)) + " " + R.energy.unit, x + full + size / 3, y + i * row + 0.85 * size);
    }
  }

  // Where the page put things, in CSS pixels: the window, the picture as drawn (the canvas scaled down to fit its
  // box, as its object-fit says) and the box around the controls.
  function layout() {
    var box = canvas.getBoundingClientRect(), controls = document.getElementById("controls").getBoundingClientRect();
    var s = Math.min(1, box.width / canvas.width, box.height / canvas.height);
    function r(x, y, w, h) { return [Math.round(x), Math.round(y), Math.round(w), Math.round(h)]; }
    return { window: [window.innerWidth, window.innerHeight], picture: r(box.left, box.top, canvas.width * s, canvas.height * s),
             controls: r(controls.left, controls.top, controls.width, controls.height) };
  }

  // What the canvas shows, per distinct item colour: pixel count and centroid in world points.
  function summary(index) {
    var data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    var colors = [];
    R.tracks.forEach(function (t) { if (colors.indexOf(t.color) < 0) { colors.push(t.color); } });
    var rgb = colors.map(function (c) { return [parseInt(c.substr(1, 2), 16), parseInt(c.substr(3, 2), 16), parseInt(c.substr(5, 2), 16)]; });
    var stats = colors.map(function () { return { n: 0, sx: 0, sy: 0 }; });
    var background = 0;
    var bg = [parseInt(R.background.substr(1, 2), 16), parseInt(R.background.substr(3, 2), 16), parseInt(R.background.substr(5, 2), 16)];
    for (var i = 0, p = 0; i < data.length; i += 4, p++) {
      var r = data[i], g = data[i + 1], b = data[i + 2];
      if (r === bg[0] && g === bg[1] && b === bg[2]) { background++; continue; }
      for (var c = 0; c < rgb.length; c++) {
        if (Math.abs(r - rgb[c][0]) <= 2 && Math.abs(g - rgb[c][1]) <= 2 && Math.abs(b - rgb[c][2]) <= 2) {
          var s = stats[c]; s.n++; s.sx += p % canvas.width + 0.5; s.sy += Math.floor(p / canvas.width) + 0.5;
          break;
        }
      }
    }
    var out = { frame: index, t: index >= 0 ? frames[index].t : 0, pixels: canvas.width * canvas.height,
                background: background, colors: {}, layout: layout() };
    colors.forEach(function (c, k) {
      var s = stats[k];
      out.colors[c] = s.n ? { n: s.n, x: +(view[0] + s.sx / s.n / scale).toFixed(2), y: +(view[1] + s.sy / s.n / scale).toFixed(2) } : { n: 0 };
    });
    return out;
  }

  var playing = false, playClock = 0, shownTime = startTime, lastTick = 0;

  function show(t) {
    shownTime = Math.min(Math.max(t, startTime), last >= 0 ? frames[last].t : startTime);
    draw(frameAt(shownTime));
  }

  // A timer rather than animation frames: hidden and headless pages get none, and the replay should still
  // advance there (a browser test plays it under virtual time).
  function schedule() { setTimeout(function () { tick(performance.now()); }, 1000 / 60); }

  function tick(now) {
    if (!playing) { return; }
    var dt = lastTick ? (now - lastTick) / 1000 : 0;
    lastTick = now;
    playClock += dt * parseFloat(speedSelect.value);
    show(startTime + playClock);
    if (last < 0 || startTime + playClock >= frames[last].t) { setPlaying(false); return; }
    schedule();
  }

  function setPlaying(on) {
    playing = on;
    playButton.textContent = on ? "Pause" : "Play";
    if (on) {
      if (last >= 0 && shownTime >= frames[last].t) { shownTime = startTime; }
      playClock = shownTime - startTime;
      lastTick = 0;
      schedule();
    }
  }

  playButton.addEventListener("click", function () { setPlaying(!playing); });
  slider.addEventListener("input", function () {
    setPlaying(false);
    var i = parseInt(slider.value, 10);
    if (i >= 0 && i <= last) { shownTime = frames[i].t; draw(i); }
  });
  [trailsBox, velocityBox, forceBox, energyBox, gridBox].forEach(function (box) {
    if (box) { box.addEventListener("change", function () { draw(frameAt(shownTime)); }); }
  });

  function fromHash() {
    var m = /[#&]t=([0-9.eE+-]+)/.exec(location.hash);
    if (!m) { return false; }
    if (/[#&]trails=1/.test(location.hash)) { trailsBox.checked = true; }
    if (/[#&]marks=1/.test(location.hash)) { document.getElementById("controls").style.background = "#00ff00"; }
    setPlaying(false);
    show(startTime + parseFloat(m[1]));
    document.title = "replay " + JSON.stringify(summary(frameAt(shownTime)));
    return true;
  }
  window.addEventListener("hashchange", fromHash);
  if (!fromHash()) { show(startTime); if (R.autoplay) { setPlaying(true); } }
})();
"""#
}
