"""Observation overhead: a scan-heavy program run plain and under `observe_scans()` +
`count_compiles()`, side by side in one process, with the ratio printed.

    python bench/observe.py [--rounds 5] [--json]

Three workloads, each built afresh for every run so that every run pays its own traces and
compiles (JAX's caches are keyed on function objects):

- `compile`: 6 jitted functions, each a scan over a scan (an RNN over sequences of chunks),
  called once: tracing and XLA compiling dominate, which is where observation does its work.
- `steady`: one jitted scan program called 300 times with new values: every call is a cache hit,
  so this measures the per-call cost of counting calls.
- `eager`: un-jitted `lax.scan` called 200 times in a Python loop with the same body: the body
  wrapper must keep hitting JAX's trace and compile caches.
- `calls`: a tiny jitted step called 5000 times (every call a cache hit of a few microseconds):
  the call-heavy case, where the cost of counting each call shows most. Its row also gives the
  overhead per call in microseconds.

Each round runs both variants, in swapped order every other round; the median of each is
reported. Timings are wall-clock
on whatever else the machine is doing, so read the ratios, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

os.environ.setdefault("JAX_PLATFORMS", "cpu")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402

from scanlint.runtime import count_compiles, observe_scans  # noqa: E402

HIDDEN, STEPS, CHUNKS = 16, 12, 4


def make_rnn(scale: float) -> Callable[..., jax.Array]:
    """A fresh jitted RNN: an outer scan over chunks, an inner scan over steps."""

    def cell(h, x):
        h = jnp.tanh(h @ (scale * jnp.eye(HIDDEN)) + x)
        return h, h.sum()

    def chunk(h, xs):
        h, sums = jax.lax.scan(cell, h, xs)
        return h, sums.mean()

    @jax.jit
    def run(h, xs):
        return jax.lax.scan(chunk, h, xs)

    return run


def compile_workload() -> None:
    xs = jnp.ones((CHUNKS, STEPS, HIDDEN))
    for index in range(6):
        jax.block_until_ready(make_rnn(1.0 + index)(jnp.zeros(HIDDEN), xs))


def steady_workload() -> None:
    rnn = make_rnn(0.5)
    h, xs = jnp.zeros(HIDDEN), jnp.ones((CHUNKS, STEPS, HIDDEN))
    for step in range(300):
        h, _ = rnn(h, xs * (step % 7))
    jax.block_until_ready(h)


def eager_workload() -> None:
    def body(c, x):
        return c * 0.5 + x, c

    init, xs = jnp.zeros(HIDDEN), jnp.ones((STEPS, HIDDEN))
    for _ in range(200):
        init, _ = jax.lax.scan(body, init, xs)
    jax.block_until_ready(init)


CHEAP_CALLS = 5000


def calls_workload() -> None:
    step = jax.jit(lambda x, y: x * 0.5 + y)
    x, y = jnp.zeros(4), jnp.ones(4)
    for _ in range(CHEAP_CALLS):
        out = step(x, y)
    jax.block_until_ready(out)


WORKLOADS = {"compile": compile_workload, "steady": steady_workload, "eager": eager_workload, "calls": calls_workload}


def timed(workload: Callable[[], None], observed: bool) -> float:
    with ExitStack() as stack:
        if observed:
            stack.enter_context(count_compiles())
            stack.enter_context(observe_scans())
        start = time.perf_counter()
        workload()
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    options = parser.parse_args()

    for workload in WORKLOADS.values():  # warm up the eager primitives both variants share
        timed(workload, observed=False)
    results = {}
    for name, workload in WORKLOADS.items():
        plain, observed = [], []
        for round_number in range(options.rounds):
            # Swap the order every round so neither variant always runs on a warmer process.
            order = (True, False) if round_number % 2 else (False, True)
            for observed_run in order:
                (observed if observed_run else plain).append(timed(workload, observed=observed_run))
        plain_median, observed_median = statistics.median(plain), statistics.median(observed)
        results[name] = {
            "plain_s": round(plain_median, 4),
            "observed_s": round(observed_median, 4),
            "ratio": round(observed_median / plain_median, 3),
        }
    results["calls"]["overhead_us_per_call"] = round(
        (results["calls"]["observed_s"] - results["calls"]["plain_s"]) / CHEAP_CALLS * 1e6, 2
    )
    total_plain = sum(r["plain_s"] for r in results.values())
    total_observed = sum(r["observed_s"] for r in results.values())
    results["total"] = {
        "plain_s": round(total_plain, 4),
        "observed_s": round(total_observed, 4),
        "ratio": round(total_observed / total_plain, 3),
    }
    if options.json:
        print(json.dumps({"rounds": options.rounds, "results": results}))
        return
    print(f"observation overhead, median of {options.rounds} alternating rounds (jax {jax.__version__}, CPU)")
    print(f"{'workload':<10} {'plain s':>9} {'observed s':>11} {'ratio':>7}")
    for name, row in results.items():
        print(f"{name:<10} {row['plain_s']:>9.4f} {row['observed_s']:>11.4f} {row['ratio']:>7.3f}")
    print(f"calls: {results['calls']['overhead_us_per_call']} us of overhead per cached jitted call")


if __name__ == "__main__":
    main()
