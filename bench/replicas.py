#!/usr/bin/env python
"""kb replicas on one Chroma server: what sharing the store costs, and how fast a write reaches the
other replicas. The figures of docs/deployment.md.

    .venv/bin/python bench/replicas.py [--corpus DIR] [--searches 200] [--json OUT]

A real `chroma run` server on loopback and two kb hosts in this process, each with its own local
folder (as two machines would have), sharing the real all-MiniLM-L6-v2 model. The corpus (default:
bench/.cache/corpus, which bench/ingest.py builds, else corpora/sample) is ingested through host A,
and also into an embedded store beside it, so one run compares:

1. search     hybrid search latency (top 10, no reranker) on host B over the server, against the
              same search on the embedded store, interleaved query by query; and the query embedded
              plus a bare Chroma query of the server's collection. What the server costs per search (HTTP round trips, the
              change-token read).
2. visibility A writes a new file; B searches for it in a loop. The time from A's ingest returning
              to B's first hit, per mode, repeated; and what B's catch-up (its lexical index
              reading the new document from the server) takes.
3. cold start a third host with an empty local folder opens the collection: the time to its first
              answered search (its lexical index is built from the server's chunks).
4. lease      taking and giving back the writer lease (an ingest of nothing pays it).
5. throughput searches per second on one host from 1, 2 and 4 threads.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.support import ChromaServer  # noqa: E402  (a real `chroma run` on a free port)

QUERIES = [
    "how do I configure the network interface", "apt pinning priority", "what is a virtual package",
    "how to upgrade to a new release", "where are the sources.list entries", "kernel module blacklist",
    "how do I report a bug", "what does dpkg-reconfigure do", "set up a local mirror", "systemd unit file",
    "which file sets the hostname", "how to add a user to a group", "encrypt a partition",
    "the difference between main contrib and non-free", "locale settings", "sudo configuration",
    "backup with rsync", "printer setup", "ssh key authentication", "time synchronisation",
    "release notes", "visitor parking", "deploy on Friday", "export formats", "probation period",
]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def summary_ms(values: list[float]) -> dict[str, float]:
    return {"p50_ms": pct(values, 0.5), "p95_ms": pct(values, 0.95), "mean_ms": round(statistics.fmean(values), 2),
            "n": len(values)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="folder to ingest (default: bench/.cache/corpus, else corpora/sample)")
    parser.add_argument("--searches", type=int, default=200, help="searches per variant in stage 1")
    parser.add_argument("--rounds", type=int, default=5, help="writes timed in stage 2")
    parser.add_argument("--json", type=Path, default=REPO / "bench" / "results" / "replicas.json")
    args = parser.parse_args(argv)

    corpus = args.corpus or (REPO / "bench" / ".cache" / "corpus")
    if not corpus.is_dir():
        corpus = REPO / "corpora" / "sample"
    from kb.models.embedder import open_embedder
    from kb.service import KnowledgeBase
    from kb.settings import load_settings

    work = Path(tempfile.mkdtemp(prefix="kb-replicas-"))
    chroma = ChromaServer(work / "chroma").start()
    results: dict = {"benchmark": "kb replicas", "corpus": str(corpus), "machine": {
        "cpu": platform.processor() or platform.machine(), "cpus": __import__("os").cpu_count()}}
    try:
        def host(name: str, mode: str = "http"):
            environ = {"KB_STORE__PATH": str(work / name), "KB_EMBEDDING__MODEL": "all-MiniLM-L6-v2"}
            if mode == "http":
                environ |= {"KB_STORE__MODE": "http", "KB_STORE__PORT": str(chroma.port)}
            return load_settings(environ=environ)

        settings_a = host("host-a")
        embedder = open_embedder(settings_a.embedding)
        embedder.load()
        a = KnowledgeBase(settings_a, embedder=embedder)
        b = KnowledgeBase(host("host-b"), embedder=embedder)
        local = KnowledgeBase(host("embedded", "embedded"), embedder=embedder)
        started = time.perf_counter()
        report = a.ingest([corpus])
        results["ingest_http_s"] = round(time.perf_counter() - started, 2)
        started = time.perf_counter()
        local.ingest([corpus])
        results["ingest_embedded_s"] = round(time.perf_counter() - started, 2)
        results["chunks"] = a.store.count_chunks()
        results["documents"] = len(a.documents())
        log(f"corpus: {results['documents']} documents, {results['chunks']} chunks; ingest over the server "
            f"{results['ingest_http_s']} s, embedded {results['ingest_embedded_s']} s ({report.files_failed and len(report.files_failed)} failed)")

        # 1. search latency, interleaved
        for kb in (b, local):
            for q in QUERIES[:5]:
                kb.search(q, top_k=10, mode="hybrid", rerank=False)
        bare = b.store._chunks
        times: dict[str, list[float]] = {"replica_over_server": [], "embedded": [], "bare_embed_and_chroma_query_server": []}
        for i in range(args.searches):
            q = QUERIES[i % len(QUERIES)]
            for name, fn in (("replica_over_server", lambda: b.search(q, top_k=10, mode="hybrid", rerank=False)),
                             ("embedded", lambda: local.search(q, top_k=10, mode="hybrid", rerank=False))):
                t = time.perf_counter()
                fn()
                times[name].append(1000 * (time.perf_counter() - t))
            t = time.perf_counter()
            bare.query(query_embeddings=[embedder.embed_query(q)], n_results=10)
            times["bare_embed_and_chroma_query_server"].append(1000 * (time.perf_counter() - t))
        results["search"] = {k: summary_ms(v) for k, v in times.items() if v}
        log("hybrid search: " + ", ".join(f"{k} p50 {v['p50_ms']} / p95 {v['p95_ms']} ms" for k, v in results["search"].items()))

        # 2. visibility of another host's write
        docs = work / "new-docs"
        docs.mkdir()
        delays: dict[str, list[float]] = {"lexical": [], "dense": [], "hybrid": []}
        catch_up = []
        for r in range(args.rounds):
            word = f"zebrafinch{r}"
            (docs / f"note-{r}.md").write_text(f"# Note {r}\n\nThe {word} checklist lives in the operations wiki.\n")
            for mode in delays:
                a.ingest([docs])
                committed = time.perf_counter()
                while time.perf_counter() - committed < 30:
                    hits = b.search(f"{word} checklist operations wiki", top_k=5, mode=mode, rerank=False)
                    if f"note-{r}.md" in [h.source for h in hits]:  # in the top 5 (dense ranks by meaning only)
                        break
                    time.sleep(0.005)
                else:
                    raise RuntimeError(f"host B never found note-{r}.md in mode {mode}")
                delays[mode].append(1000 * (time.perf_counter() - committed))
                (docs / f"note-{r}.md").write_text(f"# Note {r}\n\nThe {word} checklist lives in the operations wiki, v{mode}.\n")
            t = time.perf_counter()
            (docs / f"note-{r}.md").write_text(f"# Note {r}\n\nThe {word} checklist moved to the handbook.\n")
            a.ingest([docs])
            t = time.perf_counter()
            b.store.refresh()
            catch_up.append(1000 * (time.perf_counter() - t))
        results["visibility"] = {f"{k}_first_hit": summary_ms(v) for k, v in delays.items()}
        results["visibility"]["lexical_catch_up_one_document"] = summary_ms(catch_up)
        log("write to first hit on the other replica: " + ", ".join(
            f"{k} p50 {v['p50_ms']} / max {max(delays[k.split('_')[0]]):.0f} ms" for k, v in results["visibility"].items()
            if k.endswith("first_hit")) + f"; catch-up of one document p50 {results['visibility']['lexical_catch_up_one_document']['p50_ms']} ms")

        # 3. cold start of a new replica
        t = time.perf_counter()
        c = KnowledgeBase(host("host-c"), embedder=embedder)
        c.search(QUERIES[0], top_k=10, mode="hybrid", rerank=False)
        results["cold_start_first_search_s"] = round(time.perf_counter() - t, 2)
        results["cold_start_lexical_rows"] = c.store.lexical.count()
        log(f"a new replica's first search (its lexical index built from the server): {results['cold_start_first_search_s']} s "
            f"for {results['cold_start_lexical_rows']} chunks")
        c.close()

        # 4. the lease
        lease = []
        for _ in range(20):
            t = time.perf_counter()
            with b.store.write_lock():
                pass
            lease.append(1000 * (time.perf_counter() - t))
        results["lease_take_and_release"] = summary_ms(lease)
        log(f"lease take + release: p50 {results['lease_take_and_release']['p50_ms']} ms")

        # 5. searches per second from threads
        throughput = {}
        for threads in (1, 2, 4):
            stop, counts = time.perf_counter() + 10, [0] * threads

            def loop(i: int) -> None:
                n = 0
                while time.perf_counter() < stop:
                    b.search(QUERIES[(i * 7 + n) % len(QUERIES)], top_k=10, mode="hybrid", rerank=False)
                    n += 1
                counts[i] = n

            workers = [threading.Thread(target=loop, args=(i,)) for i in range(threads)]
            for w in workers:
                w.start()
            for w in workers:
                w.join()
            throughput[str(threads)] = round(sum(counts) / 10, 1)
        results["searches_per_s_by_threads"] = throughput
        log(f"searches/s on one replica by client threads: {throughput}")
        for kb in (a, b, local):
            kb.close()
    finally:
        chroma.stop()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
