# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop simulation body appends each expanded latent to a Python list held by a SearchTree object, which summary() stacks after the search
"""MCTS-style planning with an NNX dynamics model: simulations expand latent nodes and back up values."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class PlanConfig:
    obs_dim: int = 6
    latent: int = 12
    num_actions: int = 3
    simulations: int = 6
    c_puct: float = 1.25


class LatentModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.cfg = cfg
        self.represent = nnx.Linear(cfg.obs_dim, cfg.latent, rngs=rngs)
        self.dynamics = nnx.Linear(cfg.latent + cfg.num_actions, cfg.latent, rngs=rngs)
        self.policy = nnx.Linear(cfg.latent, cfg.num_actions, rngs=rngs)
        self.value = nnx.Linear(cfg.latent, 1, rngs=rngs)

    def initial(self, obs):
        return jnp.tanh(self.represent(obs))

    def recurrent(self, latent, action):
        x = jnp.concatenate([latent, jax.nn.one_hot(action, self.cfg.num_actions)], -1)
        nxt = jnp.tanh(self.dynamics(x))
        return nxt, jax.nn.softmax(self.policy(nxt)), self.value(nxt)[0]


class SearchTree:
    def __init__(self, num_actions):
        self.q = jnp.zeros(num_actions)
        self.visits = jnp.zeros(num_actions)
        self.expanded = []

    def record(self, latent):
        self.expanded.append(latent)

    def summary(self):
        return jnp.stack(self.expanded).mean(0)


class Planner:
    def __init__(self, model, cfg):
        self.model, self.cfg = model, cfg

    def _simulate(self, i, stats, root, prior, tree):
        q, visits = stats
        ucb = q + self.cfg.c_puct * prior * jnp.sqrt(visits.sum() + 1) / (1 + visits)
        action = jnp.argmax(ucb)
        latent, _, value = self.model.recurrent(root, action)
        tree.record(latent)
        q = q.at[action].set((q[action] * visits[action] + value) / (visits[action] + 1))
        return q, visits.at[action].add(1.0)

    def plan(self, obs):
        tree = SearchTree(self.cfg.num_actions)
        root = self.model.initial(obs)
        prior = jax.nn.softmax(self.model.policy(root))
        body = lambda i, stats: self._simulate(i, stats, root, prior, tree)
        tree.q, tree.visits = jax.lax.fori_loop(0, self.cfg.simulations, body, (tree.q, tree.visits))
        return tree


def main():
    cfg = PlanConfig()
    planner = Planner(LatentModel(cfg, nnx.Rngs(0)), cfg)
    tree = planner.plan(jax.random.normal(jax.random.key(1), (cfg.obs_dim,)))
    centroid = tree.summary()
    centroid.block_until_ready()
    return None
