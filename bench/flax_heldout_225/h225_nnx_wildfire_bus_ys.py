# label: ok
# flax-error: none
# class: 4 the spread model reaches the scan body through LookoutSimulator.model; per-hour risk leaves as scan ys and is published to TopicBus -> AlertLog / HeatmapObserver after the loop
"""Wildfire lookout (NNX): hourly spread-risk simulation publishing to topic subscribers."""
from collections import defaultdict

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class TopicBus:
    def __init__(self):
        self.handlers = defaultdict(list)

    def on(self, topic):
        def register(handler):
            self.handlers[topic].append(handler)
            return handler
        return register

    def publish(self, topic, value):
        for handler in self.handlers[topic]:
            handler(value)


class AlertLog:
    def __init__(self, threshold):
        self.threshold = threshold
        self.risks = []

    def __call__(self, risk):
        self.risks.append(risk.max())

    def alerts(self):
        return jnp.stack(self.risks) > self.threshold


class HeatmapObserver:
    def __init__(self):
        self.frames = 0

    def __call__(self, risk):
        self.frames += 1


class SpreadModel(nnx.Module):
    def __init__(self, cells: int, rngs: nnx.Rngs):
        self.wind = nnx.Linear(cells + 2, cells, rngs=rngs)

    def __call__(self, fuel, weather):
        return nnx.sigmoid(self.wind(jnp.concatenate([fuel, weather])))


class LookoutSimulator:
    def __init__(self, model: SpreadModel, bus: TopicBus):
        self.model = model
        self.bus = bus

    def run(self, fuel, weather_by_hour):
        def hour(fuel, weather):
            risk = self.model(fuel, weather)
            return fuel * (1.0 - 0.1 * risk), risk

        fuel, risks = jax.lax.scan(hour, fuel, weather_by_hour)
        for risk in risks:
            self.bus.publish("risk.updated", risk)
        return fuel


def main():
    bus = TopicBus()
    log = bus.on("risk.updated")(AlertLog(threshold=0.6))
    bus.on("risk.updated")(HeatmapObserver())
    sim = LookoutSimulator(SpreadModel(cells=9, rngs=nnx.Rngs(5)), bus)
    weather = jnp.stack([jnp.linspace(0.0, 2.0, 12), jnp.linspace(1.0, -1.0, 12)], axis=-1)
    sim.run(jnp.ones((9,)), weather)
    jax.block_until_ready(log.alerts())
    return None
