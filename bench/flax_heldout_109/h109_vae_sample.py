# label: same-values
# flax-error: none
# class: 2 the sampling key is a local of main() read by the while_loop body on every iteration
"""Draw samples from a (freshly initialised) VAE decoder until a buffer is full, using a raw
lax.while_loop as in a rejection-free sampler."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop

LATENT, DATA, N = 2, 6, 5


class VAE(nn.Module):
    def setup(self):
        self.enc = nn.Dense(2 * LATENT)
        self.dec_hidden = nn.Dense(16)
        self.dec_out = nn.Dense(DATA)

    def encode(self, x):
        mean, logvar = jnp.split(self.enc(x), 2, axis=-1)
        return mean, logvar

    def decode(self, z):
        return nn.sigmoid(self.dec_out(nn.relu(self.dec_hidden(z))))

    def __call__(self, x):
        mean, logvar = self.encode(x)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.make_rng("latent"), mean.shape)
        return self.decode(z), mean, logvar


def main():
    vae = VAE()
    x = jnp.ones((1, DATA))
    params = vae.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    key = jax.random.key(2)

    def cond(state):
        i, buf = state
        return i < N

    def body(state):
        i, buf = state
        z = jax.random.normal(key, (LATENT,))
        return i + 1, buf.at[i].set(vae.apply(params, z, method=VAE.decode))

    _, samples = while_loop(cond, body, (0, jnp.zeros((N, DATA))))
    return samples
