# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "lta" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_window_fn returns jax.checkpoint(partial(model.apply, variables)); the scan body calls it and the picker updates its "cache" long-term average
"""Seismic network: a learned STA/LTA phase picker streams over waveform windows."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PhasePicker(nn.Module):
    stations: int = 4
    filters: int = 8
    decay: float = 0.9

    @nn.compact
    def __call__(self, window):
        lta = self.variable("cache", "lta", jnp.ones, (self.stations,))
        energy = jnp.mean(nn.relu(nn.Dense(self.filters)(window)) ** 2, axis=(-1, -2))
        sta_lta = energy / (lta.value + 1e-6)
        lta.value = self.decay * lta.value + (1.0 - self.decay) * energy
        return nn.sigmoid(nn.Dense(1)(sta_lta[:, None]))[:, 0]


def make_window_fn(model: PhasePicker, variables):
    """Memory-bounded window function for long continuous records."""
    return jax.checkpoint(functools.partial(model.apply, variables))


class StreamProcessor:
    def __init__(self, window_fn, threshold: float = 0.7):
        self.window_fn = window_fn
        self.threshold = threshold

    def picks(self, record):
        def window(count, w):
            prob = self.window_fn(w)
            return count + (prob > self.threshold).astype(jnp.int32), prob

        return lax.scan(window, jnp.zeros(record.shape[1], jnp.int32), record)


def main():
    model = PhasePicker()
    record = jax.random.normal(jax.random.key(12), (10, model.stations, 25, 3))
    variables = model.init(jax.random.key(0), record[0])
    counts, probs = StreamProcessor(make_window_fn(model, variables)).picks(record)
    print("picks per station", counts)
