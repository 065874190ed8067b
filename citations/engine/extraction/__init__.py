"""Files to paragraphs: PDF, DOCX, HTML, plain text and e-mail (with its attachments), each
paragraph with its page where the format has pages. Plain Python, like the rest of the engine.

- ``extract_file(data, media_type) -> Document`` (``isolated``): in a child process bounded
  in time and memory; what the worker calls.
- ``extract_document(data, media_type, limits) -> Document`` (``formats``): in this process,
  with the same checks but no bound on a library that loops or grows.
- ``ExtractionError``: a file not extracted, its ``limit`` named when a limit refused it.

Running headers, footers and page numbers are left out of the text (``pages``); a paragraph
that a page break splits is one paragraph whose ``page_breaks`` say where each page begins.
"""

from .formats import SUPPORTED_MEDIA_TYPES, extract_document, media_type_of
from .isolated import extract_file
from .limits import EXTRACTION_LIMITS, ExtractionLimits
from .values import Attachment, Document, ExtractionError, Paragraph

__all__ = [
    "EXTRACTION_LIMITS",
    "SUPPORTED_MEDIA_TYPES",
    "Attachment",
    "Document",
    "ExtractionError",
    "ExtractionLimits",
    "Paragraph",
    "extract_document",
    "extract_file",
    "media_type_of",
]
