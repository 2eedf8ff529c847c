# label: ok
# flax-error: none
# class: 2 nnx.split before a raw jax.lax.scan, merge in the body, state (with the counter) carried and updated back
"""Positional-encoding RNN with an nnx.Variable step counter; the module is split before the raw
scan, merged in the body, its state returned in the carry and written back with nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx


class Step(nnx.Variable):
    pass


class TimedRNN(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(din, dh, rngs=rngs)
        self.rec = nnx.Linear(dh, dh, use_bias=False, rngs=rngs)
        self.t = Step(jnp.array(0, jnp.int32))

    def __call__(self, h, x):
        phase = jnp.sin(self.t.value.astype(jnp.float32) / 10.0)
        self.t.value = self.t.value + 1
        return jnp.tanh(self.inp(x) + self.rec(h) + phase)


def main():
    model = TimedRNN(3, 8, rngs=nnx.Rngs(0))
    xs = jnp.ones((5, 2, 3))
    graphdef, state = nnx.split(model)

    def body(carry, x):
        h, state = carry
        m = nnx.merge(graphdef, state)
        h = m(h, x)
        return (h, nnx.state(m)), h

    (h, state), hs = jax.lax.scan(body, (jnp.zeros((2, 8)), state), xs)
    nnx.update(model, state)
    print(hs.shape, model.t.value)
    return None
