// The replay's options apply as soon as one is ticked or unticked: the form goes as it
// would with its "Apply" button, which only pages without scripts show (<noscript>).
//
// No words here: the page holds them all.

for (const form of document.querySelectorAll("form[data-apply-on-change]")) {
  form.addEventListener("change", () => {
    if (form.requestSubmit) form.requestSubmit();
    else form.submit();
  });
}
