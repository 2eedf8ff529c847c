# label: ok
# flax-error: none
# class: 2 the scan body builds nnx.Rngs(augment=fold_in(base, epoch)) from a key local to main and the epoch index
"""Contrastive learning with NNX augmentations, fixed: the Rngs built in every epoch of the
jax.lax.scan is seeded with jax.random.fold_in(base_key, epoch), so each epoch sees new views."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

EPOCHS, N, DIM = 5, 16, 10


class RandomAugment(nnx.Module):
    def __init__(self, strength: float):
        self.strength = strength

    def __call__(self, x, rngs: nnx.Rngs):
        scale = jax.random.uniform(rngs.augment(), (x.shape[0], 1), minval=0.5, maxval=1.5)
        noise = self.strength * jax.random.normal(rngs.augment(), x.shape)
        return x * scale + noise


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 16, rngs=rngs)

    def __call__(self, x):
        z = self.l2(nnx.relu(self.l1(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def info_nce(z1, z2, tau=0.1):
    logits = z1 @ z2.T / tau
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=-1)))


def main():
    data = jax.random.normal(jax.random.PRNGKey(0), (N, DIM))
    augment = RandomAugment(0.2)
    encoder = Encoder(nnx.Rngs(0))
    base_key = jax.random.PRNGKey(0)

    def epoch(carry, e):
        rngs = nnx.Rngs(augment=jax.random.fold_in(base_key, e))
        v1, v2 = augment(data, rngs), augment(data, rngs)
        loss = info_nce(encoder(v1), encoder(v2))
        return carry, {"views": jnp.stack([v1, v2]), "loss": loss}

    _, out = jax.lax.scan(epoch, None, jnp.arange(EPOCHS))
    return out  # leaves have the epoch on the leading axis


if __name__ == "__main__":
    print(main()["loss"])
