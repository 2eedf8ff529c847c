# label: ok
# flax-error: none
# class: 2 the Actor draws one key from its nnx.Rngs 'explore' stream per rollout and carries it through the scan, splitting each step
"""Actor/learner/replay split for a continuous-control agent in NNX. The Actor owns the policy
and an nnx.Rngs with an 'explore' stream; a rollout scans the environment and returns the
Gaussian exploration noise that was added to each action (kept by the replay for diagnostics)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Policy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.mu = nnx.Linear(32, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.mu(nnx.relu(self.body(obs))))


class Actor:
    def __init__(self, policy, sigma, seed):
        self.policy = policy
        self.sigma = sigma
        self.rngs = nnx.Rngs(explore=seed)

    def act(self, obs, key):
        mean = self.policy(obs)
        noise = self.sigma * jax.random.normal(key, mean.shape)
        return mean + noise, noise

    def rollout(self, env_step, obs0, horizon):
        key = self.rngs.explore()

        def step(carry, _):
            obs, key = carry
            key, sub = jax.random.split(key)
            action, noise = self.act(obs, sub)
            return (env_step(obs, action), key), noise

        _, noises = lax.scan(step, (obs0, key), None, length=horizon)
        return noises


class Replay:
    def __init__(self):
        self.noise_log = []


def env_step(obs, action):
    return obs + 0.05 * jnp.pad(action, ((0, 0), (0, obs.shape[-1] - action.shape[-1])))


def main():
    actor = Actor(Policy(4, 2, nnx.Rngs(0)), sigma=0.3, seed=5)
    replay = Replay()
    noises = actor.rollout(env_step, jnp.zeros((3, 4)), horizon=6)
    replay.noise_log.append(noises)
    return noises
