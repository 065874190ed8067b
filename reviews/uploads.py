"""A bundle posted as ``multipart/form-data`` (issue 34): the bundle's JSON in the part
``bundle``, and each file source's bytes in a part of their own, which the source names
instead of giving them in base64: ``"file": {"media_type": "application/pdf", "part":
"lease"}`` with the part ``lease``. The parts become the bundle a JSON post would give (the
bytes in base64), so one contract and one validation serve both; nothing is read here.

The whole request is bounded as a JSON post is (``DATA_UPLOAD_MAX_MEMORY_SIZE``, the body
read before it is parsed), so an upload is never larger than a bundle may be."""

import base64
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.http import HttpRequest
from django.http.multipartparser import MultiPartParserError
from django.utils.datastructures import MultiValueDict

from citations.engine import BundleError
from citations.engine.bundle import decode_bundle

BUNDLE_PART = "bundle"


def bundle_from_upload(request: HttpRequest, *, max_bytes: int) -> dict[str, Any]:
    """The bundle a multipart post carries, its file parts put in its file sources; a
    ``BundleError`` naming what is wrong (a missing or unnamed part, a part no source
    names)."""
    try:
        fields, files = request.POST, request.FILES
    except MultiPartParserError as exc:
        raise BundleError("body", f"not a readable multipart body: {exc}") from None
    if BUNDLE_PART in files:
        text: str | bytes = _part(files, BUNDLE_PART)
    elif BUNDLE_PART in fields:
        text = fields[BUNDLE_PART]
    else:
        raise BundleError(BUNDLE_PART, "the upload has no part 'bundle' holding the bundle's JSON")
    data = decode_bundle(text, max_bytes=max_bytes)
    named: set[str] = set()
    sources = data.get("sources") if isinstance(data, dict) else None
    for index, source in enumerate(sources if isinstance(sources, list) else []):
        file = source.get("file") if isinstance(source, dict) else None
        if not isinstance(file, dict) or "part" not in file:
            continue
        part = file["part"]
        field = f"sources[{index}].file.part"
        if not isinstance(part, str) or part == BUNDLE_PART or part not in files:
            raise BundleError(field, f"names no file part of the upload: {part!r}")
        named.add(part)
        content = base64.b64encode(_part(files, part)).decode("ascii")
        source["file"] = {**{k: v for k, v in file.items() if k != "part"}, "data": content}
    unnamed = sorted(set(files) - named - {BUNDLE_PART})
    if unnamed:
        raise BundleError(unnamed[0], "a file part that no source names (file.part)")
    return data


def _part(files: MultiValueDict[str, UploadedFile], name: str) -> bytes:
    upload = files.get(name)
    if not isinstance(upload, UploadedFile):
        raise BundleError(name, "not a file part")
    return upload.read()
