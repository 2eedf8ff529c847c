# label: ok
# flax-error: none
# class: 2 fire_schedule keeps the params in a local and the jax.lax.scan body applies the model with the 'thermal' heat state taken from and returned to the carry
"""Pottery kiln controller: predicted chamber temperatures over a firing schedule."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class KilnModel(nn.Module):
    n_zones: int = 3
    decay: float = 0.95

    @nn.compact
    def __call__(self, power):
        heat = self.variable("thermal", "heat", jnp.zeros, (self.n_zones,))
        gain = self.param("gain", nn.initializers.uniform(0.5), (self.n_zones,))
        heat.value = self.decay * heat.value + gain * power
        return 20.0 + 900.0 * jnp.tanh(heat.value.mean())


def fire_schedule(model, variables, powers):
    params = variables["params"]

    def body(carry, p):
        peak, thermal = carry
        temp, updates = model.apply({"params": params, "thermal": thermal}, p, mutable=["thermal"])
        return (jnp.maximum(peak, temp), updates["thermal"]), temp

    (peak, thermal), temps = jax.lax.scan(body, (jnp.zeros(()), variables["thermal"]), powers)
    return peak, temps, thermal


def ramp(hours, hold):
    up = jnp.linspace(0.1, 1.0, hours)
    return jnp.concatenate([up, jnp.full((hold,), 1.0), up[::-1]])


def main():
    model = KilnModel()
    variables = model.init(jax.random.key(0), jnp.zeros(()))
    peak, temps, thermal = fire_schedule(model, variables, ramp(6, 3))
    # resume the cool-down from where the glaze firing ended
    resumed = {"params": variables["params"], "thermal": thermal}
    temp, _ = model.apply(resumed, jnp.zeros(()), mutable=["thermal"])
    _ = float(temp) + float(peak)
    return None
