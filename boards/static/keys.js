// The presenter's keys (anywidget ESM; no build step, no CDN): ArrowLeft / ArrowRight step back
// and forward, Home / End jump to the start / the end, F goes full screen. Keys typed into a text
// box are left alone. Python decides what a key does: this file only reports {kind: "key", key}.
const KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];

function render({ model, el }) {
  el.classList.add("trogkit-keys");
  const help = document.createElement("span");
  help.textContent = "← → step back and forward · Home / End · F full screen";
  const full = document.createElement("button");
  full.textContent = "full screen";
  full.className = "trogkit-fullscreen";
  const fullScreen = () => {
    const d = document.documentElement;
    if (!document.fullscreenElement && d.requestFullscreen) d.requestFullscreen().catch(() => {});
  };
  full.addEventListener("click", fullScreen);
  el.append(help, full);
  const onKey = (ev) => {
    const t = ev.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (KEYS.includes(ev.key)) {
      ev.preventDefault();
      model.send({ kind: "key", key: ev.key });
    } else if (ev.key === "f" || ev.key === "F") {
      fullScreen();
    }
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

export default { render };
