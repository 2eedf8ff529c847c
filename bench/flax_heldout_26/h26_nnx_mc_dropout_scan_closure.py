# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 NNX model with Dropout (owning an Rngs stream) closed over and called inside the raw lax.scan body
# modelled on: Dropout can yield TraceContextError is nnx.merge(..., copy=False) (google/flax#5050)
"""Monte-Carlo dropout: several stochastic passes over the same input."""
import jax
import jax.numpy as jnp
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.linear1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.3, rngs=rngs)
        self.linear2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.dropout(self.linear1(x)))
        return self.linear2(x)


def mc_predict(model, x, passes):
    def one_pass(carry, _):
        y = model(x)
        return carry + y, y

    total, ys = jax.lax.scan(one_pass, jnp.zeros((x.shape[0], 2)), None, length=passes)
    return total / passes, ys


def main():
    model = MLP(4, 16, 2, rngs=nnx.Rngs(params=0, dropout=1))
    x = jnp.ones((3, 4))
    mean, ys = mc_predict(model, x, passes=5)
    assert mean.shape == (3, 2)
    return ys
