# label: ok
# flax-error: none
# class: 4 the fori_loop body folds the departure index into the key kept by self.schedule, which was drawn from the model's rngs
"""Headway simulation for the tram depot's evening timetable: the delay model is sampled for each
departure of a line to see how the headway spreads along the evening."""

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass
class TimetableConfig:
    departures: int = 6
    stop_features: int = 4
    headway_min: float = 7.5
    seed: int = 31


class DelayModel(nnx.Module):
    def __init__(self, cfg: TimetableConfig, rngs: nnx.Rngs):
        self.stops = nnx.Linear(cfg.stop_features, 1, rngs=rngs)
        self.rngs = rngs

    def delay(self, stop_features, key):
        noise = jax.random.gumbel(key, stop_features.shape)
        return nnx.softplus(self.stops(stop_features + 0.2 * noise))[..., 0]


class ScheduleBook:
    def __init__(self, base_key):
        self.base_key = base_key
        self.trips = 0

    def trip_key(self, trip):
        return jax.random.fold_in(self.base_key, self.trips + trip)

    def close_evening(self, departures: int):
        self.trips += departures


class HeadwaySimulator:
    def __init__(self, cfg: TimetableConfig):
        self.cfg = cfg
        self.model = DelayModel(cfg, nnx.Rngs(params=cfg.seed, delay=cfg.seed + 1))
        self.schedule = ScheduleBook(self.model.rngs.delay())

    def evening(self, stop_features):
        def departure(i, headways):
            late = self.model.delay(stop_features, self.schedule.trip_key(i))
            return headways.at[i].set(self.cfg.headway_min + late)

        start = jnp.zeros((self.cfg.departures,))
        headways = lax.fori_loop(0, self.cfg.departures, departure, start)
        self.schedule.close_evening(self.cfg.departures)
        return headways


def line_stop_features(cfg: TimetableConfig):
    return jnp.linspace(-0.5, 0.5, cfg.stop_features)


def main():
    cfg = TimetableConfig()
    return HeadwaySimulator(cfg).evening(line_stop_features(cfg))
