# label: same-values
# flax-error: none
# class: 5 the scan body is jax.checkpoint(functools.partial(self._mc_step, x=x)); refine draws the dropout masks from the module's 'dropout' stream

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class TiedRefiner(nn.Module):
    """A single residual block applied `steps` times (weight tying across depth)."""

    width: int = 6
    steps: int = 3
    rate: float = 0.3

    def setup(self):
        self.block = nn.Dense(self.width)
        self.drop = nn.Dropout(self.rate)

    def refine(self, h, deterministic, rng=None):
        rngs = [None] * self.steps if rng is None else list(jax.random.split(rng, self.steps))
        for r in rngs:
            h = h + nn.tanh(self.block(self.drop(h, deterministic=deterministic, rng=r)))
        return h

    def __call__(self, x):
        return self.refine(x, deterministic=True)

    def _mc_step(self, carry, _, x):
        return carry, self.refine(x, deterministic=False)

    def mc_samples(self, x, num_samples):
        step = jax.checkpoint(functools.partial(self._mc_step, x=x))
        _, samples = jax.lax.scan(step, None, None, length=num_samples)
        return samples


def main():
    model = TiedRefiner()
    x = jnp.linspace(-1.0, 1.0, 6)[None, :]
    variables = model.init(jax.random.key(0), x)
    samples = model.apply(variables, x, 5, method=TiedRefiner.mc_samples,
                          rngs={"dropout": jax.random.key(1)})
    return samples
