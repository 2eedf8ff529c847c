# label: ok
# flax-error: none
# class: 2 tune_rank() creates a StrikeLog local; the while_loop counts strikes in its carry and the count is stored in the log after the loop
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class Rank:
    name: str
    pipes: int
    tolerance_cents: float = 0.5
    max_strikes: int = 8


class StrikeLog(nnx.Module):
    def __init__(self):
        self.strikes = nnx.Variable(jnp.zeros((), jnp.int32))


class PipeTuner(nnx.Module):
    def __init__(self, pipes: int, rngs: nnx.Rngs):
        self.slide = nnx.Linear(pipes, pipes, rngs=rngs)

    def correct(self, cents):
        return cents - 0.6 * cents - 0.05 * jnp.tanh(self.slide(cents))


def tune_rank(tuner: PipeTuner, rank: Rank, cents):
    log = StrikeLog()

    def out_of_tune(state):
        strikes, c = state
        return (strikes < rank.max_strikes) & (jnp.max(jnp.abs(c)) > rank.tolerance_cents)

    def strike(state):
        strikes, c = state
        return strikes + 1, tuner.correct(c)

    strikes, tuned = lax.while_loop(out_of_tune, strike, (log.strikes[...], cents))
    log.strikes[...] = strikes
    return tuned, log


class TuningSession:
    def __init__(self, ranks: list[Rank], seed: int = 1):
        rngs = nnx.Rngs(seed)
        self.ranks = ranks
        self.tuners = {rank.name: PipeTuner(rank.pipes, rngs) for rank in ranks}

    def measure(self, rank: Rank):
        return jnp.linspace(-14.0, 9.0, rank.pipes, dtype=jnp.float32)

    def run(self):
        report = {}
        for rank in self.ranks:
            tuned, log = tune_rank(self.tuners[rank.name], rank, self.measure(rank))
            report[rank.name] = (tuned, log.strikes[...])
        return report


def main():
    session = TuningSession([Rank("open-diapason", 6), Rank("stopped-flute", 4)])
    jax.block_until_ready(session.run())
    return None
