# label: same-values
# flax-error: none
# class: 4 a method runs the raw scan over the step function its caller passes, a functools.partial of a method drawing make_rng
"""Ancestral sampling through a method that scans whatever step function it is given."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

class Sampler(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(2)(x)

    def _noise(self, like):
        return jax.random.normal(self.make_rng("noise"), like.shape)

    def _step(self, x, t, *, scale):
        z = self._noise(x)
        return x + scale * z, z

    def _reverse(self, x_T, step_fn):
        return jax.lax.scan(lambda x, t: step_fn(x, t), x_T, jnp.arange(4))

    def sample(self, x_T):
        return self._reverse(x_T, functools.partial(self._step, scale=0.1))

def main():
    model = Sampler()
    variables = model.init(jax.random.key(0), jnp.ones((3, 2)))
    _, noise = model.apply(variables, jnp.ones((3, 2)), method=Sampler.sample, rngs={"noise": jax.random.key(1)})
    return noise
