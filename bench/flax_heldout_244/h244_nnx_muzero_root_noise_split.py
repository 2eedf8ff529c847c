# label: ok
# flax-error: none
# class: 4 the key taken through the Planner's exploration_key property (self.agent.rngs.explore() on the agent's nnx.Rngs) is split per simulation outside the loop and scanned as xs
"""MuZero root exploration: mix Dirichlet noise into the root prior of the search, for each of
several simulations from the same observation."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class SearchConfig:
    num_simulations: int = 6
    dirichlet_alpha: float = 0.3
    exploration_fraction: float = 0.25


class PredictionNet(nnx.Module):
    def __init__(self, obs_dim: int, num_actions: int, *, rngs: nnx.Rngs):
        self.torso = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.policy_head = nnx.Linear(16, num_actions, rngs=rngs)

    def policy_logits(self, obs):
        return self.policy_head(nnx.relu(self.torso(obs)))


class Agent(nnx.Module):
    def __init__(self, obs_dim: int, num_actions: int, *, rngs: nnx.Rngs):
        self.num_actions = num_actions
        self.net = PredictionNet(obs_dim, num_actions, rngs=rngs)
        self.rngs = rngs


class Planner:
    def __init__(self, agent: Agent, config: SearchConfig):
        self.agent = agent
        self.config = config

    @property
    def exploration_key(self):
        return self.agent.rngs.explore()

    def noisy_root_priors(self, obs):
        cfg = self.config
        prior = jax.nn.softmax(self.agent.net.policy_logits(obs))
        alpha = jnp.full((self.agent.num_actions,), cfg.dirichlet_alpha)
        keys = jax.random.split(self.exploration_key, cfg.num_simulations)

        def simulate(_, key):
            noise = jax.random.dirichlet(key, alpha)
            return None, (1 - cfg.exploration_fraction) * prior + cfg.exploration_fraction * noise

        _, priors = jax.lax.scan(simulate, None, keys)
        return priors


def main():
    agent = Agent(obs_dim=5, num_actions=4, rngs=nnx.Rngs(params=0, explore=1))
    planner = Planner(agent, SearchConfig())
    obs = jnp.array([0.1, 0.5, -0.3, 0.8, 0.0])
    return planner.noisy_root_priors(obs)
