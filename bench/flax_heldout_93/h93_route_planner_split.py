# label: ok
# flax-error: none
# class: 5 the exploration key from self.make_rng is carried through the raw scan and split each step
"""Logistics route planner: a learned heuristic scores candidate stops, Gumbel noise explores."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class StopHeuristic(nn.Module):
    @nn.compact
    def __call__(self, stop_feats):
        h = nn.relu(nn.Dense(16)(stop_feats))
        return nn.Dense(1)(h)[..., 0]


class RoutePlanner(nn.Module):
    n_steps: int = 6
    temperature: float = 0.5

    def setup(self):
        self.heuristic = StopHeuristic()

    def __call__(self, stop_feats):
        scores = self.heuristic(stop_feats)
        key = self.make_rng("explore")

        def step(carry, _):
            visited, key = carry
            key, sub = jax.random.split(key)
            noise = jax.random.gumbel(sub, scores.shape) * self.temperature
            masked = jnp.where(visited, -jnp.inf, scores + noise)
            nxt = jnp.argmax(masked)
            return (visited.at[nxt].set(True), key), noise

        _, noise = jax.lax.scan(step, (jnp.zeros(scores.shape, bool), key), None, length=self.n_steps)
        return noise


class PlannerService:
    def __init__(self, n_stops=10, feat_dim=5):
        self.model = RoutePlanner()
        self.feats = jax.random.normal(jax.random.key(0), (n_stops, feat_dim))
        self.variables = self.model.init({"params": jax.random.key(1), "explore": jax.random.key(2)}, self.feats)

    def explore(self, seed):
        return self.model.apply(self.variables, self.feats, rngs={"explore": jax.random.key(seed)})


def main():
    return PlannerService().explore(7)
