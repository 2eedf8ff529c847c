# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TuningService.pool[i] session caches the corrector merged inside the fori_loop body as session.live; the service calls session.live after the loop
"""Pipe organ tuning: a tuning service keeps a pool of sessions, one per organ division; each
session nudges its ranks of pipes towards pitch with a learned corrector."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Passes(nnx.Variable):
    """How many correction passes the corrector has made."""


class PitchCorrector(nnx.Module):
    def __init__(self, pipes, rngs):
        self.detune = nnx.Linear(pipes, pipes, rngs=rngs)
        self.passes = Passes(jnp.zeros((), jnp.int32))

    def __call__(self, cents):
        self.passes[...] = self.passes[...] + 1
        return cents - 0.3 * jnp.tanh(self.detune(cents))


class TuningSession:
    def __init__(self, division, corrector):
        self.division = division
        self.graphdef, self.state = nnx.split(corrector)
        self.live = None

    def tune(self, cents, passes):
        def one_pass(i, carry):
            state, cents = carry
            corrector = nnx.merge(self.graphdef, state)
            cents = corrector(cents)
            self.live = corrector
            return nnx.state(corrector), cents

        self.state, cents = lax.fori_loop(0, passes, one_pass, (self.state, cents))
        return cents


class TuningService:
    def __init__(self, divisions, pipes, seed=0):
        rngs = nnx.Rngs(seed)
        self.pool = [TuningSession(d, PitchCorrector(pipes, rngs)) for d in divisions]

    def tune_all(self, cents, passes=3):
        return {s.division: s.tune(cents, passes) for s in self.pool}

    def check(self, cents):
        return {s.division: s.live(cents) for s in self.pool}


def main():
    service = TuningService(["great", "swell"], pipes=5)
    cents = jnp.array([12.0, -8.0, 3.0, 25.0, -15.0])
    tuned = service.tune_all(cents)
    residual = service.check(tuned["great"])
    print(tuned, residual)
    return None
