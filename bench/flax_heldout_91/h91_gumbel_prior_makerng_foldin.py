# label: ok
# flax-error: none
# class: 4 self.make_rng('gumbel') is called once before the raw scan and the body folds the step index (scanned over) into that key
"""Discrete VAE with a Gumbel-softmax autoregressive prior (Jang et al. 2017; Maddison et al. 2017):
a GRU walks over the latent positions and samples a relaxed one-hot code at each one."""
import jax
import jax.numpy as jnp
import flax.linen as nn


def gumbel_noise(key, shape):
    u = jax.random.uniform(key, shape, minval=1e-6, maxval=1.0 - 1e-6)
    return -jnp.log(-jnp.log(u))


class GumbelPrior(nn.Module):
    n_latents: int = 6
    n_classes: int = 8
    hidden: int = 32
    tau: float = 0.5

    @nn.compact
    def __call__(self, batch_size):
        cell = nn.GRUCell(self.hidden)
        to_logits = nn.Dense(self.n_classes)
        embed = nn.Dense(self.hidden)
        h0 = jnp.zeros((batch_size, self.hidden))
        base_key = self.make_rng("gumbel")

        def step(h, t):
            logits = to_logits(h)
            g = gumbel_noise(jax.random.fold_in(base_key, t), logits.shape)
            z = jax.nn.softmax((logits + g) / self.tau)
            h, _ = cell(h, embed(z))
            return h, (z, g)

        if self.is_initializing():
            step(h0, 0)
        _, (codes, noise) = jax.lax.scan(step, h0, jnp.arange(self.n_latents))
        return codes, noise


def main():
    model = GumbelPrior()
    variables = model.init({"params": jax.random.PRNGKey(0), "gumbel": jax.random.PRNGKey(1)}, 4)
    codes, noise = model.apply(variables, 4, rngs={"gumbel": jax.random.PRNGKey(2)})
    return noise
