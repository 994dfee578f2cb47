// 51st State: the page's stylesheet comes with the full page only (a fragment that
// carried it would make the browser re-check it on every move); move it to <head>
// so that swapping the table keeps it.
const sheet = document.getElementById("fss-css");
if (sheet) document.head.append(sheet);
