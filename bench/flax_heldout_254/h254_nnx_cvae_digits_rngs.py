# label: same-values
# flax-error: none
# class: 5 make_sampling_step closes over the seed key and builds an nnx.Rngs from it inside the scan body for vae.sample
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


def make_sampling_step(vae: CVAE, labels, seed):
    def step(carry, _):
        rngs = nnx.Rngs(latent=seed)
        return carry, vae.sample(labels, rngs)

    return step


def sample_rounds(vae, labels, seed, rounds):
    _, images = scan(make_sampling_step(vae, labels, seed), None, None, length=rounds)
    return images


def main():
    vae = CVAE(features=10, num_classes=3, latent=2, rngs=nnx.Rngs(0))
    labels = jnp.arange(3)
    return sample_rounds(vae, labels, jax.random.key(7), rounds=4)


if __name__ == "__main__":
    print(main().shape)
