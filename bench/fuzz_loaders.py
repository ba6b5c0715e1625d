"""Loader fuzzing, the long run: the mutations of tests/test_fuzz_loaders.py on the same real seed
files, for minutes, through the ingest's checks and parse workers (per-file time and memory limits).

Every input whose outcome is not a success or a per-file reason (an unexpected error, a crashed
worker, a parse past its limit) is saved under --keep, to be added to tests/regressions/.

    python bench/fuzz_loaders.py --seconds 180 --seed 1 --json /tmp/fuzz_loaders.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest.parsing import ParsePool
from tests.test_fuzz_loaders import MEMORY_MB, make_seeds, mutate, outcome


def run(seconds: float, seed: int, keep: Path, timeout_s: float) -> dict:
    rnd = random.Random(seed)
    work = Path(tempfile.mkdtemp(prefix="kb-fuzz-"))
    seeds = make_seeds(work / "seeds")
    names = sorted(seeds)
    counts: Counter[str] = Counter()
    per_kind: dict[str, Counter[str]] = {}
    reasons: Counter[str] = Counter()
    findings: list[dict] = []
    slowest = 0.0
    started = time.monotonic()
    with ParsePool(workers=1, memory_mb=MEMORY_MB) as pool:
        while time.monotonic() - started < seconds:
            name = rnd.choice(names)
            path = work / f"case{counts.total():06d}{Path(name).suffix}"
            path.write_bytes(mutate(seeds[name], name, rnd))
            began = time.monotonic()
            try:
                status, detail = outcome(pool, path, timeout_s)
            except Exception as exc:  # noqa: BLE001 - an exception escaping is a finding, not the end of the run
                status, detail = "escaped", f"{type(exc).__name__}: {exc}"
            elapsed = time.monotonic() - began
            slowest = max(slowest, elapsed)
            bug = status == "escaped" or (
                status == "error" and any(b in detail for b in ("unexpected error", "crashed", "exited unexpectedly"))
            )
            limit = status == "error" and ("took longer than" in detail or "needed more than" in detail)
            label = "finding" if bug else "limit" if limit else status
            counts[label] += 1
            per_kind.setdefault(Path(name).suffix, Counter())[label] += 1
            if status == "error" and not bug:
                reasons[detail.split(":")[0][:60]] += 1
            if bug or limit:
                keep.mkdir(parents=True, exist_ok=True)
                kept = keep / f"{name}-{counts.total():06d}{Path(name).suffix}"
                kept.write_bytes(path.read_bytes())
                findings.append({"seed": name, "file": str(kept), "outcome": detail, "seconds": round(elapsed, 2)})
            path.unlink()
    total = counts.total()
    return {
        "seconds": round(time.monotonic() - started, 1),
        "seed": seed,
        "inputs": total,
        "per_second": round(total / max(time.monotonic() - started, 1e-9), 2),
        "outcomes": dict(counts),
        "by_kind": {kind: dict(c) for kind, c in sorted(per_kind.items())},
        "top_reasons": reasons.most_common(12),
        "slowest_input_s": round(slowest, 2),
        "findings": findings,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=180, help="how long to fuzz (default 180)")
    parser.add_argument("--seed", type=int, default=1, help="random seed: the same seed replays the same inputs")
    parser.add_argument("--timeout", type=float, default=20, help="per-file parse limit in seconds (default 20)")
    parser.add_argument("--keep", type=Path, default=Path("/tmp/kb-fuzz-findings"), help="where findings are saved")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    result = run(args.seconds, args.seed, args.keep, args.timeout)
    text = json.dumps(result, indent=2, ensure_ascii=False)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
