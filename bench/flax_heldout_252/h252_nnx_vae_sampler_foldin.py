# label: ok
# flax-error: none
# class: 5 the make_rngs factory builds an nnx.Rngs inside the while_loop body from the captured key folded with the batch index; vae.sample draws its latents from it
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import random

while_loop = jax.lax.while_loop


class VAE(nnx.Module):
    def __init__(self, data_dim, latent_dim, *, rngs: nnx.Rngs):
        self.latent_dim = latent_dim
        self.enc = nnx.Linear(data_dim, 2 * latent_dim, rngs=rngs)
        self.dec_hidden = nnx.Linear(latent_dim, 16, rngs=rngs)
        self.dec_out = nnx.Linear(16, data_dim, rngs=rngs)

    def decode(self, z):
        return nnx.sigmoid(self.dec_out(nnx.relu(self.dec_hidden(z))))

    def sample(self, num, rngs: nnx.Rngs):
        z = random.normal(rngs.latent(), (num, self.latent_dim))
        return self.decode(z)


def make_rngs(key):
    return nnx.Rngs(latent=key)


def sample_batches(vae, key, num_batches, batch_size):
    def cond(state):
        i, _ = state
        return i < num_batches

    def body(state):
        i, out = state
        rngs = make_rngs(random.fold_in(key, i))
        return i + 1, out.at[i].set(vae.sample(batch_size, rngs))

    out = jnp.zeros((num_batches, batch_size, vae.dec_out.out_features))
    _, out = while_loop(cond, body, (0, out))
    return out


def main():
    vae = VAE(data_dim=6, latent_dim=2, rngs=nnx.Rngs(params=0))
    return sample_batches(vae, random.key(11), num_batches=4, batch_size=3)
