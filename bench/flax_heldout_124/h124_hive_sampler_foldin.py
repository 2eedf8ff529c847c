# label: ok
# flax-error: none
# class: 1 HiveSensorSim.__call__ runs the scan itself; it draws self.make_rng("sensor") once before the loop and folds the minute in inside the body
"""Beehive health monitoring: simulated minute-by-minute sensor readings for one colony."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class HiveSensorSim(nn.Module):
    n_sensors: int = 5
    n_minutes: int = 6
    noise_scale: float = 0.1

    @nn.compact
    def __call__(self, colony_state):
        base = nn.Dense(self.n_sensors, name="readout")(colony_state)

        stream = self.make_rng("sensor")

        def body(carry, minute):
            noise = self.noise_scale * jax.random.normal(jax.random.fold_in(stream, minute), (self.n_sensors,))

            return carry, base + noise

        _, readings = lax.scan(body, None, jnp.arange(self.n_minutes))
        return readings


def main():
    colony_state = jnp.array([0.3, 1.2, -0.4, 0.8])
    sim = HiveSensorSim()
    variables = sim.init({"params": jax.random.key(0), "sensor": jax.random.key(1)}, colony_state)
    readings = sim.apply(variables, colony_state, rngs={"sensor": jax.random.key(2)})
    return readings
