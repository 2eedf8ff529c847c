# label: ok
# flax-error: none
# class: 4 MeltRunner -> forecaster.apply_fn / forecaster.params in the scan body; the melt estimates leave the scan as ys and the callback list is fed after the loop
"""Glacier melt-rate forecaster with pluggable run callbacks.

The runner integrates daily degree-day features into a melt estimate and
notifies callbacks (logging, alerting) for every step once the scan has
produced the whole series.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class MeltHead(nn.Module):
    @nn.compact
    def __call__(self, features):
        return nn.softplus(nn.Dense(1)(nn.relu(nn.Dense(12)(features))))[0]


class Callback:
    def on_step(self, step_out):
        pass

    def on_end(self):
        return None


class MeltAlert(Callback):
    def __init__(self, threshold):
        self.threshold = threshold
        self.buffer = []

    def on_step(self, step_out):
        self.buffer.append(step_out)

    def on_end(self):
        melt = jnp.stack(self.buffer)
        return jnp.sum(melt > self.threshold)


class Forecaster:
    def __init__(self, module, params):
        self.apply_fn = module.apply
        self.params = params


class MeltRunner:
    def __init__(self, forecaster, callbacks):
        self.forecaster = forecaster
        self.callbacks = callbacks

    def run(self, days):
        def step(cumulative, features):
            melt = self.forecaster.apply_fn({"params": self.forecaster.params}, features)
            return cumulative + melt, melt

        total, series = lax.scan(step, jnp.zeros(()), days)
        for melt in series:
            for cb in self.callbacks:
                cb.on_step(melt)
        return total, [cb.on_end() for cb in self.callbacks]


def main():
    module = MeltHead()
    days = jax.random.normal(jax.random.key(4), (9, 3))
    params = module.init(jax.random.key(0), days[0])["params"]
    runner = MeltRunner(Forecaster(module, params), [Callback(), MeltAlert(0.7)])
    runner.run(days)
    return None
