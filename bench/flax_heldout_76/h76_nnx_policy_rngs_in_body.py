# label: same-values
# flax-error: none
# class: 5 a fresh nnx.Rngs built inside the scan body from one closed-over key, so its stream restarts every step
"""Policy-gradient rollout with an NNX Gaussian policy in jax.lax.scan.
To avoid mutating the outer Rngs inside the loop, a new nnx.Rngs is built
in the body. Returns the exploration noise of each step."""
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

    def step(obs, _):
        rngs = nnx.Rngs(sample=rollout_key)
        action, eps = policy(obs, rngs)
        obs = 0.9 * obs + 0.1 * jnp.concatenate([action, action[:1]])
        return obs, eps

    _, noise = lax.scan(step, jnp.ones(OBS), None, length=HORIZON)
    return noise
