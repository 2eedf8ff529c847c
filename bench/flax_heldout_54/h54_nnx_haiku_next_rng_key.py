# label: same-values
# flax-error: none
# class: 2 a key drawn once from the module's nnx.Rngs before the raw lax.scan is reused by the body every step
"""Port of a Haiku exploration policy that called hk.next_rng_key() inside hk.scan. Calling
rngs.explore() in the jax.lax.scan body raised, so the user moved the call above the loop.
Returns the exploration noise, step first."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class GaussianPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.rngs = rngs


def rollout_noise(policy, obs0, steps):
    key = policy.rngs.explore()

    def step(obs, _):
        noise = 0.1 * jax.random.normal(key, (obs.shape[0], 2))
        action = jnp.tanh(policy.mu(obs)) + noise
        return obs + 0.05 * action.sum(-1, keepdims=True), noise

    _, noise = lax.scan(step, obs0, None, length=steps)
    return noise


def main():
    policy = GaussianPolicy(4, 2, nnx.Rngs(params=0, explore=7))
    return rollout_noise(policy, jnp.zeros((3, 4)), 9)
