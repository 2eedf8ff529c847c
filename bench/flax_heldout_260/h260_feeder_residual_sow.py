# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FeederService.rollout reaches the decoder through self.engine.probe, a bound module whose diagnostics collection is mutable
"""Feeder-level load rollout with hidden-state diagnostics for the ops dashboard."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as fnn
from jax.lax import scan


class ResidualDecoder(fnn.Module):
    hidden: int = 12

    @fnn.compact
    def __call__(self, h, temperature):
        z = jnp.concatenate([h, temperature], axis=-1)
        h = fnn.tanh(fnn.Dense(self.hidden, name="mix")(z))
        load = fnn.Dense(1, name="load")(h)
        self.sow("diagnostics", "hidden_norm", jnp.linalg.norm(h, axis=-1))
        return h, load


class DecoderEngine:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.probe = model.bind(variables, mutable=["diagnostics"])


class DashboardFeed:
    def __init__(self):
        self.rows = []

    def publish(self, feeder_id, hidden_norms):
        self.rows.append((feeder_id, float(jnp.mean(hidden_norms)), float(jnp.max(hidden_norms))))


class FeederService:
    def __init__(self, engine: DecoderEngine, feed: DashboardFeed):
        self.engine = engine
        self.feed = feed

    def rollout(self, feeder_id, h0, temperatures):
        def step(h, temp):
            h, load = self.engine.probe(h, temp)
            return h, load[..., 0]

        _, loads = scan(step, h0, temperatures)
        norms = jnp.stack(self.engine.probe.variables["diagnostics"]["hidden_norm"])
        self.feed.publish(feeder_id, norms)
        return loads


def main():
    hidden, horizon, feeders = 12, 6, 4
    temps = 15.0 + 3.0 * jax.random.normal(jax.random.key(3), (horizon, feeders, 1))
    h0 = jnp.zeros((feeders, hidden))
    model = ResidualDecoder(hidden)
    variables = model.init(jax.random.key(0), h0, temps[0])
    service = FeederService(DecoderEngine(model, {"params": variables["params"]}), DashboardFeed())
    jax.block_until_ready(service.rollout("F-112", h0, temps))
    return None
