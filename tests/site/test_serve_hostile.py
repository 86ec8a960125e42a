"""nardy_site.serve answers every address, however hostile, with 400 or 404 and the
404 page of the language it is under (or the root's): never an empty reply, never a traceback."""

from __future__ import annotations

import http.client
import socket

import pytest

from nardy_site.serve import serve_in_thread

from . import expected
from .htmlscan import parse

ROOT_PAGE = b"<!doctype html><title>root 404</title><h1>404</h1>"
EN_PAGE = b"<!doctype html><title>en 404</title><h1>Page not found</h1>"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>root</title>", encoding="utf-8")
    (site / "404.html").write_bytes(ROOT_PAGE)
    (site / "en" / "short").mkdir(parents=True)
    (site / "en" / "404.html").write_bytes(EN_PAGE)
    (site / "en" / "short" / "index.html").write_text("<!doctype html><title>short</title>", encoding="utf-8")
    server = serve_in_thread(site)
    yield server
    server.shutdown()
    server.server_close()


def raw(server, request: bytes) -> bytes:
    """The whole reply to a request written byte for byte (http.client would refuse to send some of these)."""
    with socket.create_connection(server.server_address[:2], timeout=10) as connection:
        connection.sendall(request)
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    return reply


def answer(server, target: str, method: str = "GET") -> tuple[int, bytes]:
    reply = raw(server, f"{method} {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode("latin-1"))
    assert reply, f"empty reply to {target[:80]!r}"
    head, _, body = reply.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    assert status == 200 or b"Content-Type: text/html; charset=utf-8" in head, head
    return status, body


HOSTILE = [
    # (address, status, the 404 page expected: "en" or "root")
    ("/en/%00", 400, "en"),
    ("/en/a%00b/", 400, "en"),
    ("/%00", 400, "root"),
    ("/" + "a" * 300, 404, "root"),
    ("/en/" + "a" * 300, 404, "en"),
    ("/en/" + "a" * 300 + "/short/", 404, "en"),
    ("/en/" + ("abcdefgh/" * 600), 404, "en"),  # every name short, the path longer than the file system takes
    ("/en/%E0%A4%A", 400, "en"),
    ("/en/%", 400, "en"),
    ("/%zz", 400, "root"),
    ("/en/%ff%fe", 400, "en"),
    ("/en/%01", 400, "en"),
    ("/en/%7f", 400, "en"),
    ("/en/../../etc/passwd", 404, "en"),
    ("/../etc/passwd", 404, "root"),
    ("/en/%2e%2e/%2e%2e/", 404, "en"),
    ("/en/./short/", 404, "en"),
    ("/" + "x" * 70000, 400, "root"),  # over http.server's 64 KiB request line
    ("/[", 404, "root"),
    ("/en/short/?q=%00%", 200, None),  # the query is not the path
]


@pytest.mark.parametrize("target, status, page", HOSTILE, ids=[t[:40] for t, _s, _p in HOSTILE])
def test_every_address_gets_a_page(server, capfd, target, status, page):
    have, body = answer(server, target)
    assert have == status
    if page is not None:
        assert body == {"en": EN_PAGE, "root": ROOT_PAGE}[page]
    have, body = answer(server, target, "HEAD")
    assert have == status and body == b""
    assert "Traceback" not in capfd.readouterr().err  # socketserver prints a handler's exception


def test_unreadable_requests_get_the_root_page(server, capfd):
    for request in (b"GARBAGE\r\n\r\n", b"GET\r\n\r\n", b"GET /a b c HTTP/1.1\r\n\r\n"):
        reply = raw(server, request)
        assert reply.endswith(ROOT_PAGE), request[:40]
        if reply.startswith(b"HTTP/1."):  # else an HTTP/0.9 answer: the page without a status line
            assert int(reply.split(b" ", 2)[1]) == 400, request[:40]
    # Not about the address: http.server's own answer, with its code.
    for request, code in ((b"GET /en/ HTTP/9.9\r\n\r\n", b"505"), (b"\xff\xfe /x HTTP/1.1\r\n\r\n", b"501"),
                          (b"GET / HTTP/1.1\r\nHost: " + b"x" * 70000 + b"\r\n\r\n", b"431")):
        assert code in raw(server, request), request[:40]
    assert "Traceback" not in capfd.readouterr().err


def test_the_server_still_serves_after_them(server):
    for target, _status, _page in HOSTILE:
        answer(server, target)
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    connection.request("GET", "/en/short/")
    response = connection.getresponse()
    assert response.status == 200 and b"<title>short</title>" in response.read()
    connection.close()


def test_the_built_site_answers_a_nul_with_the_language_page(site_url, site_languages):
    host, port = site_url.split("//")[1].rstrip("/").split(":")
    for lang in site_languages:
        connection = http.client.HTTPConnection(host, int(port), timeout=10)
        connection.request("GET", f"/{lang.code}/%00")
        response = connection.getresponse()
        body = response.read().decode("utf-8")
        assert response.status == 400
        root = parse(body)
        assert root.find("html").get("lang") == expected.bcp47(lang.code)
        assert root.find("h1").text() == expected.catalog_text(lang.code, expected.NOT_FOUND_TITLE)
        connection.close()


def test_a_client_that_leaves_mid_answer_is_no_error(tmp_path, capfd):
    (tmp_path / "big.bin").write_bytes(b"\0" * (32 * 1024 * 1024))
    server = serve_in_thread(tmp_path)
    try:
        for _ in range(3):
            connection = socket.create_connection(server.server_address[:2], timeout=10)
            connection.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            connection.recv(1024)
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")  # reset, not close
            connection.close()
        connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
        connection.request("HEAD", "/big.bin")
        assert connection.getresponse().status == 200  # still serving
        connection.close()
    finally:
        server.shutdown()
        server.server_close()
    assert "Traceback" not in capfd.readouterr().err
