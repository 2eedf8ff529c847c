# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 functools.partial binds the model positionally to the step; the while_loop body is the partial, which runs BatchNorm in training mode
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class Encoder(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(8, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.lin(x)))


def warmup_step(model, data, carry):
    i, acc = carry
    h = model(data[i])
    return i + 1, acc + h.mean()


def main():
    enc = Encoder(nnx.Rngs(0))
    data = jax.random.normal(jax.random.key(1), (5, 16, 8))
    step = partial(warmup_step, enc, data)
    i, acc = while_loop(lambda c: c[0] < data.shape[0], step, (0, 0.0))
    print(acc, enc.norm.mean.value)
    return None
