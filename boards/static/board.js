// The trogkit board view (anywidget ESM; no build step, no CDN).
// Python owns everything: the drawing (`svg`), what each clickable element would do (`targets`:
// data-target -> [hint, class]), the selection, numbered plan marks and an open menu. This file
// only draws them and reports clicks: {kind: "click", target} and {kind: "menu", index}.
const NS = "http://www.w3.org/2000/svg";

function box(svg, node) {
  // the element's bounding box in the svg's user space (its own transforms included)
  const b = node.getBBox();
  const m = node.getCTM && svg.getCTM ? svg.getCTM().inverse().multiply(node.getCTM()) : null;
  if (!m) return b;
  const p = svg.createSVGPoint();
  const pts = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]
    .map(([x, y]) => { p.x = x; p.y = y; return p.matrixTransform(m); });
  const xs = pts.map((q) => q.x), ys = pts.map((q) => q.y);
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function shape(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

function render({ model, el }) {
  el.classList.add("trogkit-view");
  const pic = document.createElement("div");
  pic.className = "trogkit-drawing";
  const tip = document.createElement("div");
  tip.className = "trogkit-tip";
  const menu = document.createElement("div");
  menu.className = "trogkit-menu";
  el.append(pic, tip, menu);
  let clickedAt = null; // performance.now() of the last click, for the redraw figure
  let lastPoint = { x: 0, y: 0 };

  // Rings and marks are measured on the laid-out drawing (getBBox). JupyterLab's default
  // windowing renders a cell's output before the cell is attached to the page, where every box
  // measures 0 x 0: then the overlay waits, and a ResizeObserver draws it once the drawing has
  // a size (and again whenever it had to wait).
  let waiting = false;

  function laidOut(svg) {
    return svg.isConnected && svg.getBoundingClientRect().width > 0;
  }

  function decorate() {
    const svg = pic.querySelector("svg");
    if (!svg) return;
    // scale down to the space there is (never up): give the drawing a viewBox if it has none
    const w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
    if (!svg.getAttribute("viewBox") && w && h) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.style.width = "100%";
    if (w) svg.style.maxWidth = w + "px";
    svg.style.height = "auto";
    const targets = model.get("targets") || {};
    const selected = new Set(model.get("selected") || []);
    for (const node of svg.querySelectorAll("[data-target]")) {
      const t = node.getAttribute("data-target");
      const info = targets[t];
      node.classList.add("tk-target");
      if (info) node.classList.add("tk-" + info[1]);
      if (selected.has(t)) node.classList.add("tk-selected");
    }
    overlay(svg);
  }

  function overlay(svg) {
    // the rings (legal now, selected) and the numbered marks, drawn over the picture
    for (const old of svg.querySelectorAll(":scope > .trogkit-overlay")) old.remove();
    waiting = !laidOut(svg);
    if (waiting) return;
    try {
      svg.append(rings(svg));
    } catch (e) {
      waiting = true; // a browser that cannot measure this drawing yet: try on the next resize
    }
  }

  function rings(svg) {
    const targets = model.get("targets") || {};
    const selected = new Set(model.get("selected") || []);
    const g = shape("g", { class: "trogkit-overlay", "pointer-events": "none" });
    for (const node of svg.querySelectorAll("[data-target]")) {
      const t = node.getAttribute("data-target");
      const info = targets[t];
      const sel = selected.has(t);
      if (!(info && (info[1] === "legal" || sel))) continue;
      const b = box(svg, node);
      g.append(shape("rect", {
        x: b.x - 1.5, y: b.y - 1.5, width: b.width + 3, height: b.height + 3, rx: 4,
        class: sel ? "tk-ring-selected" : "tk-ring-legal",
      }));
    }
    const marks = {};
    for (const [t, label] of model.get("marks") || []) (marks[t] = marks[t] || []).push(label);
    for (const [t, labels] of Object.entries(marks)) {
      const node = svg.querySelector(`[data-target="${CSS.escape(t)}"]`);
      if (node) g.append(mark(box(svg, node), labels.join(",")));
    }
    return g;
  }

  function mark(b, text) {
    // a small pill in the element's top-left corner, above the pieces drawn in it (a cottage
    // starts 12 units below a square's top edge)
    const w = 6 + 6 * text.length;
    const g = shape("g", { class: "tk-mark" });
    g.append(shape("rect", { x: b.x + 1, y: b.y + 0.5, width: w, height: 11, rx: 5.5 }));
    const txt = shape("text", { x: b.x + 1 + w / 2, y: b.y + 9.5, "text-anchor": "middle" });
    txt.textContent = text;
    g.append(txt);
    return g;
  }

  function showMenu() {
    const items = model.get("menu") || [];
    menu.replaceChildren();
    if (!items.length) { menu.style.display = "none"; return; }
    items.forEach(([label, cls], i) => {
      const b = document.createElement("button");
      b.textContent = label;
      b.className = "tk-menu-item tk-" + cls;
      b.setAttribute("data-menu", label);
      b.addEventListener("click", (ev) => {
        ev.stopPropagation();
        clickedAt = performance.now();
        model.send({ kind: "menu", index: i });
      });
      menu.append(b);
    });
    menu.style.left = lastPoint.x + "px";
    menu.style.top = lastPoint.y + "px";
    menu.style.display = "flex";
  }

  function draw() {
    pic.innerHTML = model.get("svg") || "";
    decorate();
    showMenu();
    if (clickedAt !== null) {
      // click -> redraw time in this browser, read by the browser tests
      el.dataset.redrawMs = (performance.now() - clickedAt).toFixed(1);
      clickedAt = null;
    }
    el.dataset.version = String((+el.dataset.version || 0) + 1);
  }

  function targetAt(node) {
    // The clicked element's target. Targets nest (a card drawn inside an encounter) and a view
    // may take only some of them (an exercise asks for encounters, not cards). Of the targets
    // under the pointer, innermost first: the first one whose click plays a legal action (a
    // selected card dropped on an encounter that already holds cards), else the first one the
    // view knows, else the innermost.
    const known = model.get("targets") || {};
    const up = (n) => n.parentElement && n.parentElement.closest("[data-target]");
    const chain = [];
    for (let n = node.closest("[data-target]"); n && pic.contains(n); n = up(n)) chain.push(n);
    const info = (n) => (Object.hasOwn(known, n.dataset.target) ? known[n.dataset.target] : null);
    const legal = chain.find((n) => info(n) && info(n)[1] === "legal");
    return legal || chain.find(info) || chain[0] || null;
  }

  function onClick(ev) {
    const node = targetAt(ev.target);
    if (!node) return;
    const r = el.getBoundingClientRect();
    lastPoint = { x: ev.clientX - r.left + 4, y: ev.clientY - r.top + 4 };
    clickedAt = performance.now();
    model.send({ kind: "click", target: node.getAttribute("data-target") });
  }

  function onMove(ev) {
    const node = targetAt(ev.target);
    if (!node) { tip.style.display = "none"; return; }
    const t = node.getAttribute("data-target");
    const info = (model.get("targets") || {})[t];
    tip.textContent = info ? info[0] : t;
    const r = el.getBoundingClientRect();
    tip.style.left = ev.clientX - r.left + 14 + "px";
    tip.style.top = ev.clientY - r.top + 14 + "px";
    tip.style.display = "block";
  }

  const hide = () => { tip.style.display = "none"; };
  const sized = new ResizeObserver(() => {
    const svg = pic.querySelector("svg");
    if (waiting && svg) overlay(svg);
  });
  sized.observe(pic);
  pic.addEventListener("click", onClick);
  pic.addEventListener("mousemove", onMove);
  pic.addEventListener("mouseleave", hide);
  // one redraw per Python update, however many traits it changed
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };
  const TRAITS = ["svg", "targets", "selected", "marks", "menu"];
  for (const t of TRAITS) model.on("change:" + t, schedule);
  draw();
  return () => {
    sized.disconnect();
    for (const t of TRAITS) model.off("change:" + t, schedule);
    pic.removeEventListener("click", onClick);
    pic.removeEventListener("mousemove", onMove);
    pic.removeEventListener("mouseleave", hide);
  };
}

export default { render };
