# label: ok
# flax-error: none
# class: 2 the local dropout key of mc_demand is folded with the step index inside the scan body, rngs={'dropout': fold_in(key, i)}
"""Library book demand: the branch planner asks for Monte Carlo dropout draws of next week's
loan demand per branch, to size the interlibrary-transfer buffer from their spread."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ForecastRequest:
    n_branches: int = 4
    n_features: int = 6
    n_draws: int = 8
    seed: int = 11


class DemandNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


def mc_demand(model, variables, week_features, n_draws, seed):
    key = jax.random.key(seed)

    def body(carry, i):
        loans = model.apply(variables, week_features, train=True, rngs={"dropout": jax.random.fold_in(key, i)})
        return carry, loans

    _, draws = scan(body, None, jnp.arange(n_draws))
    return draws


class BranchPlanner:
    def __init__(self, request: ForecastRequest):
        self.request = request
        self.model = DemandNet()
        dummy = jnp.zeros((request.n_branches, request.n_features))
        self.variables = self.model.init(jax.random.key(0), dummy)

    def demand_draws(self, week_features):
        r = self.request
        return mc_demand(self.model, self.variables, week_features, r.n_draws, r.seed)


def main():
    request = ForecastRequest()
    planner = BranchPlanner(request)
    week = jax.random.normal(jax.random.key(5), (request.n_branches, request.n_features))
    return planner.demand_draws(week)
