# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the model state rides in the fori_loop carry, but the body publishes the merged model into RebalanceJob.registry (ModelRegistry) that DispatchService serves after the loop
"""Bike-share rebalancing: a nightly job refines the station demand model step by step and
publishes it to the registry the van dispatch service reads from."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class StationDemandNet(nnx.Module):
    def __init__(self, stations: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(stations, stations, rngs=rngs)

    def __call__(self, docks):
        return nnx.relu(self.lin(docks))


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def publish(self, name, model):
        self._models[name] = model

    def get(self, name):
        return self._models[name]


class RebalanceJob:
    def __init__(self, model, registry: ModelRegistry, steps: int = 4):
        self.model = model
        self.registry = registry
        self.steps = steps

    def run(self, docks):
        graphdef, state = nnx.split(self.model)

        def refine(i, state):
            model = nnx.merge(graphdef, state)
            model.lin.bias[...] = model.lin.bias[...] + 0.01 * jnp.mean(model(docks))
            self.registry.publish("demand", model)
            return nnx.state(model)

        state = jax.lax.fori_loop(0, self.steps, refine, state)
        nnx.update(self.model, state)


class DispatchService:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def vans_needed(self, docks):
        return jnp.ceil(jnp.sum(self.registry.get("demand")(docks)) / 12.0)


def main():
    docks = jnp.array([0.2, 0.9, 0.5, 0.1, 0.7, 0.3])  # fill level per station
    registry = ModelRegistry()
    RebalanceJob(StationDemandNet(6, nnx.Rngs(0)), registry).run(docks)
    DispatchService(registry).vans_needed(docks)
    return None
