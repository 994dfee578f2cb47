// The review's progress page: poll the review, show how far it got, open the replay when done.
//
// The words come from the server with each answer (scripts hold none of their own); without
// JavaScript the page's "Check again" link does the same by hand.

const main = document.getElementById("reviewing");
const bar = document.getElementById("review-progress");
const said = document.getElementById("review-done");
const EVERY = 1000; // ms between polls

async function poll() {
  let answer = null;
  try {
    const r = await fetch(main.dataset.progress, { headers: { Accept: "application/json" } });
    if (r.ok) answer = await r.json();
  } catch (e) {
    answer = null; // the server is busy or gone: try again
  }
  if (answer && answer.finished) {
    window.location.reload();
    return;
  }
  if (answer) {
    bar.value = answer.percent;
    if (said.textContent !== answer.text) said.textContent = answer.text;
  }
  window.setTimeout(poll, EVERY);
}

if (main && main.dataset.progress) window.setTimeout(poll, EVERY);
