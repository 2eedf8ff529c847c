# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 FrostRiskRNN.__call__ runs the scan itself and calls self.sow('intermediates', 'hidden', h) inside the body; the service stacks the sown states
"""Orchard frost alerts: an hourly recurrent model turns station readings (air and leaf
temperature, dew point, wind, cloud cover) into frost risk; the alert service also keeps the
hidden states for its explainability page."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FrostRiskRNN(nn.Module):
    hidden: int = 12

    def setup(self):
        self.cell = nn.Dense(self.hidden)
        self.readout = nn.Dense(1)

    def _step(self, h, x):
        return jnp.tanh(self.cell(jnp.concatenate([x, h], axis=-1)))

    def __call__(self, hours):
        h = self._step(jnp.zeros(hours.shape[1:-1] + (self.hidden,)), hours[0])
        first = self.readout(h)

        def body(h, x):
            h = self._step(h, x)
            self.sow("intermediates", "hidden", h)
            return h, self.readout(h)

        _, risk = jax.lax.scan(body, h, hours[1:])
        return jax.nn.sigmoid(jnp.concatenate([first[None], risk], axis=0)).squeeze(-1)


class FrostAlertService:
    def __init__(self, n_blocks=4, n_features=5, seed=0):
        self.model = FrostRiskRNN()
        dummy = jnp.zeros((3, n_blocks, n_features))
        self.params = self.model.init(jax.random.key(seed), dummy)["params"]

    def overnight(self, hours):
        risk, state = self.model.apply({"params": self.params}, hours, mutable=["intermediates"])
        hidden = jnp.stack(state["intermediates"]["hidden"])
        return risk, hidden

    def alerts(self, hours, threshold=0.6):
        risk, hidden = self.overnight(hours)
        return jnp.any(risk > threshold, axis=0), jnp.linalg.norm(hidden, axis=-1)


def main():
    service = FrostAlertService()
    hours = jax.random.normal(jax.random.key(4), (8, 4, 5))
    alert, saliency = service.alerts(hours)
    jax.block_until_ready((alert, saliency))
    return None
