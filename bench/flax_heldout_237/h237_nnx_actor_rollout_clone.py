# label: same-values
# flax-error: none
# class: 4 the actor's "action" stream is reached through runner.learner.agent, which the scan body clones at every step
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class GaussianActor(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.mu = nnx.Linear(obs_dim, act_dim, rngs=rngs)
        self.log_std = nnx.Param(jnp.full((act_dim,), -0.5))
        self.critic = nnx.Linear(obs_dim, 1, rngs=rngs)
        self.rngs = rngs

    def sample(self, obs):
        mean = self.mu(obs)
        eps = jax.random.normal(self.rngs.action(), mean.shape)
        return mean + jnp.exp(self.log_std[...]) * eps, self.critic(obs)[..., 0]


class Learner:
    def __init__(self, agent):
        self.agent = agent


class Runner:
    def __init__(self, learner, horizon):
        self.learner = learner
        self.horizon = horizon

    def rollout(self, obs):
        """Bandit-style rollout: the same observation at every step."""

        def body(t, _):
            agent = nnx.clone(self.learner.agent)
            action, value = agent.sample(obs)
            return t + 1, (action, value)

        _, (actions, values) = lax.scan(body, 0, None, length=self.horizon)
        return actions, values


def main():
    agent = GaussianActor(4, 2, rngs=nnx.Rngs(params=0, action=1))
    runner = Runner(Learner(agent), horizon=5)
    return runner.rollout(jnp.ones((3, 4)))
