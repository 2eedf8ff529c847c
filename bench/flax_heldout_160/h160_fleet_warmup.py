# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RouteEncoder.__call__ runs the scan itself and its Dense cell is first called inside the body, so init creates the parameters inside the scan trace and the WarmupService then applies them
"""Delivery-fleet ETA encoder warmed up at service start.

The encoder folds the stops of a route into a hidden state with a Dense cell declared in
setup. The service initialises the model on a sample route, then runs one warm-up request
so that the first customer request does not pay for compilation.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RouteEncoder(nn.Module):
    hidden: int = 5

    def setup(self):
        self.cell = nn.Dense(self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, stops):
        def body(h, stop):
            h = jnp.tanh(self.cell(jnp.concatenate([h, stop])))
            return h, h

        h0 = jnp.zeros((self.hidden,))
        h, _ = jax.lax.scan(body, h0, stops)
        return self.readout(h).squeeze(-1)


class WarmupService:
    def __init__(self, model: RouteEncoder, sample_route, seed: int = 0):
        self.model = model
        self.variables = model.init(jax.random.key(seed), sample_route)

    def warm_up(self, sample_route):
        return self.model.apply(self.variables, sample_route)

    def eta_minutes(self, route):
        return 30.0 + 10.0 * self.model.apply(self.variables, route)


def main():
    sample = jnp.zeros((4, 3))
    service = WarmupService(RouteEncoder(), sample)
    service.warm_up(sample)
    service.eta_minutes(jax.random.uniform(jax.random.key(1), (6, 3)))
    return None
