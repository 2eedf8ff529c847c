# label: ok
# flax-error: none
# class: 1 module method draws one key with make_rng, splits it per step and feeds the keys as scan xs
"""Trainer with a noise-injection layer that perturbs a rollout of hidden states."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class NoisyRollout(nn.Module):
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x, steps: int):
        proj = nn.Dense(x.shape[-1])
        proj(x)
        keys = jax.random.split(self.make_rng("noise"), steps)

        def step(h, key):
            noise = self.sigma * jax.random.normal(key, h.shape)
            return jnp.tanh(proj(h)) + noise, noise

        _, noises = jax.lax.scan(step, x, keys)
        return noises


class Trainer:
    def __init__(self, model, seed=0):
        self.model = model
        self.key = jax.random.PRNGKey(seed)

    def init(self, x):
        k1, k2, self.key = jax.random.split(self.key, 3)
        return self.model.init({"params": k1, "noise": k2}, x, 2)

    def rollout_noise(self, variables, x, steps):
        k, self.key = jax.random.split(self.key)
        return self.model.apply(variables, x, steps, rngs={"noise": k})


def main():
    trainer = Trainer(NoisyRollout())
    x = jnp.ones((4,))
    variables = trainer.init(x)
    return trainer.rollout_noise(variables, x, 5)
