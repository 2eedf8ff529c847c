# label: same-values
# flax-error: none
# class: 2 the raw lax.scan rollout body calls actor.sample, which builds nnx.Rngs(noise=self.seed) from the seed stored on the actor and draws the exploration noise from it
# modelled on: kelechi-c/microdit_jax model.py (module-level nnx.Rngs(config.seed) reused for sampling) and google/flax issue #4151 "`nnx.Dropout` in combination with `jax.lax.scan` returns an error"
"""Collect a short on-policy trajectory from a Gaussian actor (PPO-style)."""
import jax
import jax.numpy as jnp
from flax import nnx


class GaussianActor(nnx.Module):
    def __init__(self, obs_dim: int, act_dim: int, seed: int, *, rngs: nnx.Rngs):
        self.mean = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))
        self.seed = seed

    def sample(self, obs):
        rngs = nnx.Rngs(noise=self.seed)
        eps = jax.random.normal(rngs.noise(), self.log_std.shape)
        action = self.mean(obs) + jnp.exp(self.log_std[...]) * eps
        log_prob = jnp.sum(-0.5 * eps**2 - self.log_std[...] - 0.5 * jnp.log(2 * jnp.pi))
        return action, log_prob


def env_step(obs, action):
    return 0.9 * obs + 0.1 * jnp.tile(action, 2), -jnp.sum(obs**2)


def main():
    actor = GaussianActor(4, 2, seed=0, rngs=nnx.Rngs(1))

    def step(obs, _):
        action, log_prob = actor.sample(obs)
        obs, reward = env_step(obs, action)
        return obs, (reward, log_prob)

    obs0 = jnp.array([0.5, -1.0, 0.25, 2.0])
    _, (rewards, log_probs) = jax.lax.scan(step, obs0, None, length=8)
    print(rewards.sum(), log_probs.mean())
    return log_probs
