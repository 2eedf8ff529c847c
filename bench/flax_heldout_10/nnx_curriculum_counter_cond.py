# label: trace-context
# flax-error: TraceContextError: Cannot mutate StepCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 lax.cond branch method self._long writes a StepCount Variable inside the raw fori_loop body
"""Curriculum RNN (NNX): a step counter is bumped only in the 'long horizon' cond branch of the loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class StepCount(nnx.Variable):
    pass


class CurriculumRNN(nnx.Module):
    def __init__(self, d, rngs):
        self.cell = nnx.SimpleCell(d, d, rngs=rngs)
        self.long_steps = StepCount(jnp.zeros((), jnp.int32))
        self.threshold = 3

    def _short(self, h, x):
        return self.cell(h, x)[0]

    def _long(self, h, x):
        self.long_steps.value = self.long_steps.value + 1
        return self.cell(h, x)[0]

    def run(self, xs):
        def body(i, h):
            return lax.cond(i >= self.threshold, self._long, self._short, h, xs[i])

        return lax.fori_loop(0, xs.shape[0], body, jnp.zeros(xs.shape[1:]))


def make_batch(key, length, batch=2, d=4):
    return jax.random.normal(key, (length, batch, d))


def curriculum(model, key, lengths=(6,)):
    outs = []
    for n in lengths:
        key, sub = jax.random.split(key)
        outs.append(model.run(make_batch(sub, n)))
    return outs


def main():
    model = CurriculumRNN(4, nnx.Rngs(0))
    hs = curriculum(model, jax.random.key(1))
    return None
