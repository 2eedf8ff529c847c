# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the "intermediates" collection returned by model.apply inside the scan body is handed to every callback in Evaluator.callbacks, and a HiddenNormLogger keeps it for its summary after the loop
"""Parcel locker occupancy: an evaluator replays a week of drop-off counts through the
occupancy model; callbacks watch the hidden activations for drift."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class OccupancyNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, dropoffs):
        h = nn.Dense(self.hidden, name="encoder")(dropoffs)
        self.sow("intermediates", "hidden", h)
        return nn.sigmoid(nn.Dense(1, name="head")(nn.tanh(h)))[..., 0]


class Callback:
    def on_step(self, intermediates):
        pass

    def on_end(self):
        return None


class HiddenNormLogger(Callback):
    def __init__(self):
        self.norms = []

    def on_step(self, intermediates):
        self.norms.append(jnp.linalg.norm(intermediates["hidden"][0], axis=-1))

    def on_end(self):
        return jnp.stack(self.norms).mean(0)


class Evaluator:
    def __init__(self, model, variables, callbacks=()):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def run(self, days):
        def body(full, dropoffs):
            occupancy, state = self.model.apply(self.variables, dropoffs, mutable=["intermediates"])
            for cb in self.callbacks:
                cb.on_step(state["intermediates"])
            return full + (occupancy > 0.9).sum(), occupancy

        full_days, _ = jax.lax.scan(body, jnp.zeros((), jnp.int32), days)
        return full_days, [cb.on_end() for cb in self.callbacks]


def main():
    model = OccupancyNet()
    days = jax.random.poisson(jax.random.key(2), 3.0, (7, 6, 4)).astype(jnp.float32)
    variables = model.init(jax.random.key(0), days[0])
    Evaluator(model, {"params": variables["params"]}, [HiddenNormLogger()]).run(days)
    return None
