# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the DemandModel built as a local in plan_branch_stock goes straight into the jax.lax.scan body, which hands it to the nnx.jit-compiled predict_demand helper
"""Weekly loan-demand simulation for a public library branch.

The acquisitions team simulates stock on the shelf over the coming weeks: a demand model
predicts loans per title group from the week's features, and the branch can lend out no more
copies than it has on the shelf. predict_demand is the shared, jitted inference helper.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DemandModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, features):
        return 5.0 * nnx.softplus(self.out(nnx.relu(self.hidden(features))))[..., 0]


@nnx.jit
def predict_demand(model: DemandModel, features):
    return model(features)


@dataclasses.dataclass(frozen=True)
class BranchConfig:
    name: str
    seed: int
    return_rate: float = 0.6


def plan_branch_stock(config: BranchConfig, weekly_features, opening_stock):
    model = DemandModel(nnx.Rngs(config.seed))

    def week(stock, features):
        demand = predict_demand(model, features)
        loans = jnp.minimum(stock, demand)
        stock = stock - loans + config.return_rate * loans
        return stock, loans

    closing, loans = jax.lax.scan(week, opening_stock, weekly_features)
    return closing, loans


def main():
    weeks = jnp.linspace(0.0, 1.0, 8 * 3 * 4).reshape(8, 3, 4)  # 8 weeks, 3 title groups
    plan_branch_stock(BranchConfig("riverside", seed=2), weeks, jnp.array([12.0, 30.0, 7.0]))
    return None
