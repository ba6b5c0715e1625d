"""Documents over HTTP: list, get, delete, the original file, and uploads, which are ingested in the
background (kb/api/jobs.py) and followed at `/api/jobs/{id}`. The controller sits under its own
body limit (`[server] max_upload_mb`, see kb/api/app.py): an upload is the one large body."""

from __future__ import annotations

import mimetypes
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import anyio
from litestar import Controller, Request, delete, get, post
from litestar.datastructures import UploadFile
from litestar.enums import RequestEncodingType
from litestar.params import Body, Parameter
from litestar.response import File

from kb.api.errors import problems
from kb.api.schemas import (
    DeletedDocument,
    DocumentInfo,
    DocumentList,
    JobInfo,
    TagChange,
    TagCount,
    TagList,
    from_dict,
)
from kb.errors import InvalidInput, NotFound
from kb.filters import normalize_tag, normalize_tags
from kb.settings import TAG_MAX_CHARS, TAGS_PER_DOCUMENT_MAX

if TYPE_CHECKING:
    from kb.api.app import Service


@dataclass
class UploadForm:
    """An upload: its files, and the tags to give every one of them."""

    files: list[UploadFile]
    tags: list[str] | str = field(default_factory=list)


def _doc(doc: Any) -> DocumentInfo:
    return from_dict(doc.info(), DocumentInfo)  # without `root` (a server path), `pending` and the tags' origins


def _find(service: Service, doc_id: str) -> Any:
    doc = next((d for d in service.kb.documents() if d.doc_id == doc_id), None)
    if doc is None:
        raise NotFound(f"no document with doc_id {doc_id!r}")
    return doc


async def _multipart_body(request: Request) -> None:
    """Refuse an upload that is not a multipart body before Litestar parses it (an empty one made
    its multipart extractor fail with an IndexError, a 500)."""
    kind, options = request.content_type
    if kind != "multipart/form-data" or not options.get("boundary"):
        raise InvalidInput("an upload is a multipart/form-data body (a `files` field per file); "
                           f"got {kind or 'no content type'}")
    if not any(isinstance(value, UploadFile) for value in (await request.form()).values()):
        raise InvalidInput("no file in the upload (multipart field with a file name)")


class DocumentsController(Controller):
    path = "/api"
    tags = ["documents"]

    @get("/documents", operation_id="list_documents", sync_to_thread=True, summary="List documents",
         responses=problems(400))
    def list_documents(
        self,
        service: Service,
        offset: Annotated[int, Parameter(ge=0)] = 0,
        limit: Annotated[int, Parameter(ge=1, le=500)] = 50,
        q: Annotated[str, Parameter(description="Only sources containing this text", max_length=500)] = "",
        tag: Annotated[str, Parameter(description="Only documents with this tag", max_length=TAG_MAX_CHARS)] = "",
    ) -> DocumentList:
        """Committed documents by source, paginated, with their kind, folder, modified time and tags."""
        docs = service.kb.documents()
        if q:
            docs = [d for d in docs if q.lower() in d.source.lower() or q.lower() in d.title.lower()]
        if tag:
            docs = [d for d in docs if normalize_tag(tag) in d.tags]
        return DocumentList(total=len(docs), offset=offset, limit=limit,
                            documents=[_doc(d) for d in docs[offset : offset + limit]])

    @get("/documents/{doc_id:str}", operation_id="get_document", sync_to_thread=True, summary="One document",
         responses=problems(404))
    def get_document(self, service: Service, doc_id: str) -> DocumentInfo:
        return _doc(_find(service, doc_id))

    @delete("/documents/{doc_id:str}", operation_id="delete_document", sync_to_thread=True, status_code=200,
            summary="Delete a document", responses=problems(404, 409))
    def delete_document(self, service: Service, doc_id: str) -> DeletedDocument:
        """The document and its chunks; its file too when it was uploaded (it lies in the uploads folder)."""
        doc = _find(service, doc_id)
        doc, removed = service.kb.delete(doc.doc_id, remove_file_in=Path(service.settings.server.uploads_dir))
        return DeletedDocument(deleted=_doc(doc), chunks_removed=removed)

    @post("/documents/{doc_id:str}/tags", operation_id="tag_document", sync_to_thread=True, status_code=200,
          summary="Add and remove a document's tags", responses=problems(400, 404, 409))
    def tag_document(self, service: Service, doc_id: str, data: TagChange) -> DocumentInfo:
        """As `kb tag`: only metadata is written (nothing is embedded again); the change outlives
        new versions of the file."""
        return _doc(service.kb.tag(_find(service, doc_id).doc_id, add=data.add, remove=data.remove))

    @get("/tags", operation_id="list_tags", sync_to_thread=True, summary="Every tag and its documents")
    def list_tags(self, service: Service) -> TagList:
        """The tags of the committed documents, most used first."""
        return TagList(tags=[TagCount(tag=t, documents=n) for t, n in service.kb.tags().items()])

    @get("/documents/{doc_id:str}/file", operation_id="document_file", sync_to_thread=True,
         summary="The original file", responses=problems(404))
    def document_file(self, service: Service, doc_id: str) -> File:
        """The file as ingested, with its content type, shown inline (PDF viewers honour `#page=N`)."""
        doc = _find(service, doc_id)
        path = Path(doc.root) / doc.source
        if service.jobs is not None:  # an upload of the same name may be ingesting: the committed version's bytes
            path = service.jobs.committed_file(path, doc.sha256)
        name = Path(doc.source).name
        if not path.is_file():
            raise NotFound(f"{doc.source}: the original file is no longer at {name}")
        media = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if media.startswith("text/html"):
            media = "text/plain"  # never render a document's HTML (scripts) in kb's origin
        return File(path, filename=name, media_type=media, content_disposition_type="inline",
                    headers={"X-Content-Type-Options": "nosniff", "Content-Security-Policy": "sandbox"})

    @post("/documents", operation_id="upload_documents", summary="Upload documents", status_code=202,
          responses=problems(400, 413, 503), before_request=_multipart_body)
    async def upload(
        self, service: Service, data: Annotated[UploadForm, Body(media_type=RequestEncodingType.MULTI_PART)]
    ) -> JobInfo:
        """Multipart upload of one or more files (a `files` field each); ingested in the background by
        the same pipeline as `kb ingest`. Optional `tags` fields (repeated, or comma-separated) tag
        every file, as `kb tag` does. Returns the job; poll `GET /api/jobs/{id}` for progress and
        per-file results."""
        files = data.files if isinstance(data.files, list) else [data.files]
        files = [f for f in files if isinstance(f, UploadFile)]
        if not files:
            raise InvalidInput("no file in the upload (multipart field with a file name)")
        if len(files) > service.settings.server.max_files:
            raise InvalidInput(f"{len(files)} files in one upload; at most {service.settings.server.max_files}")
        given = [data.tags] if isinstance(data.tags, str) else data.tags
        tags = normalize_tags([part for value in given for part in value.split(",") if part.strip()], "tags",
                              TAGS_PER_DOCUMENT_MAX)
        job = await anyio.to_thread.run_sync(service.jobs.submit, [(f.filename, f.file) for f in files], tags)
        return from_dict(job.to_dict(), JobInfo)

    @get("/jobs/{job_id:str}", operation_id="get_job", summary="An upload job's progress", responses=problems(404))
    async def get_job(self, service: Service, job_id: str) -> JobInfo:
        job = service.jobs.get(job_id)
        if job is None:
            raise NotFound(f"no job {job_id!r} (the last [server] upload_jobs_kept finished jobs are kept)")
        return from_dict(job.to_dict(), JobInfo)
