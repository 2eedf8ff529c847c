# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 fire_schedule binds the model to its variables with mutable=['thermal'] in a local, and the jax.lax.scan body calls that bound module, which writes the 'thermal' heat state
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
    bound = model.bind(variables, mutable=["thermal"])

    def body(peak, p):
        temp = bound(p)
        return jnp.maximum(peak, temp), temp

    peak, temps = jax.lax.scan(body, jnp.zeros(()), powers)
    return peak, temps, bound.variables["thermal"]


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
