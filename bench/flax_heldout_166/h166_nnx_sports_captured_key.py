# label: same-values
# flax-error: none
# class: 3 MatchSimulator.key is drawn once from the model's nnx.Rngs 'sim' stream in __init__ and read from self in every fori_loop iteration
"""Sports analytics: Monte-Carlo simulation of a fixture's scoreline from a learned goal-rate model."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SimConfig:
    team_features: int = 10
    hidden: int = 16
    simulations: int = 8


class GoalRateModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.body = nnx.Linear(2 * cfg.team_features, cfg.hidden, rngs=rngs)
        self.rates = nnx.Linear(cfg.hidden, 2, rngs=rngs)
        self.rngs = rngs

    def __call__(self, home, away):
        h = nnx.tanh(self.body(jnp.concatenate([home, away], -1)))
        return jnp.exp(self.rates(h))  # expected goals (home, away)


class MatchSimulator:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model
        self.key = model.rngs.sim()

    def simulate(self, home, away):
        rates = self.model(home, away)

        def one_match(i, scorelines):
            goals = jax.random.poisson(self.key, rates)
            return scorelines.at[i].set(goals)

        start = jnp.zeros((self.cfg.simulations, 2), jnp.int32)
        return jax.lax.fori_loop(0, self.cfg.simulations, one_match, start)


def main():
    cfg = SimConfig()
    model = GoalRateModel(cfg, nnx.Rngs(params=0, sim=4))
    home, away = jax.random.normal(jax.random.key(9), (2, cfg.team_features))
    return MatchSimulator(cfg, model).simulate(home, away)
