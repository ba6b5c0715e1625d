"""API keys and the web page's session: the `KeyGuard` of /api/* and /v1/* (a Bearer key or the
session cookie, when keys are set), and `/api/session`, which trades a key for an HttpOnly cookie so
the page never keeps the key itself."""

from __future__ import annotations

import hashlib
import hmac
from typing import TYPE_CHECKING

from litestar import Controller, Request, Response, get, post
from litestar.connection import ASGIConnection
from litestar.datastructures import Cookie
from litestar.exceptions import NotAuthorizedException
from litestar.handlers import BaseRouteHandler

from kb.api.errors import problems
from kb.api.schemas import SessionCreated, SessionRequest, SessionStatus

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


class KeyGuard:
    """The app's guard: a Bearer key or the web page's session cookie, when keys are set; routes
    with `opt={"public": True}` (health, the session, the page) are open."""

    def __init__(self, service: Service):
        self.service = service

    def __call__(self, connection: ASGIConnection, handler: BaseRouteHandler) -> None:
        if not keys_required(self.service) or handler.opt.get("public"):
            return
        auth = connection.headers.get("authorization", "")
        if auth.lower().startswith("bearer ") and key_valid(self.service, auth[7:].strip()):
            return
        token = connection.cookies.get(SESSION_COOKIE, "")
        if token and session_valid(self.service, token):
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
          responses=problems(400, 401))
    async def create(self, request: Request, service: Service, data: SessionRequest) -> Response[SessionCreated]:
        """For the web page: an HttpOnly, SameSite=Strict cookie, so the key never sits in page storage."""
        if not keys_required(service):
            return Response(SessionCreated(authenticated=True))
        if not key_valid(service, data.key):
            raise NotAuthorizedException("wrong API key")
        cookie = Cookie(key=SESSION_COOKIE, value=session_token(service, data.key), httponly=True, samesite="strict",
                        path="/", secure=request.url.scheme == "https")
        return Response(SessionCreated(authenticated=True), cookies=[cookie])
