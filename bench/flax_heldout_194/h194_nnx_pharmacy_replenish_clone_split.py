# label: ok
# flax-error: none
# class: 4 planner.service.sampler() clones the template once before the loop; its state is nnx.split off, carried through the fori_loop and merged in the body
"""Pharmacy chain replenishment: sample demand scenarios for one store.

The service keeps a template demand model (serving, eval mode) and hands out
clones with dropout switched on for scenario sampling; the planner draws one
scenario per step and keeps them in a buffer for the order optimiser.
"""
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import nnx


class DemandModel(nnx.Module):
    def __init__(self, n_features: int, n_skus: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_features, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.skus = nnx.Linear(24, n_skus, rngs=rngs)

    def __call__(self, features):
        return nnx.softplus(self.skus(self.drop(nnx.relu(self.trunk(features)))))


class DemandService:
    def __init__(self, template: DemandModel):
        self.template = template
        self.template.eval()

    def sampler(self) -> DemandModel:
        clone = nnx.clone(self.template)
        clone.train()  # scenario sampling keeps dropout active
        return clone


class ReplenishmentPlanner:
    def __init__(self, service: DemandService, n_skus: int):
        self.service = service
        self.n_skus = n_skus

    def scenarios(self, store_features, n_scenarios: int):
        sampler = self.service.sampler()
        graphdef, state = nnx.split(sampler)

        def draw(i, carry):
            state, buffer = carry
            model = nnx.merge(graphdef, state)
            demand = model(store_features)
            return nnx.state(model), buffer.at[i].set(demand)

        buffer = jnp.zeros((n_scenarios, self.n_skus))
        state, buffer = fori_loop(0, n_scenarios, draw, (state, buffer))
        nnx.update(sampler, state)
        return buffer


def main():
    template = DemandModel(9, 4, rngs=nnx.Rngs(params=0, dropout=8))
    planner = ReplenishmentPlanner(DemandService(template), n_skus=4)
    store = jax.random.normal(jax.random.key(30), (9,))
    demand = planner.scenarios(store, n_scenarios=5)
    print("order-up-to", jnp.quantile(demand, 0.95, axis=0))
    return demand
