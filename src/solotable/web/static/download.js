// Export links (`a[download]`) in the browser build, where a service worker answers the
// table's addresses: Chromium neither routes a download link through it nor saves a file
// from the table's frame, so the file is fetched (through the service worker, from the
// table's Python) and handed to the page around the frame, which saves it. On
// `solotable serve` nothing is done here: the link downloads as any link does.
document.addEventListener("click", async (event) => {
  const link = event.target.closest && event.target.closest("a[download]");
  const framed = window.parent !== window && navigator.serviceWorker?.controller;
  if (!link || !framed) return;
  event.preventDefault();
  const blob = await (await fetch(link.href)).blob();
  window.parent.postMessage({ type: "save", name: link.getAttribute("download"), blob }, location.origin);
});
