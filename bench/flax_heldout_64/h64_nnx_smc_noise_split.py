# label: ok
# flax-error: none
# class: 1 the SMC transition key is drawn from the module's nnx.Rngs once in __call__, split per step and scanned over as xs
import jax
import jax.numpy as jnp
from flax import nnx


class SMCSampler(nnx.Module):
    def __init__(self, d, *, rngs: nnx.Rngs):
        self.drift = nnx.Linear(d, d, rngs=rngs)
        self.log_step = nnx.Param(jnp.full((), -2.0))
        self.rngs = rngs

    def __call__(self, x0, n_steps):
        keys = jax.random.split(self.rngs.noise(), n_steps)
        scale = jnp.exp(self.log_step[...])

        def transition(x, key):
            eps = jax.random.normal(key, x.shape)
            x = x + scale * self.drift(x) + jnp.sqrt(2 * scale) * eps
            return x, eps

        _, noise = jax.lax.scan(transition, x0, keys)
        return noise


def main():
    sampler = SMCSampler(2, rngs=nnx.Rngs(params=0, noise=1))
    noise = sampler(jnp.zeros((16, 2)), 6)
    return noise
