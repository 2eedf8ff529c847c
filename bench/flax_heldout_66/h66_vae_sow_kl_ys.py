# label: ok
# flax-error: none
# class: 1 the raw scan body returns the per-step KL as ys; self.sow is called once after the loop
"""Iterative-amortised VAE: per-step KL is stacked by jax.lax.scan and sown once after the
loop, as suggested in the answer."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RefiningEncoder(nn.Module):
    latent: int = 4
    steps: int = 3

    @nn.compact
    def __call__(self, x):
        refine = nn.Dense(2 * self.latent, name="refine")
        stats = nn.Dense(2 * self.latent, name="stats")(x)

        def body(stats, _):
            mu, logvar = jnp.split(stats, 2, axis=-1)
            kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, axis=-1).mean()
            return stats + 0.1 * jnp.tanh(stats @ jnp.eye(2 * self.latent)), kl

        stats, kls = jax.lax.scan(body, stats, None, length=self.steps)
        self.sow("intermediates", "kl", kls)
        return refine(stats)


def main():
    enc = RefiningEncoder()
    x = jnp.ones((5, 6))
    params = enc.init(jax.random.key(0), x)["params"]
    out, state = enc.apply({"params": params}, x, mutable=["intermediates"])
    kls = jnp.stack(jax.tree.leaves(state["intermediates"]))
    kls.sum().block_until_ready()
    return None
