"""Generation speed: kb's backend against bare llama-cpp-python on the same prompt, in the same run.

    python bench/generate.py [--model qwen2.5-coder-0.5b] [--repeats 3] [--max-tokens 128]

Prints, as ratios against the bare baseline measured here:
- decode tokens/s, kb / bare (target >= 0.95);
- time to first token, kb / bare prefill of the same prompt (target <= 1.1);
- the KV cache of the fixed prefix (the system rules and, here, the same passages): TTFT of a
  question right after another one (prefix reused) against a cold start (cache cleared).
The prompt is a real one: kb's system template around passages from the sample corpus.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kb.answer.prompting import render_chatml, render_question, render_system  # noqa: E402
from kb.models.chat import GenerationStats, LlamaCppModel, Sampling  # noqa: E402
from kb.models.registry import ModelManager  # noqa: E402
from kb.settings import load_settings  # noqa: E402


def passages() -> list[dict[str, str]]:
    text = (ROOT / "corpora" / "sample" / "engineering-handbook.md").read_text(encoding="utf-8")
    blocks = [b.strip() for b in text.split("\n\n") if len(b.strip()) > 200][:5]
    return [{"n": i, "label": f"engineering-handbook.md · part {i}", "text": b} for i, b in enumerate(blocks, 1)]


REFUSAL = "I cannot answer that from the available documents."


def messages(question: str) -> list[dict[str, str]]:
    """kb's real prompt: the fixed rules, then passages and the question."""
    return [{"role": "system", "content": render_system("en", REFUSAL)},
            {"role": "user", "content": render_question("en", passages(), question)}]


# A question the passages answer at length (one the model refuses would measure a 10-token answer).
LONG_ANSWER = "What do these passages say about code review, deploys and on-call? Explain every rule in detail, citing each."
QUESTIONS = ["How many approvals does a pull request that touches services/ need?",
             "When are production deploys allowed?", "What is shared_buffers set to?"]


def bare_run(llm, prompt: str, max_tokens: int) -> dict[str, float]:
    llm.reset()
    tokens = llm.tokenize(prompt.encode(), add_bos=False, special=True)
    started = time.perf_counter()
    llm.eval(tokens)
    prefill_ms = (time.perf_counter() - started) * 1000
    llm.reset()
    started = time.perf_counter()
    first = None
    count = 0
    stopped = False
    for chunk in llm.create_completion(prompt=prompt, max_tokens=max_tokens, temperature=0.0, top_k=40, top_p=0.9,
                                       repeat_penalty=1.1, seed=42, stream=True, stop=["<|im_end|>"]):
        choice = chunk["choices"][0]
        if choice["text"]:
            count += 1
            if first is None:
                first = time.perf_counter()
        stopped = stopped or choice.get("finish_reason") == "stop"
    end = time.perf_counter()
    steps = count - 1 + stopped  # counted as kb counts them (GenerationStats.decode_steps)
    return {"prefill_ms": prefill_ms, "ttft_ms": (first - started) * 1000, "tokens": count,
            "tokens_per_s": steps / (end - first) if steps > 0 else 0.0}


def kb_run(model: LlamaCppModel, msgs, sampling: Sampling, cold: bool = True) -> GenerationStats:
    if cold:
        model.llm.reset()
    stats = GenerationStats()
    for _ in model.stream(msgs, sampling, stats):
        pass
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="qwen2.5-coder-0.5b")
    parser.add_argument("--repeats", type=int, default=4)
    parser.add_argument("--max-tokens", type=int, default=128)
    parser.add_argument("--n-gpu-layers", type=int, default=None, help="override [llm] n_gpu_layers")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import llama_cpp

    settings = load_settings(ROOT / "settings.toml")
    if args.n_gpu_layers is not None:
        settings = settings.with_overrides(llm={"n_gpu_layers": args.n_gpu_layers})
    manager = ModelManager(settings)
    path = manager.install(args.model)
    spec = manager.spec(args.model)
    model = LlamaCppModel(args.model, path, settings.llm, spec.context_length, render=render_chatml)
    bare = llama_cpp.Llama(model_path=str(path), n_ctx=model.n_ctx, n_gpu_layers=model.offloaded if model.gpu else 0,
                           n_threads=model.threads, n_batch=min(settings.llm.n_batch, model.n_ctx),
                           flash_attn=settings.llm.flash_attn, seed=42, verbose=False)
    sampling = Sampling.from_settings(settings.llm, temperature=0.0, max_tokens=args.max_tokens)
    msgs = messages(LONG_ANSWER)  # decode speed needs an answer that runs to max_tokens
    prompt = render_chatml(msgs)
    kb_runs, bare_runs = [], []
    pair_ratios = []
    for i in range(args.repeats):  # interleaved ABBA, so drift on a shared machine hits both alike
        if i % 2 == 0:
            bare_runs.append(bare_run(bare, prompt, args.max_tokens))
            kb_runs.append(kb_run(model, msgs, sampling))
        else:
            kb_runs.append(kb_run(model, msgs, sampling))
            bare_runs.append(bare_run(bare, prompt, args.max_tokens))
        pair_ratios.append((kb_runs[-1].tokens_per_s or 0) / bare_runs[-1]["tokens_per_s"])
    # KV cache of the fixed prefix: the rules + passages are identical across these questions.
    cold, warm = [], []
    for question in QUESTIONS[1:] * args.repeats:
        cold.append(kb_run(model, messages(question), sampling, cold=True).ttft_ms)
        kb_run(model, messages(QUESTIONS[0]), sampling, cold=True)  # leaves the shared prefix in the cache
        warm.append(kb_run(model, messages(question), sampling, cold=False).ttft_ms)

    def med(values):
        return statistics.median(values)

    result = {
        "model": args.model, "gpu": model.gpu, "gpu_layers": model.offloaded, "threads": model.threads,
        "prompt_tokens": kb_runs[0].prompt_tokens, "max_tokens": args.max_tokens,
        "bare": {"tokens_per_s": round(med([r["tokens_per_s"] for r in bare_runs]), 2),
                 "prefill_ms": round(med([r["prefill_ms"] for r in bare_runs]), 1),
                 "ttft_ms": round(med([r["ttft_ms"] for r in bare_runs]), 1)},
        "kb": {"tokens_per_s": round(med([s.tokens_per_s or 0 for s in kb_runs]), 2),
               "ttft_ms": round(med([s.ttft_ms for s in kb_runs]), 1)},
        "prefix_cache": {"cold_ttft_ms": round(med(cold), 1), "warm_ttft_ms": round(med(warm), 1)},
    }
    result["ratios"] = {
        "tokens_per_s_kb_over_bare": round(result["kb"]["tokens_per_s"] / result["bare"]["tokens_per_s"], 3),
        "tokens_per_s_pairs": [round(r, 3) for r in pair_ratios],
        "ttft_kb_over_bare_prefill": round(result["kb"]["ttft_ms"] / result["bare"]["prefill_ms"], 3),
        "ttft_warm_over_cold": round(result["prefix_cache"]["warm_ttft_ms"] / result["prefix_cache"]["cold_ttft_ms"], 3),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return
    r = result
    print(f"model {r['model']} · {'GPU, ' + str(r['gpu_layers']) + ' layers' if r['gpu'] else 'CPU'} · {r['threads']} threads · "
          f"prompt {r['prompt_tokens']} tokens · {args.repeats} repeats")
    print(f"decode     kb {r['kb']['tokens_per_s']:.1f} tok/s   bare {r['bare']['tokens_per_s']:.1f} tok/s   "
          f"ratio {r['ratios']['tokens_per_s_kb_over_bare']:.3f}  (target >= 0.95; "
          f"run by run {', '.join(f'{x:.2f}' for x in r['ratios']['tokens_per_s_pairs'])})")
    print(f"first tok  kb {r['kb']['ttft_ms']:.0f} ms   bare prefill {r['bare']['prefill_ms']:.0f} ms   "
          f"ratio {r['ratios']['ttft_kb_over_bare_prefill']:.3f}  (target <= 1.1)")
    print(f"prefix KV  cold {r['prefix_cache']['cold_ttft_ms']:.0f} ms   warm {r['prefix_cache']['warm_ttft_ms']:.0f} ms   "
          f"ratio {r['ratios']['ttft_warm_over_cold']:.3f}")
    model.close()
    bare.close()


if __name__ == "__main__":
    main()
