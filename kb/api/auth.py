"""Who may call, from where, with what: the app's two guards and `/api/session`.

`RequestChecks` runs first on every route, keys or no keys, `content_type_guard` last:
- the Host header must name an allowed host (`[server] allowed_hosts`; empty: loopback names and the
  bind host), else 400: a page whose name an attacker re-pointed at 127.0.0.1 (DNS rebinding) sends
  its own name as Host, and so cannot read documents or search;
- a state-changing request (POST, PUT, PATCH, DELETE) from another site is refused (403): its
  `Origin` must be this server or one of `[server] cors_origins` (without `Origin`, `Sec-Fetch-Site`
  must say same-origin); a request with neither, which no browser sends, passes (scripts, curl);
- a route that reads JSON takes only `Content-Type: application/json`, the upload route only
  `multipart/form-data` (else 415): a cross-site form or a no-preflight fetch can send text/plain,
  which Litestar would still decode as JSON.

Between them `KeyGuard` asks for a Bearer key or the web page's session cookie, when keys are set. The
session (`/api/session`) trades a key for an HttpOnly, SameSite=Strict cookie holding a signed,
timestamped token valid for `[server] session_ttl_s`; `DELETE /api/session` logs out (the token is
revoked and the cookie cleared)."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import re
import secrets
import socket
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from litestar import Controller, Request, Response, delete, get, post
from litestar.connection import ASGIConnection
from litestar.datastructures import Cookie
from litestar.enums import RequestEncodingType
from litestar.exceptions import ClientException, HTTPException, NotAuthorizedException, PermissionDeniedException
from litestar.handlers import BaseRouteHandler

from kb.api.errors import problems
from kb.api.schemas import SessionCreated, SessionRequest, SessionStatus
from kb.settings import ServerSettings

if TYPE_CHECKING:
    from kb.api.app import Service

SESSION_COOKIE = "kb_session"
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
EVERY_INTERFACE = frozenset({"", "0.0.0.0", "::"})
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
CLOCK_SKEW_S = 60  # a session token issued this far in the future still counts (clock adjustments)
_HOST = re.compile(r"(?:\[(?P<v6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9_.-]+))(?::(?P<port>[0-9]{1,5}))?")


# -- the Host header (DNS rebinding) -----------------------------------------------------------------


@dataclass(frozen=True)
class AllowedHosts:
    names: frozenset[str]  # lower case, IPv6 without brackets
    suffixes: tuple[str, ...] = ()  # ".corp.example" for "*.corp.example"
    any_address: bool = False  # any IP address literal (rebinding needs a name the attacker owns)
    everything: bool = False  # ["*"]: no check


def allowed_hosts(server: ServerSettings) -> AllowedHosts:
    """The hosts a Host header may name. Loopback names always (no other site can make a browser
    send them); then `[server] allowed_hosts` when set, else the bind host, and for a server bound to
    every interface (0.0.0.0, ::) any IP address and this machine's host name."""
    listed = [h.strip().lower().strip("[]") for h in server.allowed_hosts]
    if "*" in listed:
        return AllowedHosts(LOOPBACK_NAMES, everything=True)
    if listed:
        suffixes = tuple(h[1:] for h in listed if h.startswith("*."))
        return AllowedHosts(LOOPBACK_NAMES | {h for h in listed if not h.startswith("*.")}, suffixes)
    bind = server.host.strip().lower().strip("[]")
    if bind in EVERY_INTERFACE:
        return AllowedHosts(LOOPBACK_NAMES | {socket.gethostname().lower()}, any_address=True)
    return AllowedHosts(LOOPBACK_NAMES | {bind})


def host_allowed(allowed: AllowedHosts, host: str) -> bool:
    """Whether a Host header (`name`, `name:port`, `[v6]:port`) names an allowed host."""
    if allowed.everything:
        return True
    found = _HOST.fullmatch(host.strip().lower())
    if found is None or (found["port"] and int(found["port"]) > 65535):
        return False
    name = found["v6"] or found["name"]
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        address = None
    if found["v6"] and not (address and address.version == 6):
        return False
    if name in allowed.names or (address is not None and allowed.any_address):
        return True
    return any(name.endswith(suffix) and len(name) > len(suffix) for suffix in allowed.suffixes)


# -- cross-site requests and content types ----------------------------------------------------------


def cross_site(connection: ASGIConnection, cors_origins: list[str]) -> str:
    """Why a state-changing request comes from another site ("" when it does not)."""
    origin = connection.headers.get("origin")
    if origin is not None:
        if origin in cors_origins or "*" in cors_origins:
            return ""
        parts = urlsplit(origin)
        host = connection.headers.get("host", "")
        if parts.scheme in ("http", "https") and host and parts.netloc.lower() == host.lower():
            return ""  # the scheme is not compared: a TLS-terminating proxy serves https as http
        return f"cross-site request refused: Origin {origin[:100]!r} is neither this server nor in [server] cors_origins"
    site = connection.headers.get("sec-fetch-site")
    if site is not None and site.lower() not in ("same-origin", "none"):
        return f"cross-site request refused: Sec-Fetch-Site {site[:40]!r} without an Origin of this server"
    return ""


def body_media_type(handler: BaseRouteHandler) -> str | None:
    """The media type a route's body (its `data` parameter) is read as; None: it reads no body."""
    parameter = handler.parsed_fn_signature.parameters.get("data")
    if parameter is None:
        return None
    media = getattr(parameter.kwarg_definition, "media_type", None) or RequestEncodingType.JSON
    return media.value if isinstance(media, RequestEncodingType) else str(media)


class UnsupportedMediaType(HTTPException):
    status_code = 415


class RequestChecks:
    """The app's first guard: the Host header and cross-site writes (see the module)."""

    def __init__(self, server: ServerSettings):
        self.server = server
        self.allowed = allowed_hosts(server)

    def __call__(self, connection: ASGIConnection, handler: BaseRouteHandler) -> None:
        host = connection.headers.get("host")
        if host is not None and not host_allowed(self.allowed, host):
            raise ClientException(f"Host {host[:100]!r} is not allowed: add its name to [server] allowed_hosts")
        method = connection.scope.get("method", "GET")
        if method not in STATE_CHANGING:
            return
        if reason := cross_site(connection, self.server.cors_origins):
            raise PermissionDeniedException(reason)


def content_type_guard(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """The app's last guard (after the key's): a body only in the media type its route reads."""
    expected = body_media_type(handler)
    if expected in (RequestEncodingType.JSON.value, RequestEncodingType.MULTI_PART.value):
        given = connection.headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if given != expected:
            raise UnsupportedMediaType(f"Content-Type {given or '(none)'!r}: this route takes {expected}")


# -- keys and sessions ----------------------------------------------------------------------------


def keys_required(service: Service) -> bool:
    return bool(service.settings.server.api_keys)


def key_valid(service: Service, key: str) -> bool:
    given = key.encode("utf-8", "surrogateescape")
    return any(hmac.compare_digest(given, k.encode()) for k in service.settings.server.api_keys)


def _mac(service: Service, key: str, issued: int, nonce: str) -> str:
    message = hashlib.sha256(key.encode()).digest() + f".{issued}.{nonce}".encode()
    return hmac.new(service.session_secret, message, "sha256").hexdigest()


def session_token(service: Service, key: str, issued: float | None = None) -> str:
    """`<issued, unix seconds>.<random nonce>.<HMAC of the key's hash, the time and the nonce, under this
    server's secret>`. The nonce makes every login its own session: two logins with one key in the same
    second do not share a token, so logging out of one leaves the other."""
    stamp = int(time.time() if issued is None else issued)
    nonce = secrets.token_hex(8)
    return f"{stamp}.{nonce}.{_mac(service, key, stamp, nonce)}"


def session_valid(service: Service, token: str) -> bool:
    """Signed by this server for a key still configured, within its lifetime, not logged out. Any
    malformed token (non-ASCII, no time, ...) is simply invalid."""
    stamp, nonce, mac = (token.split(".") + ["", ""])[:3]
    # (the time as this server writes it: "0" + a logged-out token is no other token)
    if not (token.count(".") == 2 and token.isascii() and stamp.isdigit() and len(stamp) <= 12 and stamp == str(int(stamp))
            and nonce.isalnum()) or token in service.revoked_sessions:
        return False
    issued, now = int(stamp), time.time()
    if issued > now + CLOCK_SKEW_S or now - issued > service.settings.server.session_ttl_s:
        return False
    return any(hmac.compare_digest(mac, _mac(service, k, issued, nonce)) for k in service.settings.server.api_keys)


def revoke_session(service: Service, token: str) -> None:
    """Logged out: the token is refused until it would have expired anyway."""
    now = time.time()
    for old in [t for t, until in service.revoked_sessions.items() if until < now]:
        del service.revoked_sessions[old]
    service.revoked_sessions[token] = now + service.settings.server.session_ttl_s + CLOCK_SKEW_S


def authorized(service: Service, connection: ASGIConnection) -> bool:
    """A valid Bearer key or session cookie; always, when no keys are set."""
    if not keys_required(service):
        return True
    auth = connection.headers.get("authorization", "")
    if auth.lower().startswith("bearer ") and key_valid(service, auth[7:].strip()):
        return True
    token = connection.cookies.get(SESSION_COOKIE, "")
    return bool(token) and session_valid(service, token)


class KeyGuard:
    """The app's key guard: a Bearer key or the web page's session cookie, when keys are set; routes
    with `opt={"public": True}` (health, the session, the page) are open."""

    def __init__(self, service: Service):
        self.service = service

    def __call__(self, connection: ASGIConnection, handler: BaseRouteHandler) -> None:
        if handler.opt.get("public") or authorized(self.service, connection):
            return
        raise NotAuthorizedException("missing or wrong API key: send \"Authorization: Bearer <key>\"")


class AuthController(Controller):
    path = "/api/session"
    tags = ["auth"]
    opt = {"public": True}

    @get(operation_id="session_status", summary="Whether a key is needed and present")
    async def status(self, request: Request, service: Service) -> SessionStatus:
        token = request.cookies.get(SESSION_COOKIE, "")
        return SessionStatus(keys_required=keys_required(service),
                             authenticated=not keys_required(service) or bool(token and session_valid(service, token)))

    @post(operation_id="create_session", status_code=200, summary="Trade an API key for a session cookie",
          responses=problems(400, 401, 403, 415))
    async def create(self, request: Request, service: Service, data: SessionRequest) -> Response[SessionCreated]:
        """For the web page: an HttpOnly, SameSite=Strict cookie, so the key never sits in page
        storage; it expires after `[server] session_ttl_s`."""
        if not keys_required(service):
            return Response(SessionCreated(authenticated=True))
        if not key_valid(service, data.key):
            raise NotAuthorizedException("wrong API key")
        ttl = service.settings.server.session_ttl_s
        cookie = Cookie(key=SESSION_COOKIE, value=session_token(service, data.key), httponly=True, samesite="strict",
                        path="/", max_age=ttl, secure=request.url.scheme == "https")
        return Response(SessionCreated(authenticated=True), cookies=[cookie])

    @delete(operation_id="delete_session", status_code=200, summary="Log out: end the session, clear the cookie",
            responses=problems(400, 403))
    async def logout(self, request: Request, service: Service) -> Response[SessionStatus]:
        token = request.cookies.get(SESSION_COOKIE, "")
        if token and session_valid(service, token):
            revoke_session(service, token)
        response = Response(SessionStatus(keys_required=keys_required(service), authenticated=not keys_required(service)))
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response
