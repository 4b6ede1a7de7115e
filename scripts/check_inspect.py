#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`pageinfo inspect` in a real browser: headless Chromium (Debian's chromium and chromium-driver) driven by Selenium, offline.

For each report (Fixtures/rotations.pdf, Fixtures/boxes.pdf, a corpus file with every /Rotate
and /UserUnit), the browser opens the HTML file with the network switched off, and:

- the pointer is moved to picture pixels computed from where `pageinfo convert` puts raw points
  (the picture is the page's MediaBox displayed, so picture space is `convert`'s view of the
  MediaBox's page-space rectangle stretched onto the picture's size); the readout's numbers
  (data-raw-*, data-page-*, data-view-*, data-pixel-* for two renderers, each frame's) must be
  `pageinfo convert`'s (raw, page, view, pixels) and the records' (`pages --frames all`) within
  0.5 pixel's worth;
- each page's embedded record is the one `pageinfo pages --format json --dpi D --frames all`
  prints;
- the CropBox layer switched off leaves no pixel of its colour in a screenshot, switched on its
  pixels lie where `convert` puts the box's edges (within 2 px);
- a click pins, a drag gives the rectangle in every frame (convert's corners), the arrow keys move a
  focused page's probe;
- the readout at each word of Fixtures/words/words.pdf gives the word as PyMuPDF, pdfplumber and
  docling-parse report it;
- `--overlay` boxes (pixels of pdf2image at 150 dpi) are elements whose raw rectangles and
  picture rectangles are convert's; the same file added in the browser (its file input) draws the
  same rectangles;
- no resource was fetched.

  scripts/check_inspect.py PAGEINFO              the checks
  scripts/check_inspect.py PAGEINFO --self-test  planted errors (a report whose picture matrix,
                                                 record or CropBox layer is wrong) must fail
"""
import base64
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image
from io import BytesIO
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.environ.get("PAGEINFO_CORPUS") or os.path.join(os.path.dirname(ROOT), "shared", "corpus")
CROP_GREEN = (0x00, 0xA0, 0x30)


class Failure(Exception):
    pass


def run(pageinfo, args, stdin=None):
    p = subprocess.run([pageinfo] + args, input=stdin, capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise Failure(f"pageinfo {' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def convert(pageinfo, pdf, page, items, frm, to, view_args):
    """`pageinfo convert` of `items` (tuples), as lists of floats."""
    text = "\n".join(",".join(repr(float(v)) for v in item) for item in items) + "\n"
    out = run(pageinfo, ["convert", pdf, "--page", str(page), "--from", frm, "--to", to] + view_args, stdin=text)
    return [[float(v) for v in line.split(",")] for line in out.split("\n") if line.strip()]


def records(pageinfo, pdf, pages, dpi):
    out = run(pageinfo, ["pages", pdf, "--pages", pages, "--format", "json", "--dpi", str(dpi), "--frames", "all"])
    return {r["index"]: r for r in json.loads(out)["pages"]}


def apply(m, p):
    return (m["a"] * p[0] + m["c"] * p[1] + m["tx"], m["b"] * p[0] + m["d"] * p[1] + m["ty"])


def close(a, b, tol, what):
    if a is None or b is None or abs(float(a) - float(b)) > tol:
        raise Failure(f"{what}: the page shows {a}, expected {b} (tolerance {tol})")


def browser():
    o = webdriver.ChromeOptions()
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
              "--window-size=1800,1400", "--disable-dev-shm-usage"]:
        o.add_argument(a)
    o.binary_location = "/usr/bin/chromium"
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions",
                      {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0})
    return d


class Report:
    """A report opened in the browser, and the oracle's view of its pictures."""

    def __init__(self, driver, pageinfo, pdf, html, pages, dpi, scale):
        self.d, self.pageinfo, self.pdf, self.dpi, self.scale = driver, pageinfo, pdf, dpi, scale
        self.view = None  # the report's --view, or each page's own size
        driver.get("file://" + html)
        self.records = records(pageinfo, pdf, pages, dpi)
        resources = driver.execute_script("return performance.getEntriesByType('resource').length")
        if resources:
            raise Failure(f"{html}: the report fetched {resources} resources")

    def section(self, index):
        return self.d.find_element("css selector", f'section.page[data-page-index="{index}"]')

    def picture_args(self, index):
        """`convert`'s view options for the picture of page `index`: the MediaBox's page-space
        rectangle stretched onto the picture's size (read from the element)."""
        svg = self.section(index).find_element("css selector", "svg.picture")
        w, h = int(svg.get_attribute("width")), int(svg.get_attribute("height"))
        m = self.records[index]["mediaBox"]
        box = convert(self.pageinfo, self.pdf, index + 1, [(m["x"], m["y"], m["width"], m["height"])], "raw", "page", [])[0]
        return svg, ["--view", f"{w}x{h}", "--fit", "fill", "--viewport", ",".join(repr(v) for v in box)]

    def move(self, svg, picture_point):
        """Moves the pointer to the client pixel nearest `picture_point`; the picture point it is at."""
        r = self.d.execute_script("const main = document.querySelector('main'); let r = arguments[0].getBoundingClientRect();"
                                  "main.scrollLeft += r.left + arguments[1] - main.clientWidth / 2;"
                                  "r = arguments[0].getBoundingClientRect(); window.scrollBy(0, r.top + arguments[2] - innerHeight / 2);"
                                  "return arguments[0].getBoundingClientRect().toJSON()", svg, picture_point[0], picture_point[1])
        cx, cy = round(r["left"] + picture_point[0]), round(r["top"] + picture_point[1])
        ab = ActionBuilder(self.d, duration=0)
        ab.pointer_action.move_to_location(cx, cy)
        ab.perform()
        return (cx - r["left"], cy - r["top"]), (cx, cy)

    def attrs(self, selector):
        el = self.d.find_element("css selector", selector)
        return self.d.execute_script(
            "const o = {}; for (const a of arguments[0].attributes) o[a.name] = a.value; return o", el)

    def check_readout(self, index, renderer="pdftoppm-cropbox"):
        rec = self.records[index]
        if renderer != Select(self.d.find_element("id", "renderer")).first_selected_option.get_attribute("value"):
            Select(self.d.find_element("id", "renderer")).select_by_value(renderer)
        page_data = json.loads(self.section(index).find_element("css selector", "script.page-data").get_attribute("textContent"))
        if page_data["record"] != rec:
            raise Failure(f"{self.pdf} page {index + 1}: the embedded record differs from pages --format json --dpi {self.dpi} --frames all")
        svg, view = self.picture_args(index)
        c, m = rec["cropBox"], rec["mediaBox"]
        targets = [(c["x"] + c["width"] * fx, c["y"] + c["height"] * fy) for fx, fy in ((0.1, 0.1), (0.5, 0.5), (0.9, 0.3), (0.25, 0.8))]
        targets.append((m["x"] + 1, m["y"] + m["height"] - 1))
        pts = convert(self.pageinfo, self.pdf, index + 1, targets, "raw", "view", view)
        half = 0.5 / self.scale  # half a picture pixel, in points
        pixel_args = ["--dpi", str(self.dpi), "--renderer", renderer]
        seen = []
        for pt in pts:
            at, _ = self.move(svg, pt)
            seen.append((at, self.attrs("[data-readout]")))
        for (at, a) in seen:
            if a.get("data-page-index") != str(index):
                raise Failure(f"{self.pdf} page {index + 1} at picture {at}: the readout names page index {a.get('data-page-index')}")
        n = index + 1
        raws = convert(self.pageinfo, self.pdf, n, [at for at, _ in seen], "view", "raw", view)
        for (at, a), raw in zip(seen, raws):
            close(a.get("data-raw-x"), raw[0], half, f"{self.pdf} page {n} at picture {at}: raw x")
            close(a.get("data-raw-y"), raw[1], half, f"{self.pdf} page {n} at picture {at}: raw y")
        shown = [(float(a["data-raw-x"]), float(a["data-raw-y"])) for _, a in seen]
        size = rec["size"]
        view_size = self.view or f"{size['width']!r}x{size['height']!r}"
        oracles = [("page", convert(self.pageinfo, self.pdf, n, shown, "raw", "page", [])),
                   ("view", convert(self.pageinfo, self.pdf, n, shown, "raw", "view", ["--view", view_size])),
                   ("pixel", convert(self.pageinfo, self.pdf, n, shown, "raw", "view", pixel_args))]
        for name, frame in rec["frames"].items():
            if frame is not None:
                oracles.append((name, [apply(frame["rawToFrame"], p) for p in shown]))
        for name, values in oracles:
            for (at, a), v in zip(seen, values):
                tol = 1e-6 * max(1.0, abs(v[0]), abs(v[1]))
                what = f"{self.pdf} page {n} at picture {at}: {name}" + (f" ({renderer})" if name == "pixel" else "")
                close(a.get(f"data-{name}-x"), v[0], tol, what + " x")
                close(a.get(f"data-{name}-y"), v[1], tol, what + " y")
        return view, svg

    def check_pin_and_drag(self, index):
        svg, view = self.picture_args(index)
        rec = self.records[index]
        c = rec["cropBox"]
        a_raw, b_raw = (c["x"] + c["width"] * 0.2, c["y"] + c["height"] * 0.3), (c["x"] + c["width"] * 0.6, c["y"] + c["height"] * 0.7)
        pa, pb = convert(self.pageinfo, self.pdf, index + 1, [a_raw, b_raw], "raw", "view", view)
        at_a, client_a = self.move(svg, pa)
        self.d.find_element("css selector", "body")  # (keeps the session alive between actions)
        ab = ActionBuilder(self.d, duration=0)
        ab.pointer_action.pointer_down()
        ab.pointer_action.pointer_up()
        ab.perform()
        pinned = self.attrs("[data-pinned]")
        raw = convert(self.pageinfo, self.pdf, index + 1, [at_a], "view", "raw", view)[0]
        close(pinned.get("data-raw-x"), raw[0], 0.5 / self.scale, f"{self.pdf} page {index + 1}: pinned raw x")
        close(pinned.get("data-raw-y"), raw[1], 0.5 / self.scale, f"{self.pdf} page {index + 1}: pinned raw y")
        r = self.d.execute_script("return arguments[0].getBoundingClientRect().toJSON()", svg)
        cb = (round(r["left"] + pb[0]), round(r["top"] + pb[1]))
        at_b = (cb[0] - r["left"], cb[1] - r["top"])
        ab = ActionBuilder(self.d, duration=0)
        ab.pointer_action.move_to_location(*client_a)
        ab.pointer_action.pointer_down()
        ab.pointer_action.move_to_location((client_a[0] + cb[0]) // 2, (client_a[1] + cb[1]) // 2)
        ab.pointer_action.move_to_location(*cb)
        ab.pointer_action.pointer_up()
        ab.perform()
        sel = self.attrs("[data-selection]")
        corners = convert(self.pageinfo, self.pdf, index + 1, [at_a, at_b], "view", "raw", view)
        want = [min(corners[0][0], corners[1][0]), min(corners[0][1], corners[1][1]),
                max(corners[0][0], corners[1][0]), max(corners[0][1], corners[1][1])]
        for k, v in zip(["x0", "y0", "x1", "y1"], want):
            close(sel.get(f"data-raw-{k}"), v, 0.5 / self.scale, f"{self.pdf} page {index + 1}: dragged rectangle raw {k}")
        shown = [float(sel[f"data-raw-{k}"]) for k in ("x0", "y0", "x1", "y1")]
        page = convert(self.pageinfo, self.pdf, index + 1, [(shown[0], shown[1], shown[2] - shown[0], shown[3] - shown[1])], "raw", "page", [])[0]
        for k, v in zip(["x0", "y0", "x1", "y1"], [page[0], page[1], page[0] + page[2], page[1] + page[3]]):
            close(sel.get(f"data-page-{k}"), v, 1e-6, f"{self.pdf} page {index + 1}: dragged rectangle page {k}")
        # The keyboard: a focused page's probe starts at the picture's centre; → moves it a pixel.
        from selenium.webdriver.common.keys import Keys
        w, h = int(svg.get_attribute("width")), int(svg.get_attribute("height"))
        self.d.execute_script("arguments[0].focus()", svg)
        self.d.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
        key = self.attrs("[data-readout]")
        raw = convert(self.pageinfo, self.pdf, index + 1, [(w / 2 + 1, h / 2)], "view", "raw", view)[0]
        close(key.get("data-raw-x"), raw[0], 1e-6, f"{self.pdf} page {index + 1}: the keyboard probe's raw x")
        close(key.get("data-raw-y"), raw[1], 1e-6, f"{self.pdf} page {index + 1}: the keyboard probe's raw y")
        js = json.loads(self.d.find_element("id", "selection-json").get_attribute("value"))
        if js["index"] != index or abs(js["x0y0x1y1"]["raw"][0] - shown[0]) > 1e-9:
            raise Failure(f"{self.pdf} page {index + 1}: the rectangle's JSON is not the rectangle shown: {js}")

    def toggle(self, layer, on):
        """Switches a layer as a click on its checkbox does (the box's change event)."""
        self.d.execute_script("const b = document.querySelector('input[data-layer-toggle=\"' + arguments[0] + '\"]');"
                              "if (b.checked !== arguments[1]) b.click();", layer, on)

    def only(self, layer):
        """Every layer off but `layer`."""
        self.d.execute_script("for (const b of document.querySelectorAll('input[data-layer-toggle]'))"
                              "  if (b.checked !== (b.dataset.layerToggle === arguments[0])) b.click();", layer)

    def check_crop_layer(self, index):
        svg, view = self.picture_args(index)
        rec = self.records[index]
        self.only("CropBox")
        c = rec["cropBox"]
        want = convert(self.pageinfo, self.pdf, index + 1, [(c["x"], c["y"], c["width"], c["height"])], "raw", "view", view)[0]
        ys, xs = self.colour_pixels(svg)
        if len(xs) == 0:
            raise Failure(f"{self.pdf} page {index + 1}: the CropBox layer is on, but no pixel of its colour is drawn")
        got = (xs.min(), ys.min(), xs.max() + 1, ys.max() + 1)
        for g, w, k in zip(got, (want[0], want[1], want[0] + want[2], want[1] + want[3]), ("left", "top", "right", "bottom")):
            if abs(g - w) > 2:
                raise Failure(f"{self.pdf} page {index + 1}: the CropBox's {k} edge is drawn at {g} px, convert puts it at {w:.2f}")
        self.toggle("CropBox", False)
        ys, xs = self.colour_pixels(svg)
        if len(xs):
            raise Failure(f"{self.pdf} page {index + 1}: the CropBox layer is off, but {len(xs)} pixels of its colour are drawn")
        self.d.execute_script("for (const b of document.querySelectorAll('input[data-layer-toggle]')) if (!b.checked) b.click();")

    def colour_pixels(self, svg):
        # The element's own pixels, wherever it lies (beyond the viewport too): Chromium's capture
        # of the page clipped to the element's rectangle in page coordinates.
        r = self.d.execute_script("document.querySelector('main').scrollLeft = 0; const r = arguments[0].getBoundingClientRect();"
                                  "return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}", svg)
        shot = self.d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                                 "clip": dict(r, scale=1)})
        img = np.asarray(Image.open(BytesIO(base64.b64decode(shot["data"]))).convert("RGB")).astype(int)
        mask = (np.abs(img - np.array(CROP_GREEN)).sum(axis=2) <= 6)
        return np.nonzero(mask)

    def check_overlays(self, index, boxes_path, raw_rects, frame_label):
        svg, view = self.picture_args(index)
        sec = self.section(index)
        drawn = sec.find_elements("css selector", f'g[data-layer="{frame_label}"] rect[data-overlay-box]')
        if len(drawn) != len(raw_rects):
            raise Failure(f"{self.pdf} page {index + 1}: {len(drawn)} {frame_label} boxes drawn, {len(raw_rects)} expected")
        want_view = convert(self.pageinfo, self.pdf, index + 1, [(r[0], r[1], r[2] - r[0], r[3] - r[1]) for r in raw_rects], "raw", "view", view)
        for el, raw, v in zip(drawn, raw_rects, want_view):
            for k, w in zip(("x0", "y0", "x1", "y1"), raw):
                close(el.get_attribute(f"data-raw-{k}"), w, 0.5 * 72 / 150, f"{self.pdf} page {index + 1}: {frame_label} box raw {k}")
            for k, w in zip(("x", "y", "width", "height"), v):
                close(el.get_attribute(k), w, 0.01, f"{self.pdf} page {index + 1}: {frame_label} box {k} in the picture")


def make_report(pageinfo, pdf, html, pages, dpi, scale, extra=()):
    run(pageinfo, ["inspect", pdf, "--pages", pages, "--dpi", str(dpi), "--scale", str(scale), "-o", html] + list(extra))


def check_all(pageinfo, work, driver, plant=None):
    corpus_file = os.path.join(CORPUS, "qpdf-fxo-red-rotate.pdf")
    cases = [(os.path.join(ROOT, "Fixtures/rotations.pdf"), "1-6", 300, 1.0, []),
             (os.path.join(ROOT, "Fixtures/boxes.pdf"), "1-", 150, 1.5, ["--view", "800x600"])]
    if os.path.exists(corpus_file):
        cases.append((corpus_file, "1-4", 300, 0.75, []))
    elif os.environ.get("CI") == "true":
        raise Failure(f"the corpus file {corpus_file} is missing (set PAGEINFO_CORPUS)")
    else:
        print(f"check_inspect: skipped the corpus file: {corpus_file} is missing (set PAGEINFO_CORPUS; under CI=true this fails)")
    for n, (pdf, pages, dpi, scale, extra) in enumerate(cases):
        html = os.path.join(work, f"report-{n}.html")
        make_report(pageinfo, pdf, html, pages, dpi, scale, extra)
        if plant and n == 0:
            plant(html)
        report = Report(driver, pageinfo, pdf, html, pages, dpi, scale)
        report.view = extra[1] if extra else None
        for index in sorted(report.records):
            report.check_readout(index)
            report.check_crop_layer(index)
        first = min(report.records)
        report.check_readout(first, renderer="pdf2image")
        report.check_pin_and_drag(first)
        print(f"check_inspect: {os.path.relpath(pdf, ROOT) if pdf.startswith(ROOT) else os.path.basename(pdf)}: "
              f"{len(report.records)} pages, readout = convert, CropBox layer, pin, drag and keyboard")

    # Boxes in pixels of pdf2image's 150-dpi image (the MediaBox), on the rotated, cropped page.
    pdf = os.path.join(ROOT, "Fixtures/rotations.pdf")
    recs = records(pageinfo, pdf, "1-4", 150)
    raw_by_page, boxes = {}, []
    for index, rec in recs.items():
        c = rec["cropBox"]
        rects = [(c["x"] + c["width"] * a, c["y"] + c["height"] * b, c["x"] + c["width"] * (a + 0.2), c["y"] + c["height"] * (b + 0.1))
                 for a, b in ((0.1, 0.1), (0.5, 0.6))]
        raw_by_page[index] = rects
        pix = convert(pageinfo, pdf, index + 1, [(r[0], r[1], r[2] - r[0], r[3] - r[1]) for r in rects], "raw", "view",
                      ["--dpi", "150", "--renderer", "pdf2image"])
        for i, p in enumerate(pix):
            boxes.append({"box": [p[0], p[1], p[0] + p[2], p[1] + p[3]], "label": f"p{index + 1} box {i}", "page": index + 1})
    boxes_path = os.path.join(work, "detections.json")
    with open(boxes_path, "w") as f:
        json.dump(boxes, f)
    html = os.path.join(work, "overlay.html")
    make_report(pageinfo, pdf, html, "1-4", 150, 1.0, ["--renderer", "pdf2image", "--overlay", boxes_path, "--frame", "pixels"])
    report = Report(driver, pageinfo, pdf, html, "1-4", 150, 1.0)
    Select(driver.find_element("id", "boxes-frame")).select_by_value("pixels")
    driver.find_element("id", "boxes-file").send_keys(boxes_path)
    WebDriverWait(driver, 10).until(lambda d: "boxes drawn" in d.find_element("id", "boxes-status").text
                                    or ": " in d.find_element("id", "boxes-status").text)
    status = driver.find_element("id", "boxes-status").text
    if "8 boxes drawn" not in status:
        raise Failure(f"the boxes file added in the browser: {status!r}")
    for index in sorted(recs):
        report.check_overlays(index, boxes_path, raw_by_page[index], "overlay-0")
        report.check_overlays(index, boxes_path, raw_by_page[index], "dropped-0")
    print("check_inspect: --overlay boxes in pdf2image's 150-dpi pixels, and the same file added in the browser: convert's rectangles")
    check_edge_files(pageinfo, work, driver, pdf, report, boxes)
    check_words(pageinfo, work, driver)


def add_file(driver, path, frame):
    """Adds the boxes file at `path` in the browser (its file input), in `frame`; the status line."""
    Select(driver.find_element("id", "boxes-frame")).select_by_value(frame)
    before = driver.find_element("id", "boxes-status").text
    driver.find_element("id", "boxes-file").send_keys(path)
    WebDriverWait(driver, 10).until(lambda d: d.find_element("id", "boxes-status").text not in ("", before))
    return driver.find_element("id", "boxes-status").text


def check_edge_files(pageinfo, work, driver, pdf, report, boxes):
    """The page's reader of boxes files and `draw --overlay`'s (OverlayBoxes) agree on files
    at their edges: a CSV whose page cells are blank (every page) and whose label holds a quote
    inside it (a character there, not a quoted field) draws the same boxes on every page; files
    that are not boxes are refused by both with the same words."""
    first = [b for b in boxes if b["page"] == 1]
    csv_path = os.path.join(work, "edge.csv")
    with open(csv_path, "w") as f:
        f.write("x0,y0,x1,y1,label,page\r\n")
        for b in first:
            f.write(",".join(repr(v) for v in b["box"]) + ',12" ruler, \r\n')
    html = os.path.join(work, "edge.html")
    make_report(pageinfo, pdf, html, "1-4", 150, 1.0, ["--renderer", "pdf2image", "--overlay", csv_path, "--frame", "pixels"])
    report.d.get("file://" + html)
    status = add_file(driver, csv_path, "pixels")
    if f"{4 * len(first)} boxes drawn" not in status:
        raise Failure(f"edge.csv added in the browser: {status!r}, expected {4 * len(first)} boxes (every page)")
    for index in range(4):
        sec = report.section(index)
        cli = sec.find_elements("css selector", 'g[data-layer="overlay-0"] rect[data-overlay-box]')
        web = sec.find_elements("css selector", 'g[data-layer="dropped-0"] rect[data-overlay-box]')
        if len(cli) != len(first) or len(web) != len(first):
            raise Failure(f"edge.csv page {index + 1}: {len(cli)} boxes from --overlay, {len(web)} from the browser, {len(first)} expected")
        for a, b in zip(cli, web):
            for k in ("x0", "y0", "x1", "y1"):
                close(b.get_attribute(f"data-raw-{k}"), float(a.get_attribute(f"data-raw-{k}")), 1e-6, f"edge.csv page {index + 1} raw {k}")
            title = b.find_element("css selector", "title").get_attribute("textContent")
            if title != a.find_element("css selector", "title").get_attribute("textContent") or title != '12" ruler':
                raise Failure(f"edge.csv page {index + 1}: the label reads {title!r} in the browser")
    for name, text, words in (("blank.csv", "x0,y0,x1,y1\n1,,3,4\n", 'row 2: y0 "" is not a number'),
                              ("mixed.json", '[[null, "2", true, []]]', "box 0: a box is 4 numbers x0, y0, x1, y1"),
                              ("page.json", '[{"box": [1, 2, 3, 4], "page": true}]', "box 0.page: expected a page number"),
                              ("open.csv", 'x0,y0,x1,y1,label\n1,2,3,4,"open\n', "a quoted field is not closed")):
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        p = subprocess.run([pageinfo, "inspect", pdf, "--pages", "1", "--overlay", path, "--frame", "raw", "-o", os.path.join(work, "bad.html")],
                           capture_output=True, text=True, timeout=60)
        if p.returncode != 65 or words not in p.stderr:
            raise Failure(f"{name}: pageinfo inspect --overlay: exit {p.returncode}, {p.stderr.strip()!r}; expected 65 and {words!r}")
        status = add_file(driver, path, "raw")
        if words not in status:
            raise Failure(f"{name} added in the browser: {status!r}; expected {words!r}")
    print("check_inspect: boxes files at the edges (blank pages, a quote in a label, not boxes): the browser reads them as draw --overlay does")


def library_words(pdf):
    """Each page's words as PyMuPDF, pdfplumber and docling-parse give them, as users call them:
    {page index: {library: {text: (centre x, centre y) in the library's frame}}}."""
    import pymupdf
    import pdfplumber
    from docling_parse.pdf_parser import DoclingPdfParser
    seen = {}
    with pymupdf.open(pdf) as doc:
        for i, page in enumerate(doc):
            seen.setdefault(i, {})["pymupdf"] = {w[4]: ((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) for w in page.get_text("words")}
    with pdfplumber.open(pdf) as doc:
        for i, page in enumerate(doc.pages):
            seen[i]["pdfplumber"] = {w["text"]: ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2) for w in page.extract_words()}
    parsed = DoclingPdfParser(loglevel="fatal").load(path_or_stream=pdf)
    for number, page in parsed.iterate_pages():
        words = {}
        for c in page.word_cells:
            r = c.rect
            xs, ys = (r.r_x0, r.r_x1, r.r_x2, r.r_x3), (r.r_y0, r.r_y1, r.r_y2, r.r_y3)
            words[c.text] = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        seen[number - 1]["docling"] = words
    parsed.unload()
    return seen


def check_words(pageinfo, work, driver):
    """The issue's user: points at a word of a rotated, cropped page and reads its raw point,
    its pixel at 300 dpi and its PyMuPDF, pdfplumber and docling coordinates. The pointer goes
    to each word's centre (Fixtures/words/words.json, where the generator put it); the readout's
    frames must give the centre of the same word as each library reports it, within 0.15 of the
    font size (the libraries' word boxes span the font's ascent and descent, the golden centre
    its cap height: about 0.05 of the size apart) — a crop margin or a turn is tens of points."""
    pdf = os.path.join(ROOT, "Fixtures/words/words.pdf")
    golden = json.load(open(os.path.join(ROOT, "Fixtures/words/words.json")))
    html = os.path.join(work, "words.html")
    make_report(pageinfo, pdf, html, "1-", 300, 1.5)
    report = Report(driver, pageinfo, pdf, html, "1-", 300, 1.5)
    seen = library_words(pdf)
    compared = 0
    for page in golden["pages"]:
        index = page["index"]
        report.check_readout(index)
        svg, view = report.picture_args(index)
        for word in page["words"]:
            if not word["insideCropBox"]:
                continue
            pt = convert(pageinfo, pdf, index + 1, [word["center"]], "raw", "view", view)[0]
            report.move(svg, pt)
            a = report.attrs("[data-readout]")
            tol = 0.15 * word["size"] * page["userUnit"] + 0.5 / 1.5
            for library in ("pymupdf", "pdfplumber", "docling"):
                # (docling-parse's cells on a page turned by 90 or 270 degrees are not in its
                # frame's definition: check_frames.py's expected difference docling-odd-rotation.)
                if library == "docling" and page["rotation"] % 180:
                    continue
                got = seen[index][library].get(word["text"])
                if got is None:
                    raise Failure(f"words.pdf page {index + 1}: {library} does not find {word['text']}")
                close(a.get(f"data-{library}-x"), got[0], tol, f"words.pdf page {index + 1} {word['text']}: {library} x")
                close(a.get(f"data-{library}-y"), got[1], tol, f"words.pdf page {index + 1} {word['text']}: {library} y")
                compared += 1
    print(f"check_inspect: words.pdf: the readout at {compared} words' centres gives PyMuPDF's, pdfplumber's and docling-parse's word centres")


def self_test(pageinfo, work, driver):
    def matrix(html):
        text = open(html, encoding="utf-8").read()
        text = re.sub(r'("pictureToRaw":\{"a":[^}]*"tx":)(-?[0-9.]+)', lambda m: m.group(1) + str(float(m.group(2)) + 2), text, count=1)
        open(html, "w", encoding="utf-8").write(text)

    def record(html):
        text = open(html, encoding="utf-8").read()
        text = text.replace('"record":{"record":"page","index":0,"label":null,"rotation":0', '"record":{"record":"page","index":0,"label":null,"rotation":90', 1)
        open(html, "w", encoding="utf-8").write(text)

    def layer(html):
        text = open(html, encoding="utf-8").read()
        text = text.replace('<rect data-layer="CropBox"', '<rect data-layer="CropBox-planted"', 1)
        open(html, "w", encoding="utf-8").write(text)

    for name, plant in (("a picture matrix 2 pt off", matrix), ("a wrong record", record), ("a CropBox layer that does not switch", layer)):
        try:
            check_all(pageinfo, work, driver, plant=plant)
        except Failure as e:
            print(f"check_inspect self-test: {name}: caught ({e})")
            continue
        raise SystemExit(f"check_inspect self-test: {name} was not caught")


def main():
    args = [a for a in sys.argv[1:] if a != "--self-test"]
    if len(args) != 1:
        raise SystemExit(__doc__)
    pageinfo = os.path.abspath(args[0])
    with tempfile.TemporaryDirectory() as work:
        driver = browser()
        try:
            if "--self-test" in sys.argv:
                self_test(pageinfo, work, driver)
            else:
                check_all(pageinfo, work, driver)
        except Failure as e:
            raise SystemExit(f"check_inspect: {e}")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
