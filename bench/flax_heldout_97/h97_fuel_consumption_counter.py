# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 module method writes its own 'stats' variable inside the body of a raw lax.scan
"""Fleet fuel-efficiency optimiser: a learned consumption model rolled over a route."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class ConsumptionModel(nn.Module):
    @nn.compact
    def __call__(self, segments):
        litres = self.variable("stats", "litres_seen", lambda: jnp.zeros(()))
        dense = nn.Dense(1)
        dense(segments[0])

        def segment_step(fuel, seg):
            burn = nn.softplus(dense(seg))[0]
            litres.value = litres.value + burn
            return fuel - burn, burn

        remaining, burns = scan(segment_step, jnp.array(500.0), segments)
        return remaining, burns


class FleetOptimiser:
    def __init__(self):
        self.model = ConsumptionModel()

    def plan(self, route):
        variables = self.model.init(jax.random.PRNGKey(0), route)
        (remaining, _), state = self.model.apply(variables, route, mutable=["stats"])
        return remaining, state["stats"]["litres_seen"]


def main():
    route = jnp.ones((12, 4)) * jnp.array([1.0, 0.5, 0.2, 3.0])
    remaining, litres = FleetOptimiser().plan(route)
    report = jnp.stack([remaining, litres * 1.0])
    report.block_until_ready()
    return None
