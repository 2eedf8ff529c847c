# label: same-values
# flax-error: none
# class: 1 VitalsMonitor.__call__ runs the scan itself and calls self.make_rng("sensor_noise") inside the body
"""Livestock health monitoring: collar readings per animal, with simulated sensor jitter per tick."""
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

        def tick(fever_score, reading):
            key = self.make_rng("sensor_noise")
            jitter = self.jitter_scale * jax.random.normal(key, reading.shape)
            z = encoder(reading + jitter)
            fever_score = 0.9 * fever_score + 0.1 * jnp.mean(nn.sigmoid(z))
            return fever_score, jitter[0]

        _, jitters = scan(tick, jnp.zeros(()), readings)
        return jitters


def main():
    readings = jax.random.normal(jax.random.key(0), (8, 5, 3))  # ticks, animals, (temp, heart, rumination)
    monitor = VitalsMonitor()
    variables = monitor.init({"params": jax.random.key(1), "sensor_noise": jax.random.key(2)}, readings)
    jitters = monitor.apply(variables, readings, rngs={"sensor_noise": jax.random.key(3)})
    return jitters
