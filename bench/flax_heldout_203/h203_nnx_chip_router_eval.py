# label: ok
# flax-error: none
# class: 4 the model of a PlacementSession taken from the PlacementService's session pool is switched to eval() and then called inside the scan body
"""Chip placement optimisation service: each tenant session holds a routing-congestion
predictor; a placement request anneals cell swaps scored by the tenant's predictor."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CongestionNet(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, cells):
        return self.head(nnx.relu(self.norm(self.embed(cells)))).squeeze(-1)


@dataclasses.dataclass
class PlacementSession:
    tenant: str
    model: CongestionNet
    temperature: float = 0.5


class PlacementService:
    def __init__(self):
        self.pool: dict[str, PlacementSession] = {}

    def open(self, tenant, features, seed):
        self.pool[tenant] = PlacementSession(tenant, CongestionNet(features, nnx.Rngs(seed)))
        return self.pool[tenant]

    def anneal(self, tenant, cells, swaps):
        session = self.pool[tenant]
        session.model.eval()

        def swap_step(cells, swap):
            congestion = session.model(cells)
            proposal = cells + session.temperature * swap
            better = session.model(proposal).mean() < congestion.mean()
            return jnp.where(better, proposal, cells), congestion.mean()

        return lax.scan(swap_step, cells, swaps)


def main():
    service = PlacementService()
    service.open("tenant-a", features=4, seed=0)
    cells = jax.random.normal(jax.random.key(1), (32, 4))
    swaps = 0.1 * jax.random.normal(jax.random.key(2), (6, 32, 4))
    cells, history = service.anneal("tenant-a", cells, swaps)
    print("congestion", history.shape)
    return None
