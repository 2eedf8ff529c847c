# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 warm_up_stats hands its local bundle, the dict load_bundle returns, into the while_loop body, which stores the merged model under bundle["live"]
"""Van-load normalizer warm-up for the postal sorting centre's dispatch forecaster."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class VanLoadNet(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, sacks, *, train: bool = True):
        hidden = self.norm(self.embed(sacks), use_running_average=not train)
        return self.head(nnx.relu(hidden)).squeeze(-1)


def load_bundle(features: int = 4, seed: int = 5):
    graphdef, params, stats = nnx.split(VanLoadNet(features, nnx.Rngs(seed)), nnx.Param, nnx.BatchStat)
    return {"graphdef": graphdef, "params": params, "stats": stats, "live": None}


def warm_up_stats(bundle, loads):
    def pending(state):
        i, _ = state
        return i < loads.shape[0]

    def warm(state):
        i, stats = state
        model = nnx.merge(bundle["graphdef"], bundle["params"], stats)
        model(loads[i])
        bundle["live"] = model
        return i + 1, nnx.state(model, nnx.BatchStat)

    _, bundle["stats"] = jax.lax.while_loop(pending, warm, (0, bundle["stats"]))
    return bundle


def forecast(bundle, sacks):
    return bundle["live"](sacks, train=False)


def main():
    loads = jnp.cos(jnp.arange(5 * 3 * 4, dtype=jnp.float32)).reshape(5, 3, 4)
    bundle = warm_up_stats(load_bundle(), loads)
    tomorrow = forecast(bundle, loads[0])
    jax.block_until_ready(tomorrow)
    return None
