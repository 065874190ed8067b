"""Hostile-input benchmark (not a test): ``python -m citations.bench_hostile [--timeout S]``.

Each shape of input a security review found costly (issues 13 and 30) is generated at 1x,
2x, 4x and 8x its base size (8x is the audit's size where it gave one) and run in a fresh
process as the app runs it: the request's checks (``load_bundle`` without reading the
response), then the worker's reading, verification and page diffs. The process reports the
time of each part and its peak memory; a process past ``--timeout`` seconds is stopped and
shown as such. The last column is the growth: the time at this size over the time at 1x,
which should stay near the size's factor (8x the input at about 8x the time). Bundles the
limits refuse are shown as refused, with the field, and when: at the request or in the
worker.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Callable

PARAGRAPH = "The tenant pays the rent monthly in advance to the landlord's account."


def _markdown(text: str, paragraphs: list[str] | None = None) -> dict:
    return {
        "bundle_version": 1,
        "id": "hostile",
        "sources": [{"id": "D1", "kind": "document", "paragraphs": paragraphs or [PARAGRAPH]}],
        "response": {"format": "markdown", "text": text},
    }


TEN_MARKS = ('"', "“", "„", "«", "»", "”", "‚", "'", "「", "<q>")
CJK_SENTENCE = "租客每月提前向房东账户支付租金。"  # 16 characters, no spaces


def _sources(text: str, count: int) -> dict:
    data = _markdown(text)
    data["sources"] = [
        {"id": f"D{i}", "kind": "document", "paragraphs": [f"{PARAGRAPH} Clause {i}."]}
        for i in range(count)
    ]
    return data


def _cjk(quotes: int) -> dict:
    """``quotes`` unspaced quotes cited into one paragraph of 200 characters per quote."""
    paragraph = CJK_SENTENCE * (quotes * 200 // len(CJK_SENTENCE))
    text = "".join(f"「{CJK_SENTENCE[:12]}{k % 10}」[D1 ¶1]" for k in range(quotes))
    return _markdown(text, [paragraph])


def _diff_bomb(chars: int) -> dict:
    """An unverified quote of ``chars`` characters, the source's passage with every tenth
    word changed (a claim changed), cited to it."""
    words = [f"clause{k % 97}" for k in range(chars // 9)]
    passage = " ".join(words)
    quoted = " ".join(f"nicht{k}" if k % 10 == 5 else word for k, word in enumerate(words))
    return _markdown(f'"{quoted}" [D1 ¶1]', [passage])


def _json(text: str, path: str = "$.q[*]") -> dict:
    data = _markdown("")
    data["response"] = {"format": "json", "text": text, "quotes": [{"path": path, "text": "t"}]}
    return data


SHAPES: dict[str, tuple[int, Callable[[int], dict]]] = {
    "quotation marks": (5_000, lambda n: _markdown('"' * n)),
    "unclosed <q>": (2_000, lambda n: _markdown("<q>a " * n)),
    "cited quotes on one line": (250, lambda n: _markdown('"pays the rent monthly" [D1 ¶1] ' * n)),
    "table rows": (
        2_000,
        lambda n: _markdown("| Quote | Source |\n|---|---|\n" + '| "pays the rent" | D1 |\n' * n),
    ),
    "block-quote lines": (5_000, lambda n: _markdown("> The tenant pays the rent\n" * n)),
    "JSON keys": (
        2_500,
        lambda n: _json(
            json.dumps({"q": [{"t": "pays the rent"}], **{f"k{i}": i for i in range(n)}})
        ),
    ),
    "JSON nested to the limit": (
        100,
        lambda n: _json(json.dumps({"q": [{"t": "pays the rent", "x": [[[[[[[[1]]]]]]]]}] * n})),
    ),
    "broken JSON": (20_000, lambda n: _json('{"q": [{"t": "pays the rent", ' + '"x": [1, ' * n)),
    # shallow, so within the depth limit: repaired up to 200,000 characters, not read beyond
    "broken JSON, shallow": (
        6_000,
        lambda n: _json('{"q": [' + '{"t": "pays the rent" "x": 1}, ' * n + "]}"),
    ),
    "JSON openings in prose": (20_000, lambda n: _json('Notes: {"a": } ' * n)),
    "unfound quotes, many paragraphs": (
        5_000,
        lambda n: _markdown(
            " ".join(f'"an invented clause number {k} about the fee" [D1]' for k in range(20)),
            [f"Paragraph {i}: {PARAGRAPH}" for i in range(n)],
        ),
    ),
    # issue 30's audit, at 8x: 4,000 numbered references in 87 KB took 32 s to read
    "numbered references": (
        500,
        lambda n: _markdown("".join(f'"the tenant pays the rent {k}"[{k}] ' for k in range(n))),
    ),
    "uncited quotes on one line": (1_000, lambda n: _markdown('"pays the rent monthly" ' * n)),
    "unclosed marks of ten styles": (
        500,
        lambda n: _markdown(("".join(f"{mark}the tenant pays " for mark in TEN_MARKS) + "\n") * n),
    ),
    "uncited quotes x 500 sources": (
        15,
        lambda n: _sources(
            " ".join(f'"an invented clause {k} about the fee"' for k in range(n)), 500
        ),
    ),
    "unspaced CJK quotes, one paragraph": (125, lambda n: _cjk(n)),
    "headings": (
        10_000,
        lambda n: _markdown(
            "".join(
                f"{'#' * (1 + k % 6)} D1 {k}\n" + ('"pays the rent"\n' if k % 8 == 0 else "")
                for k in range(n)
            )
        ),
    ),
    # an unverified quote of 6,200 characters at 1x (49,500 at 8x) whose hint differs in its
    # claim: the page diffed it on every view (414 s); the worker now diffs it once, bounded
    "diff-bomb": (6_200, lambda n: _diff_bomb(n)),
}

_CHILD = """
import json, resource, sys, time
from citations.diffs import quote_page_diff
from citations.engine import BundleError, check_quote_limits, load_bundle, verify_bundle
raw = sys.stdin.buffer.read()
started = time.perf_counter()
worker = 0.0
try:
    bundle = load_bundle(raw, read_response=False)
    request = time.perf_counter() - started
    try:
        check_quote_limits(bundle)
        report = verify_bundle(bundle)
        diffs = [quote_page_diff(result, bundle.turn) for result in report.results]
        outcome = f"{len(report.results)} quotes"
    except BundleError as exc:
        outcome = f"refused in the worker: {exc.field}"
    worker = time.perf_counter() - started - request
except BundleError as exc:
    request = time.perf_counter() - started
    outcome = f"refused at the request: {exc.field}"
print(json.dumps({"request": request, "worker": worker, "outcome": outcome,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _run(raw: bytes, timeout: float) -> dict | None:
    try:
        done = subprocess.run(
            [sys.executable, "-c", _CHILD], input=raw, capture_output=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        return {"seconds": 0.0, "outcome": f"crashed: {done.stderr.decode()[-200:]}", "peak_mib": 0}
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m citations.bench_hostile", description=__doc__)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per process")
    parser.add_argument("shapes", nargs="*", help="only these shapes (default: all)")
    args = parser.parse_args(argv)
    print(
        f"{'shape':36} {'x':>2} {'size':>7} {'bytes':>9} {'request s':>9} {'worker s':>9} "
        f"{'peak MiB':>8} {'growth':>6}  outcome"
    )
    for name, (base, build) in SHAPES.items():
        if args.shapes and name not in args.shapes:
            continue
        first = None
        for times in (1, 2, 4, 8):
            raw = json.dumps(build(base * times)).encode()
            result = _run(raw, args.timeout)
            label = f"{name:36} {times:>2} {base * times:>7} {len(raw):>9}"
            if result is None:
                print(f"{label} {'> ' + str(args.timeout):>19}", flush=True)
                break
            seconds = result["request"] + result["worker"]
            first = first or max(seconds, 1e-3)
            print(
                f"{label} {result['request']:9.3f} {result['worker']:9.3f} "
                f"{result['peak_mib']:8.0f} {seconds / first:6.1f}  {result['outcome']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
