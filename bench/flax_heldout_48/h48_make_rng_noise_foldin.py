# label: ok
# flax-error: none
# class: 4 make_rng is called once before the raw scan and the body folds the step index into that key
"""The fix: one make_rng outside the loop and jax.random.fold_in(key, t) per step."""
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
        key = self.make_rng("noise")

        def body(x, t):
            eps = jax.random.normal(jax.random.fold_in(key, t), x.shape)
            x = x - 0.1 * dense(x) + 0.01 * eps
            return x, eps

        x, noise = lax.scan(body, x, jnp.arange(self.steps))
        return noise


def main():
    model = NoisyRefiner()
    x = jnp.ones((2, 4))
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x)
    noise = model.apply(variables, x, rngs={"noise": jax.random.PRNGKey(2)})
    return noise
