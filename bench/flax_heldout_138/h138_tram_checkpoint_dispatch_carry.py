# label: ok
# flax-error: none
# class: 5 make_dispatch_step() wraps model.apply(..., mutable=["batch_stats"]) in jax.checkpoint and returns the scan step; batch_stats are carried
"""Shift simulation for a tram dispatch centre.

A delay predictor (with batch statistics that track the current shift) is
rolled forward stop by stop; the step is rematerialised to keep memory flat
on long shifts. After the shift the dispatcher logs how the statistics moved.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DelayPredictor(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, stop_features, train: bool = True):
        h = nn.Dense(self.hidden)(stop_features)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]  # minutes late


def make_dispatch_step(model, params, headway: float):
    @jax.checkpoint
    def predict(batch_stats, stop_features):
        delay, updates = model.apply({"params": params, "batch_stats": batch_stats},
                                     stop_features, train=True, mutable=["batch_stats"])
        return delay, updates["batch_stats"]

    def step(carry, _):
        stop_features, batch_stats = carry
        delay, batch_stats = predict(batch_stats, stop_features)
        shifted = stop_features.at[:, 0].add(headway * 0.01 * delay)
        return (shifted, batch_stats), delay.mean()

    return step


class Dispatcher:
    def __init__(self, model: DelayPredictor, variables, headway: float = 0.5):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.headway = headway

    def run_shift(self, stop_features, n_stops: int):
        step = make_dispatch_step(self.model, self.params, self.headway)
        (_, self.batch_stats), delays = jax.lax.scan(
            step, (stop_features, self.batch_stats), None, length=n_stops)
        shift_log = jax.tree.map(jnp.mean, self.batch_stats)
        return delays, shift_log


def main():
    model = DelayPredictor()
    trams = jnp.linspace(-1.0, 1.0, 6 * 3).reshape(6, 3)  # 6 trams, 3 features each
    variables = model.init(jax.random.key(0), trams, train=False)
    Dispatcher(model, variables).run_shift(trams, n_stops=7)
    return None
