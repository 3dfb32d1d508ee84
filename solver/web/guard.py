"""The door of the local server: only this server's own pages may drive it.

A page on another site can send a browser's requests to a server on this machine (a form
posted across sites, or DNS rebinding: another name made to point at 127.0.0.1). So every
request is refused unless

- its `Host` is a name the server serves: the loopback names, or the address it was started
  on (421 otherwise: a rebound name gets nothing, not even a read);
- a request that changes anything (POST) comes from this server's own page: an `Origin`, or
  failing that a `Referer`, naming another origin is refused (403);
- and its body is `application/json` (a puzzle upload, a table's state file or a deck file:
  YAML), the one kind a cross-site form cannot send without the browser asking first (415 otherwise).

A client that sends neither `Origin` nor `Referer` (the command line, curl, a test) is not a
browser page on another site, and is let in. Every refusal is documented in docs/table.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
JSON = "application/json"
YAML_TYPES = frozenset({"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml"})
# the routes whose body is a YAML file
YAML_ROUTES = frozenset({"/api/puzzles", "/api/tables/import", "/api/tables/decks"})


def host_name(netloc: str) -> str:
    """The host of `host:port`, `[::1]:port` or a bare host, in lower case."""
    netloc = netloc.strip().lower()
    if netloc.startswith("["):
        return netloc[1:netloc.find("]")] if "]" in netloc else netloc
    return netloc.rsplit(":", 1)[0] if netloc.count(":") == 1 else netloc


class OriginGuard:
    """Refuses foreign hosts (421), foreign origins on changes (403) and non-JSON bodies (415)."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str] = LOOPBACK_HOSTS):
        self.app = app
        self.hosts = frozenset(host.lower() for host in hosts) | LOOPBACK_HOSTS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self.refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
            return
        status, message = refusal
        await JSONResponse({"error": message}, status_code=status)(scope, receive, send)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if host_name(host) not in self.hosts:
            return 421, (f"this server does not serve the name {host_name(host)[:60]!r}; open the address it "
                         "printed when it started")
        if scope["method"] in SAFE_METHODS:
            return None
        foreign = _foreign(headers.get("origin"), host) or _foreign(headers.get("referer"), host)
        if foreign:
            return 403, "a page of another site may not change this table; use the table's own page"
        if scope["method"] == "POST" and not _acceptable_body(headers.get("content-type", ""), scope["path"]):
            wanted = "YAML (application/yaml)" if scope["path"] in YAML_ROUTES else JSON
            return 415, f"the request body must be {wanted}"
        return None


def _foreign(source: str | None, host: str) -> bool:
    """Whether an `Origin` or `Referer` names another origin than this server's `host`."""
    if source is None:
        return False
    if source == "null":  # a sandboxed or file page: not ours
        return True
    parts = urlsplit(source)
    return parts.scheme not in ("http", "https") or parts.netloc.lower() != host.strip().lower()


def _acceptable_body(content_type: str, path: str) -> bool:
    media, _, parameters = content_type.partition(";")
    media = media.strip().lower()
    charset = parameters.strip().lower().removeprefix("charset=").strip('"')
    if charset and "charset=" in parameters.lower() and charset not in ("utf-8", "utf8"):
        return False
    if path in YAML_ROUTES:
        return media in YAML_TYPES or media == JSON
    return media == JSON
