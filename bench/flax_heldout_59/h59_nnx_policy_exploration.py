# label: same-values
# flax-error: none
# class: 3 agent draws one key from its nnx.Rngs noise stream before the scan and the body closes over it for every step's action noise
"""An actor in a learned environment: Gaussian exploration noise on a deterministic NNX policy."""
import jax
import jax.numpy as jnp
from flax import nnx


class Actor(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.net = nnx.Sequential(
            nnx.Linear(obs_dim, 16, rngs=rngs), nnx.tanh, nnx.Linear(16, act_dim, rngs=rngs)
        )

    def __call__(self, obs):
        return jnp.tanh(self.net(obs))


class Agent:
    def __init__(self, actor, rngs: nnx.Rngs, sigma=0.3):
        self.actor = actor
        self.rngs = rngs
        self.sigma = sigma

    def collect(self, obs0, horizon):
        key = self.rngs.noise()

        def body(obs, _):
            action = self.actor(obs)
            noise = self.sigma * jax.random.normal(key, action.shape)
            next_obs = obs * 0.9 + jnp.pad(action + noise, (0, obs.shape[0] - action.shape[0]))
            return next_obs, noise

        _, noise = jax.lax.scan(body, obs0, None, length=horizon)
        return noise


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    agent = Agent(Actor(5, 2, rngs=rngs), rngs)
    return agent.collect(jnp.ones(5), horizon=7)
