# label: same-values
# flax-error: none
# class: 4 self.make_rng('noise') is called inside a raw lax.scan body in __call__, so the key is drawn once at trace time
"""Langevin-style noisy refinement written as a module; noise is drawn with make_rng in the body."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class NoisyRefiner(nn.Module):
    steps: int = 5

    @nn.compact
    def __call__(self, x):
        dense = nn.Dense(x.shape[-1])
        x = dense(x)

        def body(x, _):
            eps = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x - 0.1 * dense(x) + 0.01 * eps
            return x, eps

        x, noise = lax.scan(body, x, None, length=self.steps)
        return noise


def main():
    model = NoisyRefiner()
    x = jnp.ones((2, 4))
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x)
    noise = model.apply(variables, x, rngs={"noise": jax.random.PRNGKey(2)})
    return noise
