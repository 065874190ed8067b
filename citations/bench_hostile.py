"""Hostile-input benchmark (not a test): ``python -m citations.bench_hostile [--timeout S]``.

Each shape of input a security review found costly is generated at 1x, 4x and 16x its base
size and verified by the engine in a fresh process, which reports its wall time and peak
memory (a process past ``--timeout`` seconds is stopped and shown as such). Growth should
stay near linear: 16x the input at about 16x the time (x log). Bundles the limits refuse
are shown as refused, with the field.
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
}

_CHILD = """
import json, resource, sys, time
from citations.engine import BundleError, load_bundle, verify_bundle
raw = sys.stdin.buffer.read()
started = time.perf_counter()
try:
    outcome = f"{len(verify_bundle(load_bundle(raw)).results)} quotes"
except BundleError as exc:
    outcome = f"refused: {exc.field}"
print(json.dumps({"seconds": time.perf_counter() - started, "outcome": outcome,
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _run(bundle: dict, timeout: float) -> dict | None:
    raw = json.dumps(bundle).encode()
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
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds per process")
    args = parser.parse_args(argv)
    print(f"{'shape':34} {'size':>8} {'seconds':>9} {'x 1x':>6} {'peak MiB':>9}  outcome")
    for name, (base, build) in SHAPES.items():
        first = None
        for times in (1, 4, 16):
            result = _run(build(base * times), args.timeout)
            if result is None:
                print(f"{name:34} {base * times:>8} {'> ' + str(args.timeout):>9}")
                break
            first = first or max(result["seconds"], 1e-6)
            print(
                f"{name:34} {base * times:>8} {result['seconds']:9.3f} "
                f"{result['seconds'] / first:6.1f} {result['peak_mib']:9.0f}  {result['outcome']}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
