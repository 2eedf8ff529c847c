# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 an EventStore replays events into a PositionProjection whose model.bind(variables, mutable=['ledger']) module writes the ledger inside the scan body
"""Trading back office: an event-sourced position book rebuilt by replaying fill events."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PositionBook(nn.Module):
    n_assets: int = 4

    def setup(self):
        self.fill_head = nn.Dense(self.n_assets)
        self.exposure = self.variable("ledger", "exposure", jnp.zeros, (self.n_assets,))

    def apply_event(self, event):
        fill = self.fill_head(event)
        self.exposure.value = self.exposure.value + fill
        return fill

    def __call__(self, event):
        return self.apply_event(event)


class PositionProjection:
    """State holder the events are replayed into."""

    def __init__(self, model, variables):
        self.book = model.bind(variables, mutable=["ledger"])

    def handle(self, event):
        return self.book.apply_event(event)

    def gross_exposure(self):
        return jnp.sum(jnp.abs(self.book.variables["ledger"]["exposure"]))


@dataclass
class EventStore:
    events: jax.Array

    def replay_into(self, projection):
        def body(notional, event):
            fill = projection.handle(event)
            return notional + jnp.sum(fill), None

        notional, _ = lax.scan(body, jnp.float32(0.0), self.events)
        return notional


def main():
    model = PositionBook()
    events = jax.random.normal(jax.random.key(0), (7, 5))
    variables = model.init(jax.random.key(1), events[0])
    projection = PositionProjection(model, variables)
    store = EventStore(events)
    store.replay_into(projection)
    projection.gross_exposure().block_until_ready()
    return None
