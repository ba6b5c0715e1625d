"""Documents over HTTP: list, get, delete, the original file, and uploads, which are ingested in the
background (kb/api/jobs.py) and followed at `/api/jobs/{id}`."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from typing import Annotated, Any

import anyio
from litestar import Request, delete, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.params import Body, Parameter
from litestar.response import File

from kb.api.state import service_of
from kb.errors import InvalidInput, NotFound


@get("/api/documents", sync_to_thread=True, summary="List documents")
def list_documents(
    request: Request,
    offset: Annotated[int, Parameter(ge=0)] = 0,
    limit: Annotated[int, Parameter(ge=1, le=500)] = 50,
    q: Annotated[str, Parameter(description="Only sources containing this text", max_length=500)] = "",
) -> dict[str, Any]:
    """Committed documents by source, paginated."""
    docs = service_of(request).kb.documents()
    if q:
        docs = [d for d in docs if q.lower() in d.source.lower() or q.lower() in d.title.lower()]
    return {"total": len(docs), "offset": offset, "limit": limit, "documents": [_doc(d) for d in docs[offset : offset + limit]]}


def _doc(doc: Any) -> dict[str, Any]:
    data = doc.to_dict()
    data.pop("root", None)  # a server path is not the client's business
    data.pop("pending", None)
    return data


@get("/api/documents/{doc_id:str}", sync_to_thread=True, summary="One document")
def get_document(request: Request, doc_id: str) -> dict[str, Any]:
    return _doc(_find(request, doc_id))


def _find(request: Request, doc_id: str) -> Any:
    doc = next((d for d in service_of(request).kb.documents() if d.doc_id == doc_id), None)
    if doc is None:
        raise NotFound(f"no document with doc_id {doc_id!r}")
    return doc


@delete("/api/documents/{doc_id:str}", sync_to_thread=True, status_code=200, summary="Delete a document")
def delete_document(request: Request, doc_id: str) -> dict[str, Any]:
    doc = _find(request, doc_id)
    doc, removed = service_of(request).kb.delete(doc.doc_id)
    return {"deleted": _doc(doc), "chunks_removed": removed}


@get("/api/documents/{doc_id:str}/file", sync_to_thread=True, summary="The original file")
def document_file(request: Request, doc_id: str) -> File:
    """The file as ingested, with its content type, shown inline (PDF viewers honour `#page=N`)."""
    doc = _find(request, doc_id)
    path = Path(doc.root) / doc.source
    if not path.is_file():
        raise NotFound(f"{doc.source}: the original file is no longer at {path.name}")
    media = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if media.startswith("text/html"):
        media = "text/plain"  # never render a document's HTML (scripts) in kb's origin
    return File(path, filename=path.name, media_type=media, content_disposition_type="inline",
                headers={"X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox"})


@post("/api/documents", summary="Upload documents", status_code=202)
async def upload(
    request: Request, data: Annotated[list[UploadFile], Body(media_type=RequestEncodingType.MULTI_PART)]
) -> dict[str, Any]:
    """Multipart upload of one or more files; ingested in the background by the same pipeline as
    `kb ingest`. Returns the job; poll `GET /api/jobs/{id}` for progress and per-file results."""
    service = service_of(request)
    files = data if isinstance(data, list) else [data]
    if not files:
        raise InvalidInput("no file in the upload (multipart field with a file name)")
    if len(files) > service.settings.server.max_files:
        raise InvalidInput(f"{len(files)} files in one upload; at most {service.settings.server.max_files}")
    job = await anyio.to_thread.run_sync(service.jobs.submit, [(f.filename, f.file) for f in files])
    return job.to_dict()


@get("/api/jobs/{job_id:str}", summary="An upload job's progress")
async def get_job(request: Request, job_id: str) -> dict[str, Any]:
    job = service_of(request).jobs.get(job_id)
    if job is None:
        raise NotFound(f"no job {job_id!r} (jobs are kept in memory until the server restarts)")
    return job.to_dict()
