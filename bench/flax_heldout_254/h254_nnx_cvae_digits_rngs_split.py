# label: ok
# flax-error: none
# class: 5 the step made by make_sampling_step builds an nnx.Rngs for vae.sample from one key per round, split from the seed before the loop and scanned as xs
"""Class-conditional VAE: draw several rounds of samples for each class label."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CVAE(nnx.Module):
    def __init__(self, features: int, num_classes: int, latent: int, *, rngs: nnx.Rngs):
        self.label_embed = nnx.Embed(num_classes, 4, rngs=rngs)
        self.encoder = nnx.Linear(features + 4, 2 * latent, rngs=rngs)
        self.dec_hidden = nnx.Linear(latent + 4, 24, rngs=rngs)
        self.dec_out = nnx.Linear(24, features, rngs=rngs)
        self.latent = latent

    def encode(self, x, labels):
        h = jnp.concatenate([x, self.label_embed(labels)], axis=-1)
        return jnp.split(self.encoder(h), 2, axis=-1)

    def decode(self, z, labels):
        h = jnp.concatenate([z, self.label_embed(labels)], axis=-1)
        return nnx.sigmoid(self.dec_out(nnx.relu(self.dec_hidden(h))))

    def sample(self, labels, rngs: nnx.Rngs):
        z = jax.random.normal(rngs.latent(), (labels.shape[0], self.latent))
        return self.decode(z, labels)


def make_sampling_step(vae: CVAE, labels):
    def step(carry, key):
        rngs = nnx.Rngs(latent=key)
        return carry, vae.sample(labels, rngs)

    return step


def sample_rounds(vae, labels, seed, rounds):
    round_keys = jax.random.split(seed, rounds)
    _, images = scan(make_sampling_step(vae, labels), None, round_keys)
    return images


def main():
    vae = CVAE(features=10, num_classes=3, latent=2, rngs=nnx.Rngs(0))
    labels = jnp.arange(3)
    return sample_rounds(vae, labels, jax.random.key(7), rounds=4)


if __name__ == "__main__":
    print(main().shape)
