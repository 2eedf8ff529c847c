# label: ok
# flax-error: none
# class: 4 warehouse.zone(name).chiller.model (method and property chain) is called in the while_loop body after the model was put in evaluation mode
"""Temperature pull-down for a cold-storage warehouse zone after a door-open event."""
from dataclasses import dataclass, field
from typing import Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop


class PullDownModel(nnx.Module):
    def __init__(self, racks: int, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(racks, racks, rngs=rngs)
        self.norm = nnx.BatchNorm(racks, momentum=0.8, rngs=rngs)

    def __call__(self, temps):
        return temps - 0.3 * nnx.sigmoid(self.norm(self.mix(temps)))


class Chiller:
    def __init__(self, racks: int, seed: int):
        self._model = PullDownModel(racks, rngs=nnx.Rngs(seed))

    @property
    def model(self) -> PullDownModel:
        return self._model


@dataclass
class Zone:
    name: str
    racks: int
    setpoint: float
    chiller: Chiller = field(init=False)

    def __post_init__(self):
        self.chiller = Chiller(self.racks, seed=len(self.name))


class Warehouse:
    def __init__(self, zones: Dict[str, Zone]):
        self._zones = zones

    def zone(self, name: str) -> Zone:
        return self._zones[name]


class PullDownService:
    def __init__(self, warehouse: Warehouse, max_rounds: int = 6):
        self.warehouse = warehouse
        self.max_rounds = max_rounds

    def pull_down(self, zone_name: str, temps):
        zone = self.warehouse.zone(zone_name)
        zone.chiller.model.eval()
        setpoint = zone.setpoint

        def warm(state):
            rounds, t = state
            return (rounds < self.max_rounds) & (t.mean() > setpoint)

        def chill(state):
            rounds, t = state
            return rounds + 1, self.warehouse.zone(zone_name).chiller.model(t)

        return while_loop(warm, chill, (jnp.asarray(0), temps))


def main():
    warehouse = Warehouse({"frozen-a": Zone("frozen-a", racks=4, setpoint=-1.8)})
    temps = jnp.full((3, 4), -1.2) + jnp.arange(4.0) * 0.05
    rounds, final = PullDownService(warehouse).pull_down("frozen-a", temps)
    jax.block_until_ready((rounds, final))
    return None
