# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the closure returned by make_sample_loop draws latents from vae.rngs inside the while_loop body
"""Dense VAE: after training, write out batches of prior samples with a compiled sampling loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class VAE(nnx.Module):
    def __init__(self, features: int, latent: int, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(features, 2 * latent, rngs=rngs)
        self.dec_hidden = nnx.Linear(latent, 32, rngs=rngs)
        self.dec_out = nnx.Linear(32, features, rngs=rngs)
        self.features = features
        self.latent = latent
        self.rngs = rngs

    def __call__(self, x):
        mean, logvar = jnp.split(self.encoder(x), 2, axis=-1)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.rngs.latent(), mean.shape)
        return self.decode_logits(z), mean, logvar

    def decode_logits(self, z):
        return self.dec_out(nnx.relu(self.dec_hidden(z)))

    def sample_latent(self, n, key=None):
        if key is None:
            key = self.rngs.latent()
        return jax.random.normal(key, (n, self.latent))

    def generate(self, n, key=None):
        return nnx.sigmoid(self.decode_logits(self.sample_latent(n, key)))


def make_sample_loop(vae: VAE, num_batches: int, batch_size: int):
    def not_done(state):
        return state[0] < num_batches

    def write_batch(state):
        i, images = state
        return i + 1, images.at[i].set(vae.generate(batch_size))

    def run():
        images = jnp.zeros((num_batches, batch_size, vae.features))
        _, images = while_loop(not_done, write_batch, (0, images))
        return images

    return run


def main():
    vae = VAE(12, 3, rngs=nnx.Rngs(params=0, latent=1))
    x = (jax.random.uniform(jax.random.key(2), (4, 12)) > 0.5).astype(jnp.float32)
    recon, _, _ = vae(x)
    jax.block_until_ready(recon)
    sample_loop = make_sample_loop(vae, num_batches=5, batch_size=3)
    return sample_loop()


if __name__ == "__main__":
    print(main().shape)
