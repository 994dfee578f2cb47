// The browser build's Python: Pyodide running solotable's web app (solotable.browser.bridge)
// in a module Web Worker, so the page never freezes while the AI or a review thinks.
//
// The page (shell.mjs) sends {type: "boot"} once, then one {type: "request"} per request of
// the table's frame, with a MessagePort to answer on. Requests are answered one at a time, in
// order: the app has one thread, and a move must be stored before the next is read.
//
// Storage: the store (SQLite) is a file in /data, an IDBFS folder kept in IndexedDB. After a
// request that may have written, the folder is synced to IndexedDB *before* the answer goes
// out, so a move the player sees is stored. When the browser refuses the write (quota
// exceeded, storage not allowed), /data is read back from IndexedDB (what was stored before
// the refused move), the app reopened over it, and the answer is the table as it was, with a
// notice for the page to show.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const HOME = "/data";
const SITE_PACKAGES = "/lib/python3.14/site-packages";
// An empty package lock: no package name can resolve to Pyodide's CDN (everything the app
// imports is in site-packages.zip, unpacked below).
// `make site` writes in the runtime's own lock "info" (its version and ABI, which it checks).
const LOCK = JSON.stringify({ info: {"@LOCK_INFO@": 0}, packages: {} });

let py = null;
let site = null;
let queue = Promise.resolve();
const timings = {};

function syncfs(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())),
  );
}

async function boot({ origin }) {
  const t0 = performance.now();
  self.postMessage({ type: "progress", key: "loading-python" });
  py = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    lockFileContents: LOCK,
    stdout: () => {},
    stderr: (line) => console.warn(line),
  });
  timings.python = performance.now() - t0;
  self.postMessage({ type: "progress", key: "loading-table" });
  const zip = await (await fetch(new URL("./site-packages.zip", import.meta.url))).arrayBuffer();
  py.unpackArchive(new Uint8Array(zip), "zip", { extractDir: SITE_PACKAGES });
  timings.unpack = performance.now() - t0 - timings.python;
  py.FS.mkdirTree(HOME);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, HOME);
  await syncfs(true);
  const t1 = performance.now();
  const bridge = py.pyimport("solotable.browser.bridge");
  site = bridge.SiteApp(HOME, origin);
  timings.app = performance.now() - t1;
  timings.boot = performance.now() - t0;
  self.postMessage({ type: "ready", timings });
}

async function call(method, target, headers, body) {
  const answer = await site.handle(method, target, headers, body);
  try {
    const [status, outHeaders, outBody] = answer.toJs();
    return { status, headers: outHeaders, body: outBody };
  } finally {
    answer.destroy();
  }
}

async function store() {
  site.checkpoint();
  await syncfs(false);
}

/** The table as it was, after a refused write: the page (or, for the table's own fetch, the
 *  fragment) the request came from, drawn from what IndexedDB kept. */
async function asItWas(req) {
  await syncfs(true);
  site.reopen();
  const game = /^\/games\/([^/?]+)/.exec(req.target);
  const fragment = req.headers.some(([k]) => k.toLowerCase() === "x-fragment");
  if (game && fragment) {
    const res = await call("GET", `/games/${game[1]}/table`, [["x-fragment", "1"]], new Uint8Array());
    return { ...res, status: 503 }; // as serve answers a move its store could not keep
  }
  const back = req.referrer && new URL(req.referrer).origin === self.location.origin
    ? new URL(req.referrer) : new URL("/", self.location.origin);
  return { status: 303, headers: [["location", back.pathname + back.search]], body: new Uint8Array() };
}

async function answer(req, port) {
  let res;
  try {
    res = await call(req.method, req.target, req.headers, new Uint8Array(req.body || []));
    if (req.method !== "GET" && req.method !== "HEAD") {
      try {
        await store();
      } catch (err) {
        console.warn("storage refused:", err && err.name);
        res = await asItWas(req);
        self.postMessage({ type: "notice", key: "storage-refused" });
      }
    }
  } catch (err) {
    console.error(err);
    res = { status: 500, headers: [["content-type", "text/plain"]], body: new TextEncoder().encode(String(err)) };
  }
  port.postMessage(res, [res.body.buffer]);
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.type === "boot") {
    boot(msg).catch((err) => self.postMessage({ type: "failed", reason: String(err && err.message || err) }));
  } else if (msg.type === "request") {
    const port = event.ports[0];
    // One at a time, in order; a request that failed must not stop the ones after it.
    queue = queue.then(() => answer(msg, port)).catch((err) => console.error(err));
  }
};
