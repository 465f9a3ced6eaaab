"""The client's pages and static files: where they are and the headers they are served
with."""

from __future__ import annotations

from importlib.resources import files

from fastapi.responses import FileResponse

STATIC = files("oneiros.server") / "static"
"""The web client: pages, scripts, styles and the Spanish catalogue."""

PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "style-src 'self' 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
"""Headers of the client's pages: only this server's scripts, tokens never in a Referer."""


def page(name: str) -> FileResponse:
    """A page of the client with :data:`PAGE_HEADERS`."""
    return FileResponse(str(STATIC / name), headers=PAGE_HEADERS)
