// The browser build's page: it starts the service worker and the Python worker, shows the
// table in a frame that fills the screen, and carries the service worker's requests to the
// Python worker. Its own sentences come from the catalogs, written into index.html by
// `make site` in every language (the browser's language first; the table's own switch rules
// once the table is up).
const WORDS = JSON.parse(document.getElementById("site-words").textContent);
const frame = document.getElementById("table");
const boot = document.getElementById("boot");
const bootText = document.getElementById("boot-text");
const notice = document.getElementById("notice");
const noticeText = document.getElementById("notice-text");
const noticeAction = document.getElementById("notice-action");
const noticeClose = document.getElementById("notice-close");
const BUILD_KEY = "solotable.build";
let lang = pickLang();
let worker = null;
let ready = false;
const waiting = []; // requests that came before Python was up

function pickLang() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (WORDS[code]) return code;
  }
  return "en";
}

function say(key, args = {}) {
  const text = (WORDS[lang] || WORDS.en)[key] || WORDS.en[key] || key;
  return text.replace(/%\((\w+)\)s/g, (_, name) => String(args[name] ?? ""));
}

function setLang(code) {
  if (WORDS[code]) lang = code;
  document.documentElement.lang = lang;
}

function showBoot(key, args) {
  bootText.textContent = say(key, args);
}

/** A sentence in the bar above the table (polite, or an alert for a refused move). */
function tell(key, { alert = false, action = null } = {}) {
  notice.hidden = false;
  notice.dataset.key = key;
  notice.setAttribute("role", alert ? "alert" : "status");
  noticeText.textContent = say(key);
  noticeAction.hidden = !action;
  if (action) {
    noticeAction.textContent = say(action.label);
    noticeAction.onclick = action.run;
  }
  noticeClose.hidden = false;
  noticeClose.textContent = say("dismiss");
}

noticeClose.addEventListener("click", () => {
  notice.hidden = true;
});

function fail(key, args) {
  boot.hidden = false;
  frame.hidden = true;
  boot.classList.add("failed");
  showBoot(key, args);
}

/** The address the table's frame opens: the page's own (a reload stays where it was). */
function startPath() {
  const here = location.pathname + location.search;
  return here === "/index.html" ? "/" : here;
}

function watchFrame() {
  frame.addEventListener("load", () => {
    let doc;
    try {
      doc = frame.contentDocument;
    } catch {
      return;
    }
    if (!doc) return;
    const where = frame.contentWindow.location;
    if (where.origin === location.origin) {
      history.replaceState(null, "", where.pathname + where.search);
    }
    if (doc.title) document.title = doc.title;
    if (doc.documentElement.lang) setLang(doc.documentElement.lang);
  });
}

/** A file the table's frame asks to save (its export link): saved from this page. */
window.addEventListener("message", (event) => {
  const msg = event.data;
  if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
  if (!msg || msg.type !== "save" || !(msg.blob instanceof Blob)) return;
  const url = URL.createObjectURL(msg.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = String(msg.name || "solotable.json");
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
});

function relay(event) {
  const msg = event.data;
  if (!msg || msg.type !== "request" || !event.ports[0]) return;
  if (ready) worker.postMessage(msg, [event.ports[0]]);
  else waiting.push([msg, event.ports[0]]);
}

/** Python's worker, started at once (its boot is most of the wait); the table's frame opens
 *  once both it and the service worker (which answers the frame's requests) are ready. */
function startWorker(serviceWorkerReady) {
  worker = new Worker("/worker.mjs", { type: "module" });
  worker.onmessage = async (event) => {
    const msg = event.data;
    if (msg.type === "progress") showBoot(msg.key);
    else if (msg.type === "ready") {
      await serviceWorkerReady;
      ready = true;
      window.solotableTimings = { ...msg.timings, page: performance.now() };
      for (const [m, port] of waiting.splice(0)) worker.postMessage(m, [port]);
      frame.src = startPath();
      frame.hidden = false;
      boot.hidden = true;
      document.body.dataset.ready = "true";
    } else if (msg.type === "notice") {
      // The refused request was answered with the table as it was; the page says why.
      tell(msg.key, { alert: true });
    } else if (msg.type === "failed") {
      fail("failed", { reason: msg.reason });
    }
  };
  worker.onerror = (e) => fail("failed", { reason: e.message || "worker error" });
  worker.postMessage({ type: "boot", origin: location.origin });
}

async function watchUpdates(registration) {
  const known = localStorage.getItem(BUILD_KEY);
  const build = await askBuild(navigator.serviceWorker.controller || registration.active);
  if (build) {
    if (known && known !== build) tell("updated");
    localStorage.setItem(BUILD_KEY, build);
  }
  const offerReload = (sw) =>
    tell("update-ready", {
      action: {
        label: "reload",
        run: () => {
          navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
          sw.postMessage({ type: "skip-waiting" });
        },
      },
    });
  if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const sw = registration.installing;
    sw.addEventListener("statechange", () => {
      if (sw.state === "installed" && navigator.serviceWorker.controller) offerReload(sw);
    });
  });
}

function askBuild(sw) {
  if (!sw) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (e) => resolve(e.data);
    sw.postMessage({ type: "build" }, [channel.port2]);
    setTimeout(() => resolve(null), 2000);
  });
}

async function start() {
  setLang(lang);
  showBoot("loading");
  if (!("serviceWorker" in navigator) || typeof WebAssembly !== "object" || !window.Worker) {
    return fail("unsupported");
  }
  if (!window.isSecureContext) return fail("not-secure");
  navigator.serviceWorker.addEventListener("message", relay);
  watchFrame();
  const registering = navigator.serviceWorker.register("/sw.js", { scope: "/" });
  startWorker(registering.then(() => navigator.serviceWorker.ready));
  const registration = await registering;
  await navigator.serviceWorker.ready;
  watchUpdates(registration);
  registration.update().catch(() => {}); // offline: the cached build stays
  if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
}

// One table per browser: two tabs would be two Pythons over two copies of the same games, the
// last to store winning. The second tab says so instead of opening.
if (navigator.locks) {
  navigator.locks.request("solotable-table", { ifAvailable: true }, async (lock) => {
    if (!lock) {
      setLang(lang);
      return fail("other-tab");
    }
    await start().catch((err) => fail("failed", { reason: String(err && err.message || err) }));
    await new Promise(() => {}); // held while this page lives
  });
} else {
  start().catch((err) => fail("failed", { reason: String(err && err.message || err) }));
}
