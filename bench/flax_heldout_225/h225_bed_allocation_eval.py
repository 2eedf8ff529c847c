# label: ok
# flax-error: none
# class: 4 the BatchNorm statistics (read only, eval mode) reach the scan body through AllocationService -> WardPlanner -> model.apply with the stored variables
"""Hospital bed allocation: roll ward occupancy forward over the shifts of a day."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class WardConfig:
    n_wards: int = 6
    hidden: int = 16
    n_hospitals: int = 4
    shifts: int = 9
    use_running_average: bool = True  # planning runs the model in eval mode


class OccupancyModel(nn.Module):
    cfg: WardConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.ward_norm = nn.BatchNorm(use_running_average=self.cfg.use_running_average, momentum=0.9)
        self.head = nn.Dense(self.cfg.n_wards)

    def __call__(self, census):
        h = nn.relu(self.ward_norm(self.encoder(census)))
        return nn.softmax(self.head(h), axis=-1)


class WardPlanner:
    """Holds the trained occupancy model and its variables for the planning service."""

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def occupancy_share(self, census):
        return self.model.apply(self.variables, census)


class AllocationService:
    def __init__(self, planner: WardPlanner, cfg: WardConfig):
        self.planner = planner
        self.cfg = cfg

    def roll_forward(self, census, admissions):
        def shift(beds, arrivals):
            share = self.planner.occupancy_share(beds)
            beds = 0.9 * beds + share * arrivals[:, None]
            return beds, share.max(axis=-1)

        return jax.lax.scan(shift, census, admissions)


def build_service(cfg: WardConfig, seed: int = 0) -> AllocationService:
    model = OccupancyModel(cfg)
    census = jnp.ones((cfg.n_hospitals, cfg.n_wards))
    variables = model.init(jax.random.key(seed), census)
    return AllocationService(WardPlanner(model, variables), cfg)


def main():
    cfg = WardConfig()
    service = build_service(cfg)
    census = jnp.linspace(5.0, 20.0, cfg.n_hospitals * cfg.n_wards).reshape(cfg.n_hospitals, cfg.n_wards)
    admissions = jnp.abs(jnp.sin(jnp.arange(cfg.shifts * cfg.n_hospitals, dtype=jnp.float32))).reshape(
        cfg.shifts, cfg.n_hospitals) * 10.0
    beds, peaks = service.roll_forward(census, admissions)
    jax.block_until_ready((beds, peaks))
    return None
