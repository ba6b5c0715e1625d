"""API keys and the web page's session: the `require_key` guard of /api/* and /v1/* (a Bearer key
or the session cookie, when keys are set), and `/api/session`, which trades a key for an HttpOnly
cookie so the page never keeps the key itself."""

from __future__ import annotations

import hashlib
import hmac
from typing import TYPE_CHECKING, Any

from litestar import Request, Response, get, post
from litestar.connection import ASGIConnection
from litestar.exceptions import NotAuthorizedException
from litestar.handlers import BaseRouteHandler

from kb.api.schemas import SessionRequest
from kb.api.state import service_of

if TYPE_CHECKING:
    from kb.api.app import Service

SESSION_COOKIE = "kb_session"


def keys_required(service: Service) -> bool:
    return bool(service.settings.server.api_keys)


def key_valid(service: Service, key: str) -> bool:
    return any(hmac.compare_digest(key.encode(), k.encode()) for k in service.settings.server.api_keys)


def session_token(service: Service, key: str) -> str:
    return hmac.new(service.session_secret, hashlib.sha256(key.encode()).digest(), "sha256").hexdigest()


def session_valid(service: Service, token: str) -> bool:
    return any(hmac.compare_digest(token, session_token(service, k)) for k in service.settings.server.api_keys)


def require_key(connection: ASGIConnection, handler: BaseRouteHandler) -> None:
    """Guard of /api/* and /v1/*: a Bearer key or the web page's session cookie, when keys are set."""
    service = service_of(connection)
    if not keys_required(service) or handler.opt.get("public"):
        return
    auth = connection.headers.get("authorization", "")
    if auth.lower().startswith("bearer ") and key_valid(service, auth[7:].strip()):
        return
    token = connection.cookies.get(SESSION_COOKIE, "")
    if token and session_valid(service, token):
        return
    raise NotAuthorizedException("missing or wrong API key: send \"Authorization: Bearer <key>\"")


@get("/api/session", opt={"public": True}, summary="Whether a key is needed and present")
async def session_status(request: Request) -> dict[str, Any]:
    service = service_of(request)
    token = request.cookies.get(SESSION_COOKIE, "")
    return {"keys_required": keys_required(service),
            "authenticated": not keys_required(service) or bool(token and session_valid(service, token))}


@post("/api/session", opt={"public": True}, status_code=200, summary="Trade an API key for a session cookie")
async def create_session(request: Request, data: SessionRequest) -> Response:
    """For the web page: an HttpOnly, SameSite=Strict cookie, so the key never sits in page storage."""
    service = service_of(request)
    if not keys_required(service):
        return Response({"authenticated": True})
    if not key_valid(service, data.key):
        raise NotAuthorizedException("wrong API key")
    from litestar.datastructures import Cookie

    cookie = Cookie(key=SESSION_COOKIE, value=session_token(service, data.key), httponly=True, samesite="strict",
                    path="/", secure=request.url.scheme == "https")
    return Response({"authenticated": True}, cookies=[cookie])
