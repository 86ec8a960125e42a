"""nardy_site.serve on the built site: each language's 404 page for unknown addresses under it, the
root's language chooser for the others (status 404), no directory listings, .wasm as application/wasm."""

from __future__ import annotations

import http.client
import urllib.error
import urllib.request
from urllib.parse import urljoin, urlsplit

import pytest

from nardy_site.serve import serve_in_thread

from . import expected
from .htmlscan import parse


def get(url, method="GET"):
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode("utf-8", "replace")


def test_pages_are_served(site_url, site_languages):
    for lang in site_languages:
        status, headers, body = get(f"{site_url}{lang.code}/short/")
        assert status == 200 and headers["Content-Type"].startswith("text/html")
        assert parse(body).find("html").get("lang") == expected.bcp47(lang.code)


def test_unknown_address_under_a_language_gets_its_404_page(site_url, site_languages):
    for lang in site_languages:
        for path in ("no-such-page/", "short/no/such/thing", "x.html", "assets/none.css"):
            status, headers, body = get(f"{site_url}{lang.code}/{path}")
            assert status == 404, path
            assert headers["Content-Type"] == "text/html; charset=utf-8"
            root = parse(body)
            assert root.find("html").get("lang") == expected.bcp47(lang.code)
            assert root.find("h1").text() == expected.catalog_text(lang.code, expected.NOT_FOUND_TITLE)


def test_other_unknown_addresses_get_the_language_chooser(site_url, site_languages):
    for path in ("no-such-page", "zz/short/", "a/b/c.html", "%2e%2e/etc/passwd"):
        status, _headers, body = get(f"{site_url}{path}")
        assert status == 404, path
        root = parse(body)
        assert root.find("h1").text() == "404"
        assert [a.get("href") for a in root.find_all("a")] == [f"/{code}/" for code, _row in expected.enabled()]


def test_head_of_an_unknown_address(site_url):
    status, headers, body = get(f"{site_url}uz/nothing/", method="HEAD")
    assert status == 404 and body == "" and int(headers["Content-Length"]) > 100


def test_no_directory_listing(site_url, site_languages):
    status, _headers, body = get(f"{site_url}{site_languages[0].code}/assets/")
    assert status == 404 and "Directory listing" not in body


def test_types(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    (tmp_path / "a.wasm").write_bytes(b"\0asm\1\0\0\0")
    (tmp_path / "m.mjs").write_text("export {}", encoding="utf-8")
    (tmp_path / "d.json").write_text("{}", encoding="utf-8")
    server = serve_in_thread(tmp_path)
    try:
        assert get(f"{server.url}a.wasm")[1]["Content-Type"] == "application/wasm"
        assert get(f"{server.url}m.mjs")[1]["Content-Type"] == "text/javascript"
        assert get(f"{server.url}d.json")[1]["Content-Type"] == "application/json"
        status, _headers, body = get(f"{server.url}missing")  # no 404 page here: the server's own
        assert status == 404
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("path", ["uz", "uz/short", "uz/short?x=1"])
def test_a_folder_without_slash_is_redirected(site_url, path):
    """The redirect itself (not followed): a permanent or temporary redirect to the folder's address."""
    parts = urlsplit(site_url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request("GET", f"{parts.path}{path}")
        response = connection.getresponse()
        response.read()
    finally:
        connection.close()
    assert response.status in (301, 302, 307, 308), response.status
    folder, _, query = path.partition("?")
    want = f"{site_url}{folder}/" + (f"?{query}" if query else "")
    assert urljoin(f"{site_url}{path}", response.getheader("Location")) == want
    status, headers, body = get(want)
    assert status == 200 and headers["Content-Type"].startswith("text/html") and "<html" in body


def get_gzip(url, headers=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, deflate", **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def test_gzip_for_a_browser_that_asks(site_url, site, site_languages):
    import gzip

    code = site_languages[0].code
    for path, kind in ((f"{code}/short/", "text/html"), (f"{code}/assets/board/nardy-board.js", "text/javascript"),
                       (f"{code}/assets/i18n.json", "application/json"), ("pyodide/pyodide.asm.wasm", "application/wasm"),
                       ("pyodide/pyodide.asm.mjs", "text/javascript")):
        status, headers, body = get_gzip(site_url + path)
        assert status == 200 and headers["Content-Type"] == kind, path
        assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding", path
        plain = site / (path + "index.html" if path.endswith("/") else path)
        assert gzip.decompress(body) == plain.read_bytes(), path
        assert int(headers["Content-Length"]) == len(body) < plain.stat().st_size
        # Unchanged since: 304 without a body, as for the plain files.
        status, headers, body = get_gzip(site_url + path, {"If-Modified-Since": headers["Last-Modified"]})
        assert status == 304 and body == b"", path
    # Already compressed: sent as it is.
    status, headers, body = get_gzip(site_url + "pyodide/python_stdlib.zip")
    assert status == 200 and "Content-Encoding" not in headers
    # Without Accept-Encoding: the plain file.
    status, headers, body = get(f"{site_url}pyodide/pyodide.asm.wasm", "HEAD")
    assert status == 200 and headers["Content-Type"] == "application/wasm" and "Content-Encoding" not in headers
    # Unknown addresses keep their 404 page, redirects their redirect.
    status, headers, _body = get_gzip(f"{site_url}{code}/no-such-page/")
    assert status == 404 and headers["Content-Type"] == "text/html; charset=utf-8"
    status, _headers, body = get_gzip(f"{site_url}{code}/short")
    assert status == 200 and b"<!doctype html>" in gzip.decompress(body)[:100]
