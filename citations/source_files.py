"""Reading the sources a bundle gave as files, in the worker, before verification (issue 34).

The web app stores a file source as its bytes and media type, unread (``citations.imports``);
the verification task reads every unread file of its turn with one call to the engine's
extraction (``read_file_sources``: in a child process bounded in time and memory), then
stores what it read in one transaction: each file source's paragraphs and pages, and for an
e-mail a source per attachment with the e-mail as its parent. A file beyond a limit stores
nothing and raises ``SourceFileRefused``, which ends the verification ``failed`` with the
limit named.

Idempotent: a source read once carries ``file_read_at``, so a retried or repeated task finds
nothing left to read and adds no attachment twice; the store runs only while the claim that
read the files is current (the same token check as storing results)."""

from dataclasses import replace

from django.db import transaction
from django.utils import timezone

from citations.engine import Bundle, SourceKind, Turn
from citations.engine import Source as EngineSource
from citations.engine.bundle import BundleError
from citations.engine.extraction.sources import read_file_sources
from citations.engine.types import SourceFile

from .models import Source, Verification, VerificationState


class SourceFileRefused(Exception):
    """A source's file that was not read: unreadable, or beyond an extraction or bundle limit.
    ``field`` names the source (``sources[1].file``); ``limit`` the limit that refused it
    ("" when none did)."""

    def __init__(self, field: str, message: str, *, limit: str = "") -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.limit = limit

    def describe(self) -> str:
        """The failure a reviewer (and the API) reads."""
        beyond = f"is beyond the extraction limit {self.limit!r}: " if self.limit else ""
        return (
            f"a source file was not read: {self.field} {beyond}{self.message}; "
            "nothing was stored of it or verified"
        )


def sources_unread(sources: list[Source]) -> bool:
    """True when some source of the turn is a file the worker has not read yet."""
    return any(source.media_type and source.file_read_at is None for source in sources)


def sources_read_files(
    *, verification_id: int, attempt: int, bundle: Bundle, sources: list[Source]
) -> bool:
    """Read the turn's unread files (``bundle``: the turn as stored, ``sources`` its rows in
    bundle order) and store what they hold, while claim ``attempt`` is current. False when
    the claim is no longer ours (nothing stored); raises ``SourceFileRefused``."""
    unread = {source.key for source in sources if source.media_type and not source.file_read_at}
    files = dict(
        Source.objects.filter(turn_id=sources[0].turn_id, key__in=unread).values_list("key", "file")
    )
    by_key = {source.key: source for source in sources}
    given = replace(
        bundle,
        turn=Turn(
            tuple(
                replace(s, file=SourceFile(by_key[s.id].media_type, bytes(files[s.id] or b"")))
                if s.id in unread
                else s
                for s in bundle.turn.sources
            )
        ),
    )
    try:
        read = read_file_sources(given)
    except BundleError as exc:
        raise SourceFileRefused(
            exc.field, exc.message, limit=getattr(exc.__cause__, "limit", "")
        ) from exc
    now = timezone.now()
    with transaction.atomic():
        # The claim's token, checked and the row locked: a takeover stores, or we do.
        if not (
            Verification.objects.select_for_update()
            .filter(
                pk=verification_id,
                verification_attempts=attempt,
                verification_state=VerificationState.RUNNING,
            )
            .values_list("pk", flat=True)[:1]
        ):
            return False
        for position, source in enumerate(read.turn.sources):
            row = by_key.get(source.id)
            if row is None:  # an e-mail's attachment, new
                parent = by_key[source.parent] if source.parent else None
                by_key[source.id] = Source.objects.create(
                    turn_id=sources[0].turn_id,
                    key=source.id,
                    kind=SourceKind.ATTACHMENT.value,
                    title=source.title[:500],
                    eligible=source.eligible,
                    paragraphs=list(source.paragraphs),
                    pages=_pages(source),
                    position=position,
                    parent=parent,
                    file_read_at=now,
                )
                continue
            changed: dict[str, object] = {"position": position} if row.position != position else {}
            if source.id in unread:
                changed |= {
                    "paragraphs": list(source.paragraphs),
                    "pages": _pages(source),
                    "title": source.title[:500],
                    "file_read_at": now,
                }
            if changed:
                Source.objects.filter(pk=row.pk).update(**changed)
    return True


def _pages(source: EngineSource) -> list[dict[str, object]]:
    return [{"page": p.page, "breaks": list(p.breaks)} for p in source.pages]
