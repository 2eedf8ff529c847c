# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the module's __call__ runs the fori_loop and writes its own 'monitor' variable (peak hot-spot) in the body
"""Power transformer thermal monitoring: hot-spot temperature from a load profile (IEC-style
first-order top-oil model) with the peak kept in a 'monitor' collection for the alarm service."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class HotSpotMonitor(nn.Module):
    rated_rise: float = 65.0

    @nn.compact
    def __call__(self, load_profile, ambient):
        peak = self.variable("monitor", "peak_hotspot", lambda: jnp.full((), -273.0))
        log_tau = self.param("log_tau", nn.initializers.constant(jnp.log(12.0)), ())
        gain = nn.Dense(1, name="winding_gain")(load_profile)[:, 0]
        steady_rise = self.rated_rise * jax.nn.softplus(gain)

        def minute(t, top_oil):
            top_oil = top_oil + (steady_rise[t] - top_oil) / jnp.exp(log_tau)
            hotspot = ambient[t] + 1.3 * top_oil
            peak.value = jnp.maximum(peak.value, hotspot)
            return top_oil

        return lax.fori_loop(0, load_profile.shape[0], minute, jnp.zeros(()))


class AlarmService:
    def __init__(self, model, variables, limit=98.0):
        self.model, self.variables, self.limit = model, variables, limit

    def check(self, load_profile, ambient):
        _, updates = self.model.apply(self.variables, load_profile, ambient, mutable=["monitor"])
        self.variables = {**self.variables, **updates}
        return bool(self.variables["monitor"]["peak_hotspot"] > self.limit)


def main():
    load = jax.random.uniform(jax.random.key(0), (48, 3), minval=0.3, maxval=1.2)
    ambient = 20.0 + 5.0 * jnp.sin(jnp.linspace(0.0, 3.14, 48))
    model = HotSpotMonitor()
    variables = model.init(jax.random.key(1), load, ambient)
    service = AlarmService(model, variables)
    service.check(load, ambient)
    return None
