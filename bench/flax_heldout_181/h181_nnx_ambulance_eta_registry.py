# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DispatchCenter merges the ETA model from the scan carry and publishes it on ModelRegistry.latest from the body; the dashboard reads registry.latest.norm after the loop
"""Ambulance dispatch: replay a shift of calls through an ETA model.

The dispatch centre keeps the model split (graphdef + state), replays the shift while
updating BatchNorm statistics, and publishes the live model for the dashboard.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class EtaModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, calls):
        return nnx.softplus(self.out(nnx.relu(self.norm(self.embed(calls)))))[:, 0]


class ModelRegistry:
    """What the operations dashboard reads; not an nnx object."""

    def __init__(self):
        self.latest = None


class DispatchCenter:
    def __init__(self, model: EtaModel, registry: ModelRegistry):
        self.graphdef, self.state = nnx.split(model)
        self.registry = registry

    def replay_shift(self, calls):
        def step(state, batch):
            model = nnx.merge(self.graphdef, state)
            eta = model(batch)
            self.registry.latest = model
            return nnx.state(model), eta.mean()

        self.state, mean_eta = lax.scan(step, self.state, calls)
        return mean_eta


def dashboard(registry: ModelRegistry):
    stats = registry.latest.norm
    return jnp.mean(stats.mean[...]), jnp.mean(stats.var[...])


def main():
    calls = jax.random.uniform(jax.random.key(0), (10, 6, 4), maxval=10.0)
    registry = ModelRegistry()
    center = DispatchCenter(EtaModel(nnx.Rngs(0)), registry)
    mean_eta = center.replay_shift(calls)
    load_mean, load_var = dashboard(registry)
    print("eta per batch", mean_eta.tolist(), "load", float(load_mean), float(load_var))
    return None
