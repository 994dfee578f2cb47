"""The browser build: the web table running in the page, on WebAssembly Python (Pyodide).

Nothing here is a second table: :mod:`.bridge` answers the browser's requests with the very
app ``solotable serve`` runs (``web.app.create_app``), driven over ASGI without a server, and
the files under ``shell/`` (the page, its Web Worker and its service worker) carry requests
between the page and that app. ``tools/build_site.py`` (``make site``) puts them, the Pyodide
runtime and every wheel into ``dist/site/``. See docs/browser.md.
"""
