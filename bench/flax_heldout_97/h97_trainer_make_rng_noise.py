# label: same-values
# flax-error: none
# class: 1 module method calls self.make_rng inside the raw scan body, traced once for all steps
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

        def step(h, _):
            noise = self.sigma * jax.random.normal(self.make_rng("noise"), h.shape)
            return jnp.tanh(proj(h)) + noise, noise

        _, noises = jax.lax.scan(step, x, None, length=steps)
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
