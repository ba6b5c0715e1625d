"""Load on the HTTP service, loopback only, bounded in clients and time.

    python bench/load.py [--store bench/.cache/fanoutqa/store] [--search-clients 32] [--duration 300]

Starts `kb serve` (a subprocess, the real app) on a store of ~10k chunks (default: the FanOutQA
Wikipedia corpus that bench/fanoutqa.py builds and `kb ingest --collection fanoutqa` indexed), then
runs at once: N clients searching in a loop (each pausing ~--think-ms between searches, as people
and tools do; a closed loop with no pause measures only queueing on 2 cores), 2 listing documents, and askers that keep one answer generating
the whole time (plus one extra asker, so the queue is exercised). Reports p50/p95/p99 per endpoint,
errors and 503s, and the server's resident memory over the run (it should stay flat).
Targets: 32 search clients, 0 errors, search p95 <= 150 ms while an answer is generated; every
accepted ask completes.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ["capital city population", "river flowing through", "founded in the year", "championship winner",
           "album released by the band", "university located in", "president elected", "novel written by",
           "mountain elevation", "football club stadium", "programming language designed", "ancient empire"]
QUESTIONS = ["Which river flows through the capital?", "Who founded the university?", "When was the club founded?"]


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def threads(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("Threads:"):
            return int(line.split()[1])
    return 0


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", type=Path, default=ROOT / "bench/.cache/fanoutqa/store")
    parser.add_argument("--collection", default="fanoutqa")
    parser.add_argument("--model", default="qwen2.5-coder-0.5b")
    parser.add_argument("--search-clients", type=int, default=32)
    parser.add_argument("--think-ms", type=float, default=1000.0, help="pause of each search client between searches")
    parser.add_argument("--duration", type=float, default=300.0)
    parser.add_argument("--askers", type=int, default=2, help="clients asking questions back to back")
    parser.add_argument("--n-threads", type=int, default=0, help="[llm] n_threads of the server (0: physical cores)")
    parser.add_argument("--generation-nice", type=int, default=10, help="[server] generation_nice of the server")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.store.is_dir():
        sys.exit(f"{args.store} does not exist: run bench/fanoutqa.py and `kb ingest` its corpus first")

    folder = ROOT / "bench" / ".cache" / "load"
    folder.mkdir(parents=True, exist_ok=True)
    settings = folder / "settings.toml"
    settings.write_text(
        f'[store]\npath = "{args.store.resolve()}"\ncollection = "{args.collection}"\n'
        f'[llm]\nmodel = "{args.model}"\nmodels_dir = "{ROOT / ".kb/models"}"\nmax_tokens = 96\nn_threads = {args.n_threads}\n'
        f'[retrieval]\nmin_relevance = -1\n[server]\nport = {args.port}\nqueue_size = 4\ngeneration_nice = {args.generation_nice}\nuploads_dir = "{folder / "uploads"}"\n'
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("KB_")}
    log = open(folder / "server.log", "wb")
    server = subprocess.Popen([sys.executable, "-m", "kb", "--settings", str(settings), "serve"], stdout=log,
                              stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{args.port}"
    try:
        async with httpx.AsyncClient(base_url=url, timeout=300, limits=httpx.Limits(max_connections=200)) as client:
            for _ in range(600):
                try:
                    if (await client.get("/api/health")).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                await asyncio.sleep(0.5)
            health = (await client.get("/api/health")).json()
            latencies: dict[str, list[float]] = {"search": [], "documents": [], "ask": [], "search_during_ask": []}
            counts = {"errors": 0, "rejected_503": 0, "asks_accepted": 0, "asks_completed": 0}
            generating = 0
            deadline = time.perf_counter() + args.duration
            memory: list[tuple[float, float, int]] = []

            async def timed(name: str, call) -> httpx.Response | None:
                started = time.perf_counter()
                try:
                    response = await call()
                except httpx.HTTPError:
                    counts["errors"] += 1
                    return None
                elapsed = (time.perf_counter() - started) * 1000
                if response.status_code == 503:
                    counts["rejected_503"] += 1
                elif response.status_code != 200:
                    counts["errors"] += 1
                else:
                    latencies[name].append(elapsed)
                    if name == "search" and generating:
                        latencies["search_during_ask"].append(elapsed)
                return response

            async def searcher(seed: int) -> None:
                rng = random.Random(seed)
                while time.perf_counter() < deadline:
                    query = " ".join(rng.sample(QUERIES, 2))
                    await timed("search", lambda: client.post("/api/search", json={"query": query, "top_k": 5}))
                    await asyncio.sleep(rng.uniform(0.5, 1.5) * args.think_ms / 1000)

            async def lister() -> None:
                while time.perf_counter() < deadline:
                    await timed("documents", lambda: client.get("/api/documents", params={"limit": 50}))
                    await asyncio.sleep(0.2)

            async def asker(seed: int) -> None:
                nonlocal generating
                rng = random.Random(seed)
                while time.perf_counter() < deadline:
                    generating += 1
                    try:
                        response = await timed("ask", lambda: client.post("/api/ask", json={"question": rng.choice(QUESTIONS)}))
                    finally:
                        generating -= 1
                    if response is not None and response.status_code != 503:
                        counts["asks_accepted"] += 1
                        counts["asks_completed"] += response.status_code == 200
                    elif response is not None:
                        await asyncio.sleep(float(response.headers.get("retry-after", "1")))

            async def sampler() -> None:
                start = time.perf_counter()
                while time.perf_counter() < deadline:
                    memory.append((time.perf_counter() - start, rss_mb(server.pid), threads(server.pid)))
                    await asyncio.sleep(5)

            tasks = [searcher(i) for i in range(args.search_clients)] + [lister(), lister(), sampler()]
            tasks += [asker(i) for i in range(args.askers)]
            await asyncio.gather(*tasks)
    finally:
        server.terminate()
        server.wait(30)
        log.close()

    rss = [m for _, m, _ in memory]
    half = len(rss) // 2
    minutes = {int(t // 60): m for t, m, _ in memory}  # the last sample of each minute
    result = {
        "store_chunks": health.get("chunks"), "search_clients": args.search_clients, "duration_s": args.duration,
        "endpoints": {name: {"requests": len(v), "p50_ms": round(percentile(v, 50), 1), "p95_ms": round(percentile(v, 95), 1),
                             "p99_ms": round(percentile(v, 99), 1)} for name, v in latencies.items()},
        **counts,
        "memory_mb": {"first": round(rss[0], 1) if rss else None, "last": round(rss[-1], 1) if rss else None,
                      "max": round(max(rss), 1) if rss else None,
                      "second_half_growth": round(statistics.fmean(rss[half:]) - statistics.fmean(rss[:half]), 1) if half else None,
                      "by_minute": [round(m, 1) for _, m in sorted(minutes.items())]},
        "server_threads": {"first": memory[0][2] if memory else None, "last": memory[-1][2] if memory else None,
                           "max": max(n for _, _, n in memory) if memory else None},
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"store: {result['store_chunks']} chunks · {args.search_clients} search clients · {args.duration:.0f} s")
    print("| endpoint | requests | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|")
    for name, e in result["endpoints"].items():
        print(f"| {name} | {e['requests']} | {e['p50_ms']} | {e['p95_ms']} | {e['p99_ms']} |")
    print(f"errors {counts['errors']} · 503s {counts['rejected_503']} · asks accepted {counts['asks_accepted']}, "
          f"completed {counts['asks_completed']}")
    print(f"server memory MB: {result['memory_mb']}")
    print(f"server threads: {result['server_threads']}")
    print(f"target: search p95 while generating <= 150 ms: {result['endpoints']['search_during_ask']['p95_ms']} ms")


if __name__ == "__main__":
    asyncio.run(main())
