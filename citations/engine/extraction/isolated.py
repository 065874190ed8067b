"""Extraction in a child process, bounded in time and memory.

Parsers of PDF, DOCX and HTML are large and their input is untrusted: a reference loop in a
PDF, an object stream that inflates without end or a deeply nested structure may keep one
busy or growing far past what the checks before it (pages, objects, zip sizes) can foresee.
So the file is read by a fresh interpreter with an address-space and CPU limit
(``resource.setrlimit``), killed when it overruns its time; whatever happens inside it,
the caller gets a ``Document`` or an ``ExtractionError`` naming the limit. A subprocess, not
``multiprocessing``: a Celery pool child is a daemon, and daemons may not fork children
through ``multiprocessing``."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

from .limits import EXTRACTION_LIMITS, ExtractionLimits
from .values import Attachment, Document, ExtractionError, Paragraph

# The folder holding the ``citations`` package, put on the child's path (``-I`` keeps out
# the caller's environment and working directory).
_ROOT = str(Path(__file__).resolve().parents[3])
_CHILD = (
    "import sys; sys.path.insert(0, sys.argv[1]); "
    "from citations.engine.extraction.isolated import child_main; child_main()"
)
_MEGABYTE = 1024 * 1024


def extract_file(
    data: bytes, media_type: str, *, limits: ExtractionLimits = EXTRACTION_LIMITS
) -> Document:
    """The file's paragraphs, pages and attachments, read in a child process.

    Raises ``ExtractionError`` for a file of an unsupported type, an unreadable one, or one
    beyond a limit of ``limits`` (``seconds`` and ``memory_bytes`` included)."""
    if len(data) > limits.file_bytes:  # refused before a process is started for it
        raise ExtractionError(
            f"is {len(data):,} bytes; the limit is {limits.file_bytes:,}", limit="file_bytes"
        )
    header = json.dumps({"media_type": media_type, "limits": asdict(limits)}).encode()
    try:
        finished = subprocess.run(
            [sys.executable, "-I", "-c", _CHILD, _ROOT],
            input=header + b"\n" + data,
            capture_output=True,
            timeout=limits.seconds,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise ExtractionError(
            f"took longer than {limits.seconds:g} s to extract, the limit", limit="seconds"
        ) from None
    try:
        answer = json.loads(finished.stdout)
    except ValueError:
        raise ExtractionError(_died(finished, limits), limit="memory_bytes") from None
    if "error" in answer:
        raise ExtractionError(answer["error"], limit=answer["limit"])
    return document_from_dict(answer["document"])


def _died(finished: subprocess.CompletedProcess[bytes], limits: ExtractionLimits) -> str:
    """Why a child gave no answer: past its CPU limit (SIGXCPU) or, every other way it dies
    without a word (an allocation refused inside a C library), past its memory."""
    if finished.returncode == -24:  # SIGXCPU
        return f"took longer than {limits.seconds:g} s of CPU to extract, the limit"
    return (
        f"stopped the extraction (exit status {finished.returncode}); it needs more than "
        f"{limits.memory_bytes // _MEGABYTE:,} MB of memory, the limit, or breaks its reader"
    )


def child_main() -> None:
    """The child's side: limits first, then one file from stdin, one JSON answer to stdout."""
    import resource

    header, _, data = sys.stdin.buffer.read().partition(b"\n")
    request = json.loads(header)
    limits = ExtractionLimits(**request["limits"])
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    cpu = math.ceil(limits.seconds) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    from .formats import extract_document

    answer: dict[str, Any]
    try:
        answer = {
            "document": document_to_dict(extract_document(data, request["media_type"], limits))
        }
    except ExtractionError as exc:
        answer = {"error": exc.message, "limit": exc.limit}
    except MemoryError:
        answer = {
            "error": f"needs more than {limits.memory_bytes // _MEGABYTE:,} MB of memory to "
            "extract, the limit",
            "limit": "memory_bytes",
        }
    sys.stdout.write(json.dumps(answer, ensure_ascii=False))


def document_to_dict(document: Document) -> dict[str, Any]:
    """A document as the child writes it (JSON data); ``document_from_dict`` reads it back.

    >>> one = Document("text/plain", (Paragraph("a b", page=1, page_breaks=(2,)),), pages=2)
    >>> document_from_dict(json.loads(json.dumps(document_to_dict(one)))) == one
    True
    """
    return {
        "media_type": document.media_type,
        "title": document.title,
        "pages": document.pages,
        "paragraphs": [[p.text, p.page, list(p.page_breaks)] for p in document.paragraphs],
        "attachments": [
            {"filename": a.filename, "document": document_to_dict(a.document)}
            for a in document.attachments
        ],
    }


def document_from_dict(data: dict[str, Any]) -> Document:
    return Document(
        data["media_type"],
        tuple(Paragraph(text, page, tuple(breaks)) for text, page, breaks in data["paragraphs"]),
        pages=data["pages"],
        title=data["title"],
        attachments=tuple(
            Attachment(a["filename"], document_from_dict(a["document"]))
            for a in data["attachments"]
        ),
    )
