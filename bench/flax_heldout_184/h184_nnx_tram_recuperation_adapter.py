# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body in LineAdapter.adapt merges the carried nnx.split state and hands the merged module to AdapterRegistry.publish, which keeps it past the loop
"""Tram regenerative-braking estimator: a shared model is adapted per tram line by a
few gradient steps over the line's segments; each line's adapted model is published
to a registry that the dispatch service queries."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BrakeEnergyNet(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, segment):
        return self.out(nnx.relu(self.hidden(segment)))[..., 0]


class AdapterRegistry:
    def __init__(self):
        self._live = {}

    def publish(self, line, module):
        self._live[line] = module

    def lookup(self, line):
        return self._live[line]


class LineAdapter:
    def __init__(self, line, base, registry, lr=0.02):
        self.line = line
        self.registry = registry
        self.lr = lr
        self.graphdef, self.state = nnx.split(base)

    def _step(self, state, batch):
        segment, energy = batch
        model = nnx.merge(self.graphdef, state)

        def loss_fn(m):
            return jnp.mean((m(segment) - energy) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree_util.tree_map(lambda p, g: p - self.lr * g, params, grads))
        self.registry.publish(self.line, model)
        return nnx.state(model), loss

    def adapt(self, segments, energies):
        self.state, losses = jax.lax.scan(self._step, self.state, (segments, energies))
        return losses


def main():
    registry = AdapterRegistry()
    base = BrakeEnergyNet(nnx.Rngs(0))
    segments = jax.random.normal(jax.random.key(1), (8, 10, 4))
    energies = segments[..., 1] * 0.5
    LineAdapter("line-4", base, registry).adapt(segments, energies)
    registry.lookup("line-4")(segments[0]).block_until_ready()
    return None
