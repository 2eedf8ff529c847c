# label: same-values
# flax-error: none
# class: 3 a MixedPrecisionWrapper forwards an nnx.Rngs to the model's Dropout; the scan body builds that Rngs from the config seed every step
"""Mixed-precision (bfloat16) inference wrapper around an NNX model with dropout, used to draw
stochastic forward passes in a lax.scan; the dropout Rngs is built from the config seed."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclass(frozen=True)
class PrecisionConfig:
    compute_dtype: jnp.dtype = jnp.bfloat16
    seed: int = 0
    num_samples: int = 5


class Net(nnx.Module):
    def __init__(self, din, dout, dtype, *, rngs):
        self.fc1 = nnx.Linear(din, 32, dtype=dtype, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.fc2 = nnx.Linear(32, dout, dtype=dtype, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.fc2(self.drop(nnx.relu(self.fc1(x)), rngs=rngs))


class MixedPrecisionWrapper:
    def __init__(self, model, cfg: PrecisionConfig):
        self.model = model
        self.cfg = cfg

    def __call__(self, x, rngs):
        y = self.model(x.astype(self.cfg.compute_dtype), rngs=rngs)
        return y.astype(jnp.float32)

    def sample(self, x):
        def body(carry, _):
            rngs = nnx.Rngs(dropout=self.cfg.seed)
            return carry, self(x, rngs)

        _, ys = jax.lax.scan(body, None, jnp.arange(self.cfg.num_samples))
        return ys


def main():
    cfg = PrecisionConfig()
    model = Net(6, 3, cfg.compute_dtype, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (4, 6))
    return MixedPrecisionWrapper(model, cfg).sample(x)
