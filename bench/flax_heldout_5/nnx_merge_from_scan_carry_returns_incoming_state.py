# label: ok
# flax-error: none
# class: 2 NNX dropout model split before a raw lax.scan, its state carried and nnx.merge'd inside the body; the body hands back the incoming State rather than nnx.state(m), yet merge wraps that State's own Variables so the RngCount still advances
"""The functional-API fix for a TraceContextError: nnx.split before the scan, the state
travels in the carry and nnx.merge rebuilds the model inside the body. The body returns
the carry it was given rather than nnx.state(m); because merge reuses the Variable objects
of that State, the dropout rng counter written by the call is still what the next step
sees, and the masks differ from step to step."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyEncoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(nnx.relu(self.fc(x)))


def encode_sequence(model, xs):
    graphdef, state = nnx.split(model)

    def body(state, x):
        m = nnx.merge(graphdef, state)
        y = m(x)
        return state, y

    _, ys = jax.lax.scan(body, state, xs)
    return ys


def main():
    model = NoisyEncoder(rngs=nnx.Rngs(params=0, dropout=1))
    xs = jnp.ones((4, 2, 4))
    ys = encode_sequence(model, xs)
    return ys
