# label: ok
# flax-error: none
# class: 4 the nnx.Rngs built inside the scan body is seeded with jax.random.fold_in(key, t) on the scanned step index
"""Policy-gradient rollout with an NNX Gaussian policy in jax.lax.scan; the
per-step Rngs is seeded from fold_in on the step index."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

HORIZON, OBS, ACT = 8, 3, 2


class GaussianPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(OBS, 32, rngs=rngs)
        self.mu = nnx.Linear(32, ACT, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((ACT,), -0.5))

    def __call__(self, obs, rngs: nnx.Rngs):
        mu = self.mu(nnx.tanh(self.body(obs)))
        eps = jax.random.normal(rngs.sample(), mu.shape)
        return mu + jnp.exp(self.log_std.value) * eps, eps


def main():
    policy = GaussianPolicy(nnx.Rngs(0))
    rollout_key = jax.random.key(7)

    def step(obs, t):
        rngs = nnx.Rngs(sample=jax.random.fold_in(rollout_key, t))
        action, eps = policy(obs, rngs)
        obs = 0.9 * obs + 0.1 * jnp.concatenate([action, action[:1]])
        return obs, eps

    _, noise = lax.scan(step, jnp.ones(OBS), jnp.arange(HORIZON))
    return noise
