// SPDX-License-Identifier: Apache-2.0
import PageGeometry
import PageInfoEncoding

/// The style, controls and script every `pageinfo inspect` report inlines.
///
/// The script implements no geometry: every number it shows is one of the matrices a page
/// carries (its record's `transform`, the bitmaps' `rawToPixel` and `rawToNormalized`, the
/// frames' `rawToFrame`, the picture's and the view's) applied to a point, `x' = a·x + c·y + tx`,
/// `y' = b·x + d·y + ty`; a rectangle is its four corners so mapped, then standardized.
enum InspectAssets {
    static let style = """
    body{margin:0;font:14px/1.4 system-ui,sans-serif;color:#111;background:#d8d8d8;display:grid;grid-template-columns:minmax(0,1fr) 400px}
    main{grid-column:1;grid-row:1;padding:12px;overflow-x:auto}
    header{grid-column:2;grid-row:1;position:sticky;top:0;height:100vh;overflow:auto;background:#fafafa;border-left:1px solid #bbb;padding:8px 12px;box-sizing:border-box}
    h1{font-size:15px;word-break:break-all;margin:4px 0 8px}h2{font-size:14px;margin:8px 0 4px}
    section.page{background:#fff;margin:0 0 16px;padding:8px;display:inline-block;border:1px solid #bbb}
    svg.picture{display:block;cursor:crosshair;outline-offset:2px}
    svg.picture:focus{outline:3px solid #1f4fe0}
    .legend{list-style:none;padding:0;margin:6px 0 0;font:12px monospace}.legend li{margin:1px 0}
    .swatch{display:inline-block;width:12px;height:10px;margin-right:6px;vertical-align:middle}
    .warnings{margin:4px 0;font-size:13px;color:#8a3a00}.error{color:#b00}
    fieldset{border:1px solid #ccc;margin:6px 0;padding:4px 8px}fieldset label{display:block}
    table{border-collapse:collapse;font:12px monospace;width:100%}td,th{padding:1px 4px;text-align:right}td:first-child,th:first-child{text-align:left}
    tr:nth-child(even){background:#f0f0f0}
    textarea{width:100%;height:60px;font:11px monospace}
    #boxes-status{display:block;font-size:12px}
    """

    /// The controls and readouts of a report whose pixels are of `renderers` (the first chosen is
    /// `chosen`), with the `overlays` given on the command line (file name, frame).
    static func controls(renderers: [String], chosen: String, bitmap: String, overlays: [(name: String, frame: String)]) -> String {
        var s = "<fieldset><legend>Layers</legend>\n"
        var layers: [(String, String, RGBColor?)] = PageBox.allCases.map { ($0.rawValue, $0.rawValue, OverlayPalette.color(for: $0)) }
        layers += [("outside", "outside the CropBox (shaded)", nil), ("axes", "origins and axes of raw and page space", OverlayPalette.axes)]
        for (i, o) in overlays.enumerated() { layers.append(("overlay-\(i)", "\(o.name) (\(o.frame))", OverlayPalette.overlay(i))) }
        for (id, text, color) in layers {
            let swatch = color.map { "<span class=\"swatch\" style=\"background:\($0)\"></span>" } ?? "<span class=\"swatch\"></span>"
            s += "<label><input type=\"checkbox\" data-layer-toggle=\"\(id)\" checked> \(swatch)\(XMLEscaper.text(text))</label>\n"
        }
        s += "<span id=\"dropped-layers\"></span></fieldset>\n"
        s += "<label>Pixels: the image <select id=\"renderer\">"
        for r in renderers { s += "<option value=\"\(r)\"\(r == chosen ? " selected" : "")>\(r)</option>" }
        s += "</select> makes \(XMLEscaper.text(bitmap))</label>\n"
        s += "<h2>Pointer</h2><output data-readout aria-live=\"polite\"><table></table></output>\n"
        s += "<h2>Pinned (click, or Enter on a focused page)</h2><output data-pinned><table></table></output>\n"
        s += "<h2>Rectangle (drag)</h2><output data-selection><table></table></output>\n"
        s += "<button type=\"button\" id=\"copy-selection\">Copy the rectangle as JSON</button>\n"
        s += "<textarea id=\"selection-json\" readonly aria-label=\"the rectangle in every frame, as JSON\"></textarea>\n"
        s += "<fieldset><legend>Add boxes (JSON or CSV, as draw --overlay reads; or drop a file on the page)</legend>\n"
        s += "<label>Frame <select id=\"boxes-frame\">"
        for f in ["raw", "page", "view", "pixels", "normalized"] + LibraryFrame.allCases.map(\.rawValue) { s += "<option value=\"\(f)\">\(f)</option>" }
        s += "</select></label>\n<label>File <input type=\"file\" id=\"boxes-file\" accept=\".json,.csv,application/json,text/csv\"></label>\n"
        s += "<span id=\"boxes-status\" role=\"status\"></span></fieldset>\n"
        return s
    }

    static let script = #"""
    (function () {
      "use strict";
      const REPORT = JSON.parse(document.getElementById("pageinfo-report").textContent);
      const NAMES = ["raw", "page", "view", "pixel", "normalized"].concat(REPORT.frames);
      const LABELS = { raw: "raw PDF space", page: "page space", view: "view space", pixel: "pixels", normalized: "normalized 0–1" };
      const IDENTITY = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
      const pages = Array.from(document.querySelectorAll("section.page[data-page-index]:not(.failed)")).map(function (sec) {
        return { sec: sec, svg: sec.querySelector("svg.picture"), probe: sec.querySelector("g.probe"),
                 data: JSON.parse(sec.querySelector("script.page-data").textContent) };
      });
      const rendererSelect = document.getElementById("renderer");
      const SVGNS = "http://www.w3.org/2000/svg";

      function apply(m, p) { return [m.a * p[0] + m.c * p[1] + m.tx, m.b * p[0] + m.d * p[1] + m.ty]; }
      function applyRect(m, r) {
        const c = [apply(m, [r[0], r[1]]), apply(m, [r[2], r[1]]), apply(m, [r[0], r[3]]), apply(m, [r[2], r[3]])];
        const xs = c.map(function (q) { return q[0]; }), ys = c.map(function (q) { return q[1]; });
        return [Math.min.apply(null, xs), Math.min.apply(null, ys), Math.max.apply(null, xs), Math.max.apply(null, ys)];
      }
      // Each space's matrices on a page, from raw and to raw (null where the page has none).
      function matrices(page) {
        const d = page.data, rec = d.record, b = d.bitmaps[rendererSelect.value] || null, out = {};
        out.raw = [IDENTITY, IDENTITY];
        out.page = [rec.transform, d.pageToRaw];
        out.view = d.view ? [d.view.rawToView, d.view.viewToRaw] : [null, null];
        out.pixel = b ? [b.rawToPixel, b.pixelToRaw] : [null, null];
        out.normalized = b ? [b.rawToNormalized, b.normalizedToRaw] : [null, null];
        REPORT.frames.forEach(function (f) { const m = rec.frames && rec.frames[f]; out[f] = m ? [m.rawToFrame, m.frameToRaw] : [null, null]; });
        return out;
      }
      function label(page, name) {
        const d = page.data, b = d.bitmaps[rendererSelect.value];
        if (name === "view" && d.view) return "view " + d.view.width + "×" + d.view.height;
        if (name === "pixel" && b) return b.renderer + (b.dpi !== null ? " " + b.dpi + " dpi" : " " + b.requestedWidth + "×" + b.requestedHeight) + " (" + b.width + "×" + b.height + ")";
        return LABELS[name] || name;
      }
      function fmt(v) { return (Math.abs(v) < 0.005 ? 0 : v).toFixed(2); }
      function table(out, header) {
        const t = out.querySelector("table");
        t.textContent = "";
        const tr = t.insertRow();
        header.forEach(function (h) { const th = document.createElement("th"); th.textContent = h; tr.appendChild(th); });
        return t;
      }
      function clear(out) {
        Array.from(out.attributes).forEach(function (a) { if (a.name.startsWith("data-") && a.name !== "data-readout" && a.name !== "data-pinned" && a.name !== "data-selection") out.removeAttribute(a.name); });
        out.querySelector("table").textContent = "";
      }
      // The point `pt` (picture pixels) of `page` in every space, as text and as data-NAME-x/y.
      function showPoint(out, page, pt) {
        clear(out);
        const raw = apply(page.data.picture.pictureToRaw, pt), m = matrices(page);
        out.setAttribute("data-page-index", String(page.data.record.index));
        const t = table(out, ["page " + (page.data.record.index + 1), "x", "y"]);
        NAMES.forEach(function (name) {
          const toFrame = m[name][0], tr = t.insertRow();
          tr.insertCell().textContent = label(page, name);
          if (!toFrame) { tr.insertCell().textContent = "—"; tr.insertCell().textContent = "—"; return; }
          const v = apply(toFrame, raw);
          out.setAttribute("data-" + name + "-x", String(v[0]));
          out.setAttribute("data-" + name + "-y", String(v[1]));
          tr.insertCell().textContent = fmt(v[0]);
          tr.insertCell().textContent = fmt(v[1]);
        });
      }
      function selectionJSON(page, rawRect) {
        const m = matrices(page), frames = {};
        NAMES.forEach(function (name) { frames[name] = m[name][0] ? applyRect(m[name][0], rawRect) : null; });
        return { index: page.data.record.index, x0y0x1y1: frames };
      }
      function showRect(page, pictureRect) {
        const out = document.querySelector("[data-selection]");
        clear(out);
        const raw = applyRect(page.data.picture.pictureToRaw, pictureRect), json = selectionJSON(page, raw);
        out.setAttribute("data-page-index", String(json.index));
        const t = table(out, ["page " + (json.index + 1), "x0", "y0", "x1", "y1"]);
        NAMES.forEach(function (name) {
          const r = json.x0y0x1y1[name], tr = t.insertRow();
          tr.insertCell().textContent = label(page, name);
          ["x0", "y0", "x1", "y1"].forEach(function (k, i) {
            tr.insertCell().textContent = r ? fmt(r[i]) : "—";
            if (r) out.setAttribute("data-" + name + "-" + k, String(r[i]));
          });
        });
        document.getElementById("selection-json").value = JSON.stringify(json);
      }
      function mark(page, cls, make) {
        let el = page.probe.querySelector("." + cls);
        pages.forEach(function (p) { const old = p.probe.querySelector("." + cls); if (old && p !== page) old.remove(); });
        if (!el) { el = document.createElementNS(SVGNS, make); el.setAttribute("class", cls); page.probe.appendChild(el); }
        return el;
      }
      function crosshair(page, pt, cls, color) {
        const el = mark(page, cls, "path"), w = page.data.picture.width, h = page.data.picture.height;
        el.setAttribute("d", "M0," + pt[1] + "H" + w + "M" + pt[0] + ",0V" + h);
        el.setAttribute("stroke", color); el.setAttribute("stroke-width", "1"); el.setAttribute("stroke-opacity", "0.6");
      }
      function eventPoint(page, ev) {
        const p = page.svg.createSVGPoint();
        p.x = ev.clientX; p.y = ev.clientY;
        const q = p.matrixTransform(page.svg.getScreenCTM().inverse());
        return [q.x, q.y];
      }
      let drag = null, pinned = null, selected = null;
      const keyProbe = new Map();
      function pin(page, pt) {
        pinned = { page: page, pt: pt };
        showPoint(document.querySelector("[data-pinned]"), page, pt);
        crosshair(page, pt, "pin", "#7a2be2");
      }
      function select(page, rect) { selected = { page: page, rect: rect }; showRect(page, rect); }
      // A drag ends wherever the button is released (or the pointer is lost).
      window.addEventListener("pointerup", function () { drag = null; });
      window.addEventListener("pointercancel", function () { drag = null; });
      pages.forEach(function (page) {
        const svg = page.svg;
        svg.addEventListener("pointermove", function (ev) {
          const pt = eventPoint(page, ev);
          showPoint(document.querySelector("[data-readout]"), page, pt);
          crosshair(page, pt, "pointer", "#ff8000");
          if (drag && drag.page === page) {
            const r = mark(page, "selection", "rect"), x0 = Math.min(drag.start[0], pt[0]), y0 = Math.min(drag.start[1], pt[1]);
            r.setAttribute("x", x0); r.setAttribute("y", y0);
            r.setAttribute("width", Math.abs(pt[0] - drag.start[0])); r.setAttribute("height", Math.abs(pt[1] - drag.start[1]));
            r.setAttribute("fill", "#ff8000"); r.setAttribute("fill-opacity", "0.15"); r.setAttribute("stroke", "#ff8000");
          }
        });
        svg.addEventListener("pointerdown", function (ev) { if (ev.button === 0) drag = { page: page, start: eventPoint(page, ev) }; });
        svg.addEventListener("pointerup", function (ev) {
          if (!drag || drag.page !== page || ev.button !== 0) return;
          const pt = eventPoint(page, ev), s = drag.start;
          drag = null;
          if (Math.abs(pt[0] - s[0]) < 3 && Math.abs(pt[1] - s[1]) < 3) {
            // A click pins; the last rectangle stays as it was drawn.
            if (selected) showRectMark(selected.page, selected.rect); else { const r = page.probe.querySelector(".selection"); if (r) r.remove(); }
            pin(page, pt);
          } else {
            select(page, [Math.min(s[0], pt[0]), Math.min(s[1], pt[1]), Math.max(s[0], pt[0]), Math.max(s[1], pt[1])]);
          }
        });
        svg.addEventListener("keydown", function (ev) {
          const step = ev.shiftKey ? 10 : 1, d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[ev.key];
          let pt = keyProbe.get(page) || [page.data.picture.width / 2, page.data.picture.height / 2];
          if (d) { pt = [pt[0] + d[0], pt[1] + d[1]]; keyProbe.set(page, pt); showPoint(document.querySelector("[data-readout]"), page, pt); crosshair(page, pt, "pointer", "#ff8000"); ev.preventDefault(); }
          else if (ev.key === "Enter" || ev.key === " ") { pin(page, pt); ev.preventDefault(); }
        });
        svg.addEventListener("drop", function (ev) { if (ev.dataTransfer.files.length) readBoxes(ev.dataTransfer.files[0]); });
      });
      function showRectMark(page, rect) {
        const r = mark(page, "selection", "rect");
        r.setAttribute("x", rect[0]); r.setAttribute("y", rect[1]); r.setAttribute("width", rect[2] - rect[0]); r.setAttribute("height", rect[3] - rect[1]);
      }
      // A file dropped anywhere else is not opened in place of the report.
      document.addEventListener("dragover", function (ev) { ev.preventDefault(); });
      document.addEventListener("drop", function (ev) { ev.preventDefault(); });
      // Another renderer: the pinned point and the rectangle are shown again in its pixels.
      rendererSelect.addEventListener("change", function () {
        if (pinned) showPoint(document.querySelector("[data-pinned]"), pinned.page, pinned.pt);
        if (selected) showRect(selected.page, selected.rect);
      });
      document.querySelectorAll("input[data-layer-toggle]").forEach(function (box) { box.addEventListener("change", toggled); });
      function toggled(ev) {
        const name = ev.target.getAttribute("data-layer-toggle");
        document.querySelectorAll('[data-layer="' + name + '"]').forEach(function (el) { el.style.display = ev.target.checked ? "" : "none"; });
      }
      document.getElementById("copy-selection").addEventListener("click", function () {
        const area = document.getElementById("selection-json");
        area.select();
        if (navigator.clipboard) navigator.clipboard.writeText(area.value).catch(function () { document.execCommand("copy"); });
        else document.execCommand("copy");
      });

      // Boxes files, read by the rules of `pageinfo draw --overlay` (PageInfoEncoding's
      // OverlayBoxes): the same forms, limits and errors.
      const MAX_BOXES = 100000, MAGNITUDE = 1e12, MAX_LABEL_BYTES = 200, NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
      function checked(v, place) {
        if (!Number.isFinite(v) || Math.abs(v) > MAGNITUDE) throw new Error(place + ": " + v + " is not a finite number within ±1e12");
        return v;
      }
      function cutLabel(text) {
        const utf8 = new TextEncoder();
        if (utf8.encode(text).length <= MAX_LABEL_BYTES) return text;
        let cut = "";
        for (const c of text) { if (utf8.encode(cut + c).length > MAX_LABEL_BYTES - 3) break; cut += c; }
        return cut + "…";
      }
      function pageNumber(v, place) {
        if (!(Number.isInteger(v) && v >= 1 && v <= 2147483647)) throw new Error(place + ": page " + v + " is not a page number (1, 2, …)");
        return v;
      }
      function corners(values, place) {
        const n = values.filter(function (v) { return typeof v === "number"; }).map(function (v) { return checked(v, place); });
        if (n.length !== 4 || values.length !== 4) throw new Error(place + ": a box is 4 numbers x0, y0, x1, y1");
        return n;
      }
      function jsonBox(item, place) {
        if (Array.isArray(item)) return { rect: corners(item, place), label: null, page: null };
        if (!item || typeof item !== "object") throw new Error(place + ": expected [x0, y0, x1, y1] or an object with \"box\"");
        let rect;
        const box = item.box !== undefined ? item.box : item.bbox;
        if (Array.isArray(box)) rect = corners(box, place);
        else rect = ["x0", "y0", "x1", "y1"].map(function (k) {
          if (typeof item[k] !== "number") throw new Error(place + ": needs \"box\": [x0, y0, x1, y1] or the members x0, y0, x1, y1");
          return checked(item[k], place + "." + k);
        });
        const lbl = item.label !== undefined ? item.label : item.text;
        let label = null;
        if (typeof lbl === "string") label = cutLabel(lbl);
        else if (typeof lbl === "number") label = String(lbl);
        else if (lbl !== undefined && lbl !== null) throw new Error(place + ".label: expected a string");
        let page = null;
        if (typeof item.page === "number") page = pageNumber(item.page, place + ".page");
        else if (item.page !== undefined && item.page !== null) throw new Error(place + ".page: expected a page number");
        return { rect: rect, label: label, page: page };
      }
      function csvRecords(text) {
        const rows = []; let row = [], field = "", quoted = false, line = 1;
        function endField() { row.push(field); field = ""; }
        function endRow() { endField(); if (!(row.length === 1 && row[0] === "")) rows.push(row); row = []; }
        for (let i = 0; i < text.length; i++) {
          const c = text[i];
          if (quoted) {
            if (c === '"') { if (text[i + 1] === '"') { field += c; i++; } else quoted = false; }
            else { if (c === "\n") line++; field += c; }
          } else if (c === '"' && field === "") quoted = true;
          else if (c === ",") endField();
          else if (c === "\n") { endRow(); line++; if (rows.length > MAX_BOXES + 1) throw new Error("more than " + MAX_BOXES + " boxes: at most " + MAX_BOXES + " are drawn"); }
          else if (c !== "\r") field += c;
        }
        if (quoted) throw new Error("line " + line + ": a quoted field is not closed");
        if (field !== "" || row.length) endRow();
        return rows;
      }
      function parseBoxes(text) {
        text = text.replace(/^\uFEFF/, "").replace(/^[ \t\r\n]+/, "");
        if (!text) throw new Error("no boxes: the file is empty");
        let boxes = [];
        if (text[0] === "[" || text[0] === "{") {
          let doc = JSON.parse(text);
          if (!Array.isArray(doc)) { if (doc && Array.isArray(doc.boxes)) doc = doc.boxes; else throw new Error("an object of boxes needs a \"boxes\" array"); }
          if (doc.length > MAX_BOXES) throw new Error("more than " + MAX_BOXES + " boxes: at most " + MAX_BOXES + " are drawn");
          boxes = doc.map(function (item, i) { return jsonBox(item, "box " + i); });
        } else {
          const rows = csvRecords(text), head = rows[0].map(function (h) { return h.replace(/^[ \t]+|[ \t]+$/g, "").toLowerCase(); });
          const at = {}; ["x0", "y0", "x1", "y1", "label", "page"].forEach(function (k) { at[k] = head.indexOf(k); });
          if (at.x0 < 0 || at.y0 < 0 || at.x1 < 0 || at.y1 < 0) throw new Error("not a boxes file: CSV needs a header naming x0, y0, x1, y1 (and optionally label, page); JSON starts with [ or {");
          rows.slice(1).forEach(function (fields, r) {
            const place = "row " + (r + 2);
            function field(k) { return at[k] >= 0 && at[k] < fields.length ? fields[at[k]] : null; }
            const n = ["x0", "y0", "x1", "y1"].map(function (k) {
              const t = (field(k) || "").replace(/^[ \t]+|[ \t]+$/g, "");
              if (!NUMBER.test(t)) throw new Error(place + ": " + k + " \"" + t + "\" is not a number");
              return checked(Number(t), place + " " + k);
            });
            const lbl = field("label"), p = (field("page") || "").replace(/^[ \t]+|[ \t]+$/g, "");
            let page = null;
            if (p !== "") { if (!NUMBER.test(p)) throw new Error(place + ": page \"" + p + "\" is not a page number"); page = pageNumber(Number(p), place); }
            boxes.push({ rect: n, label: lbl ? cutLabel(lbl) : null, page: page });
          });
        }
        if (!boxes.length) throw new Error("no boxes in the file");
        return boxes;
      }
      let dropped = 0;
      function readBoxes(file) {
        const status = document.getElementById("boxes-status"), frame = document.getElementById("boxes-frame").value;
        file.text().then(function (text) {
          const boxes = parseBoxes(text), layer = "dropped-" + dropped, colors = REPORT.overlayColors;
          const color = colors[(REPORT.overlays + dropped) % colors.length];
          dropped += 1;
          let drawn = 0;
          pages.forEach(function (page) {
            const toRaw = matrices(page)[frame === "pixels" ? "pixel" : frame][1];
            if (!toRaw) return;
            const g = document.createElementNS(SVGNS, "g");
            g.setAttribute("data-layer", layer); g.setAttribute("fill", "none"); g.setAttribute("stroke", color); g.setAttribute("stroke-width", String(page.data.picture.strokeWidth));
            boxes.forEach(function (b) {
              if (b.page !== null && b.page !== page.data.record.index + 1) return;
              const raw = applyRect(toRaw, [Math.min(b.rect[0], b.rect[2]), Math.min(b.rect[1], b.rect[3]), Math.max(b.rect[0], b.rect[2]), Math.max(b.rect[1], b.rect[3])]);
              const v = applyRect(page.data.picture.rawToPicture, raw), r = document.createElementNS(SVGNS, "rect");
              r.setAttribute("data-overlay-box", "");
              r.setAttribute("x", v[0]); r.setAttribute("y", v[1]); r.setAttribute("width", v[2] - v[0]); r.setAttribute("height", v[3] - v[1]);
              ["x0", "y0", "x1", "y1"].forEach(function (k, i) { r.setAttribute("data-raw-" + k, String(raw[i])); });
              if (b.label !== null) { const t = document.createElementNS(SVGNS, "title"); t.textContent = b.label; r.appendChild(t); }
              g.appendChild(r); drawn += 1;
            });
            page.svg.insertBefore(g, page.probe);
          });
          const lbl = document.createElement("label"), toggle = document.createElement("input");
          toggle.type = "checkbox"; toggle.checked = true; toggle.setAttribute("data-layer-toggle", layer); toggle.addEventListener("change", toggled);
          lbl.appendChild(toggle);
          lbl.appendChild(document.createTextNode(" " + file.name + " (" + frame + ", " + drawn + " boxes)"));
          document.getElementById("dropped-layers").appendChild(lbl);
          status.textContent = file.name + ": " + drawn + " boxes drawn in the " + frame + " frame";
        }).catch(function (e) { status.textContent = file.name + ": " + e.message; });
      }
      document.getElementById("boxes-file").addEventListener("change", function (ev) { if (ev.target.files.length) readBoxes(ev.target.files[0]); ev.target.value = ""; });
    })();
    """#
}
