# label: ok
# flax-error: none
# class: 1 VitalsMonitor.__call__ runs the scan itself; the key from self.make_rng("sensor_noise") is drawn once and folded with the tick index in the body
"""Livestock health monitoring: collar readings per animal, with simulated sensor jitter per tick.

One key is drawn before the loop and jax.random.fold_in gives each tick its own key.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class VitalsMonitor(nn.Module):
    features: int = 4
    jitter_scale: float = 0.1

    @nn.compact
    def __call__(self, readings):  # readings: (ticks, herd, channels)
        encoder = nn.Dense(self.features, name="encoder")
        encoder(readings[0])  # create the parameters outside the loop
        base_key = self.make_rng("sensor_noise")

        def tick(fever_score, inputs):
            reading, t = inputs
            key = jax.random.fold_in(base_key, t)
            jitter = self.jitter_scale * jax.random.normal(key, reading.shape)
            z = encoder(reading + jitter)
            fever_score = 0.9 * fever_score + 0.1 * jnp.mean(nn.sigmoid(z))
            return fever_score, jitter[0]

        ticks = jnp.arange(readings.shape[0])
        _, jitters = scan(tick, jnp.zeros(()), (readings, ticks))
        return jitters


def main():
    readings = jax.random.normal(jax.random.key(0), (8, 5, 3))  # ticks, animals, (temp, heart, rumination)
    monitor = VitalsMonitor()
    variables = monitor.init({"params": jax.random.key(1), "sensor_noise": jax.random.key(2)}, readings)
    jitters = monitor.apply(variables, readings, rngs={"sensor_noise": jax.random.key(3)})
    return jitters
