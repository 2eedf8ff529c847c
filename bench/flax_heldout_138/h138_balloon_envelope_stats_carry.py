# label: ok
# flax-error: none
# class: 4 params and batch_stats held by FlightSimulator, reached as Pilot.sim.envelope_step -> sim.model.apply; batch_stats carried through the scan
"""Envelope-temperature rehearsal for a hot-air balloon flight service.

The ground crew replays a planned flight leg by leg; the thermal model keeps
running statistics of the burner readings, which the crew inspects after the
rehearsal to spot sensor drift.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class EnvelopeModel(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, readings, train: bool = True):
        x = nn.Dense(self.hidden, name="burner_proj")(readings)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="thermal_norm")(x)
        return nn.Dense(readings.shape[-1], name="envelope_out")(jnp.tanh(x))


@dataclasses.dataclass(frozen=True)
class FlightConfig:
    n_sensors: int = 4
    batch: int = 6
    legs: int = 5
    blend: float = 0.5


class FlightSimulator:
    """Keeps the thermal model's params and running statistics apart."""

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def envelope_step(self, readings, batch_stats):
        out, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats},
            readings, train=True, mutable=["batch_stats"])
        return out, updates["batch_stats"]


class Pilot:
    def __init__(self, sim: FlightSimulator, cfg: FlightConfig):
        self.sim = sim
        self.cfg = cfg

    def rehearse(self, readings):
        blend = self.cfg.blend

        def leg(carry, _):
            state, stats = carry
            nxt, stats = self.sim.envelope_step(state, stats)
            return (blend * state + (1.0 - blend) * nxt, stats), jnp.mean(nxt)

        (final, stats), temps = jax.lax.scan(
            leg, (readings, self.sim.batch_stats), None, length=self.cfg.legs)
        self.sim.batch_stats = stats
        drift = jnp.mean(stats["thermal_norm"]["mean"])
        return final, temps, drift


def main():
    cfg = FlightConfig()
    model = EnvelopeModel()
    readings = jnp.linspace(0.0, 1.0, cfg.batch * cfg.n_sensors).reshape(cfg.batch, cfg.n_sensors)
    variables = model.init(jax.random.key(0), readings, train=False)
    pilot = Pilot(FlightSimulator(model, variables), cfg)
    pilot.rehearse(readings)
    return None
