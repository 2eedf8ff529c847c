# label: same-values
# flax-error: none
# class: 4 the augmentation key is reached as trainer.config.aug_key, the model as trainer.model, inside the while_loop body
"""Gaussian-noise augmentation layer; draw a fresh augmented copy of the batch at every step."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class NoiseAugment(nn.Module):
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x):
        noise = jax.random.normal(self.make_rng("augment"), x.shape)
        return x + self.sigma * noise


class Config:
    def __init__(self, aug_key, num_steps):
        self.aug_key = aug_key
        self.num_steps = num_steps


class Trainer:
    def __init__(self, model, config):
        self.model = model
        self.config = config

    def augmented_batches(self, x):
        n = self.config.num_steps
        buf = jnp.zeros((n,) + x.shape)

        def cond(carry):
            return carry[0] < n

        def body(carry):
            i, buf = carry
            xa = self.model.apply({}, x, rngs={"augment": self.config.aug_key})
            return i + 1, buf.at[i].set(xa)

        _, buf = lax.while_loop(cond, body, (0, buf))
        return buf


def main():
    x = jnp.ones((4, 3))
    trainer = Trainer(NoiseAugment(), Config(jax.random.key(7), num_steps=5))
    batches = trainer.augmented_batches(x)
    print(batches.std(axis=0).mean())
    return batches


if __name__ == "__main__":
    main()
