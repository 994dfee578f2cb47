// The browser build's service worker: the site kept offline, and the table's requests carried
// to the Python that answers them.
//
// - Every file of this build (FILES, written in by `make site` with the build's id) is cached
//   on install, so after a first visit the table opens with no network. A new build is a new
//   service worker: it installs beside the running one and takes over when no page of the old
//   one is open (or at once when the page asks, after the player chose "Reload"); the old
//   build's cache is deleted then. Games live in IndexedDB, not here: an update keeps them.
// - A top-level page load of any address of the site is answered with the shell (index.html),
//   which opens the same address in the table's frame.
// - Every other request of the site that is not one of its files (the table's pages, forms,
//   the table's own fetches: /, /games/…, /history, …) goes to the shell page that runs the
//   Python worker, over a MessageChannel, and its answer comes back as the response.
const BUILD = "@BUILD@";
const FILES = ["@FILES@"];
const CACHE = `solotable-${BUILD}`;
const BASE = new URL("./", self.location).pathname;
const KNOWN = new Set(FILES.map((f) => BASE + f));
const ANSWER_WITHIN = 120000; // ms: the longest review on a slow phone, with room to spare

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(BASE + f, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("solotable-") && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
  if (event.data && event.data.type === "build" && event.ports[0]) event.ports[0].postMessage(BUILD);
});

async function cached(request) {
  const hit = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
  return hit || fetch(request);
}

async function shell() {
  const hit = await caches.match(BASE + "index.html", { cacheName: CACHE });
  return hit || fetch(BASE + "index.html");
}

/** The pages that may run the table's Python: every top-level window of the site (only the
 *  one holding the table's lock answers; the others ignore the request). */
async function host() {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  return windows.filter((c) => c.frameType === "top-level");
}

async function toTable(request) {
  const url = new URL(request.url);
  const headers = [];
  for (const [k, v] of request.headers) headers.push([k, v]);
  // A page's own fetch() reaches a service worker with neither Origin nor Referer; the table
  // checks one of them on every change. Only this origin's pages are controlled by this
  // worker, and a cross-site navigation carries its Origin (Fetch standard), so the request's
  // referrer is the page that sent it.
  const names = new Set(headers.map(([k]) => k.toLowerCase()));
  if (!names.has("origin") && !names.has("referer") && request.referrer) {
    headers.push(["referer", request.referrer]);
  }
  const body = request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
  const message = {
    type: "request",
    method: request.method,
    target: url.pathname + url.search,
    headers,
    referrer: request.referrer,
    body,
  };
  const hosts = await host();
  if (!hosts.length) return new Response("solotable: the table's page is closed; open the site again.", { status: 503 });
  const answer = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ANSWER_WITHIN);
    for (const client of hosts) {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => {
        clearTimeout(timer);
        resolve(e.data);
      };
      client.postMessage(message, [channel.port2]);
    }
  });
  if (!answer) return new Response("solotable: no answer from the table's page.", { status: 504 });
  const nobody = [101, 204, 205, 304].includes(answer.status) || request.method === "HEAD";
  return new Response(nobody ? null : answer.body, { status: answer.status, headers: answer.headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  if (request.mode === "navigate" && request.destination === "document") {
    event.respondWith(shell());
  } else if (KNOWN.has(url.pathname) && request.method === "GET" && request.destination !== "iframe") {
    event.respondWith(cached(request));
  } else if (url.pathname !== BASE + "sw.js") {
    event.respondWith(toTable(request));
  }
});
