# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 dispatcher.adapter.module, an nnx.bridge.ToNNX wrapper around the Linen headway model holding its own Rngs, is called inside the scan body through the adapter
"""Tram network: predicts headway adjustments stop by stop along a line."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx


class HeadwayNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, stop_features):
        h = nn.LayerNorm()(nn.Dense(self.hidden)(stop_features))
        return nn.Dense(1)(nn.silu(h)).squeeze(-1)


class LinenToNNXAdapter:
    """Lets services written against the NNX API run legacy Linen models."""

    def __init__(self, linen_module: nn.Module, sample, seed: int = 0):
        self.module = nnx.bridge.ToNNX(linen_module, rngs=nnx.Rngs(seed))
        nnx.bridge.lazy_init(self.module, sample)

    def __call__(self, x):
        return self.module(x)


class TramDispatcher:
    def __init__(self, adapter: LinenToNNXAdapter, base_headway: float = 6.0):
        self.adapter = adapter
        self.base_headway = base_headway

    def plan_line(self, stops):
        def body(delay, stop):
            adjust = self.adapter(stop)
            delay = 0.8 * delay + adjust
            return delay, self.base_headway + delay

        _, headways = jax.lax.scan(body, jnp.zeros(stops.shape[1]), stops)
        return headways


def main():
    stops = jax.random.normal(jax.random.key(0), (14, 5, 6))  # stops x trams x features
    adapter = LinenToNNXAdapter(HeadwayNet(), stops[0], seed=3)
    headways = TramDispatcher(adapter).plan_line(stops)
    print("headways", headways.mean(axis=1))
    return None
