# label: ok
# flax-error: none
# class: 5 the scan body is jax.checkpoint(functools.partial(self._mc_step, x=x, base=base)); each step folds its index into a dropout key drawn before the loop

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

    def _mc_step(self, carry, i, x, base):
        return carry, self.refine(x, deterministic=False, rng=jax.random.fold_in(base, i))

    def mc_samples(self, x, num_samples):
        base = self.make_rng("dropout")
        step = jax.checkpoint(functools.partial(self._mc_step, x=x, base=base))
        _, samples = jax.lax.scan(step, None, jnp.arange(num_samples))
        return samples


def main():
    model = TiedRefiner()
    x = jnp.linspace(-1.0, 1.0, 6)[None, :]
    variables = model.init(jax.random.key(0), x)
    samples = model.apply(variables, x, 5, method=TiedRefiner.mc_samples,
                          rngs={"dropout": jax.random.key(1)})
    return samples
