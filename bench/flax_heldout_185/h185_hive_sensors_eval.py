# label: ok
# flax-error: none
# class: 4 HiveNet.__call__ runs a while_loop whose body calls self.encoder.encode_hour, which reaches the encoder's BatchNorm; apply(..., train=False) only reads the running batch_stats inside the body
"""Hour-by-hour health scoring of beehives from hive scale, temperature and acoustic sensors."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

SENSORS = 5
HIVES = 8


class SensorEncoder(nn.Module):
    features: int = 12
    train: bool = False

    def setup(self):
        self.norm = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)
        self.proj = nn.Dense(self.features)

    def __call__(self, readings):
        return self.encode_hour(readings)

    def encode_hour(self, readings):
        return nn.swish(self.proj(self.norm(readings)))


class HiveNet(nn.Module):
    train: bool = False

    def setup(self):
        self.encoder = SensorEncoder(train=self.train)
        self.score = nn.Dense(1)

    def __call__(self, hourly, stop_below):
        baseline = self.score(self.encoder(hourly[0])).mean()

        def cond(state):
            hour, health = state
            return (hour < hourly.shape[0]) & (health > stop_below)

        def body(state):
            hour, health = state
            h = self.encoder.encode_hour(hourly[hour])
            return hour + 1, 0.8 * health + 0.2 * jax.nn.sigmoid(self.score(h).mean())

        return lax.while_loop(cond, body, (1, jax.nn.sigmoid(baseline)))


@dataclasses.dataclass
class StatsRegistry:
    """Publishes normalisation statistics to the apiary dashboard."""

    published: dict = dataclasses.field(default_factory=dict)

    def publish(self, name, batch_stats):
        self.published[name] = jax.tree.map(lambda a: float(jnp.mean(a)), batch_stats)


def main():
    hourly = jax.random.uniform(jax.random.key(4), (6, HIVES, SENSORS))
    variables = HiveNet(train=False).init(jax.random.key(0), hourly, 0.1)
    (_, health), state = HiveNet(train=False).apply(variables, hourly, 0.1, mutable=["batch_stats"])
    StatsRegistry().publish("apiary-north", state["batch_stats"])
    return None
