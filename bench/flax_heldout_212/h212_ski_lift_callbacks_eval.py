# label: ok
# flax-error: none
# class: 4 a QueueStatsCallback in the ShiftTrainer's callback list holds model.bind(variables) and calls it with train=False; the scan body runs every callback's on_step
"""Ski-lift queue management: a shift trainer replays turnstile scans per quarter hour and
runs a list of callbacks on every step; one callback estimates queue occupancy per lift."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class QueueOccupancyNet(nn.Module):
    lifts: int

    @nn.compact
    def __call__(self, scans, train: bool):
        h = nn.Dense(10)(scans)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(self.lifts)(nn.relu(h)))


class Callback:
    def on_step(self, step, scans, metrics):
        return metrics


class QueueStatsCallback(Callback):
    def __init__(self, model, variables, train: bool = False):
        self.bound = model.bind(variables)
        self.train = train

    def on_step(self, step, scans, metrics):
        occupancy = self.bound(scans, train=self.train)
        return {**metrics, "occupancy": metrics["occupancy"] + occupancy.mean(0)}


class ThroughputCallback(Callback):
    def on_step(self, step, scans, metrics):
        return {**metrics, "scans": metrics["scans"] + scans.sum()}


class ShiftTrainer:
    def __init__(self, lifts: int, callbacks):
        self.lifts = lifts
        self.callbacks = list(callbacks)

    def replay(self, quarter_hours):
        def step(metrics, scans):
            for callback in self.callbacks:
                metrics = callback.on_step(None, scans, metrics)
            return metrics, None

        init = {"occupancy": jnp.zeros(self.lifts), "scans": jnp.zeros(())}
        metrics, _ = lax.scan(step, init, quarter_hours)
        return metrics


def main():
    lifts = 4
    quarter_hours = jax.random.uniform(jax.random.key(0), (8, 5, 6))
    model = QueueOccupancyNet(lifts)
    variables = model.init(jax.random.key(1), quarter_hours[0], train=False)
    trainer = ShiftTrainer(lifts, [ThroughputCallback(), QueueStatsCallback(model, variables)])
    trainer.replay(quarter_hours)
    return None
