# label: trace-context
# flax-error: TraceContextError: Cannot mutate HiddenState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a stateful cell held as self.cell keeps its hidden state in an nnx.Variable and is called from the raw scan body
import jax
import jax.numpy as jnp
from flax import nnx


class HiddenState(nnx.Variable):
    pass


class StatefulCell(nnx.Module):
    """Keeps its own hidden state between calls, like a Keras stateful RNN."""

    def __init__(self, din, dh, rngs: nnx.Rngs):
        self.ih = nnx.Linear(din, dh, rngs=rngs)
        self.hh = nnx.Linear(dh, dh, use_bias=False, rngs=rngs)
        self.h = HiddenState(jnp.zeros(dh))

    def __call__(self, x):
        self.h.value = jnp.tanh(self.ih(x) + self.hh(self.h.value))
        return self.h.value


class Encoder(nnx.Module):
    def __init__(self, din, dh, rngs: nnx.Rngs):
        self.cell = StatefulCell(din, dh, rngs)
        self.out = nnx.Linear(dh, 1, rngs=rngs)

    def __call__(self, xs):
        def body(_, x):
            return None, self.cell(x)

        _, hs = jax.lax.scan(body, None, xs)
        return self.out(hs[-1])


def main():
    enc = Encoder(3, 8, nnx.Rngs(0))
    y = enc(jnp.ones((5, 3)))
    return None
