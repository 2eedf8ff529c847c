# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the TurbineCoordinator's TurbineHandles each hold an nnx.split state; in the scan body each handle merges it, adapts the copy and stores nnx.state(copy) back on itself, and the coordinator nnx.updates the turbines from the handles after the loop
"""Tidal stream array: each turbine's power model is adapted online over a tide cycle, then committed."""
import jax
import jax.numpy as jnp
from flax import nnx


class PowerCurve(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.flow = nnx.Linear(3, 8, rngs=rngs)
        self.power = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, current):
        return self.power(nnx.tanh(self.flow(current)))[..., 0]


class TurbineHandle:
    def __init__(self, turbine, learning_rate=0.05):
        self.graphdef, self.state = nnx.split(turbine)
        self.learning_rate = learning_rate

    def adapt(self, current, measured):
        turbine = nnx.merge(self.graphdef, self.state, copy=True)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(current) - measured) ** 2))(turbine)
        params = nnx.state(turbine, nnx.Param)
        nnx.update(turbine, jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads))
        self.state = nnx.state(turbine)
        return loss


class TurbineCoordinator:
    def __init__(self, turbines):
        self.turbines = turbines
        self.handles = {name: TurbineHandle(turbine) for name, turbine in turbines.items()}

    def _half_hour(self, total, reading):
        current, measured = reading
        losses = [handle.adapt(current[i], measured[i]) for i, handle in enumerate(self.handles.values())]
        return total + sum(losses), None

    def tide_cycle(self, currents, measured):
        total, _ = jax.lax.scan(self._half_hour, jnp.zeros(()), (currents, measured))
        return total

    def commit(self, current):
        for name, handle in self.handles.items():
            nnx.update(self.turbines[name], handle.state)
        return {name: turbine(current) for name, turbine in self.turbines.items()}


def main():
    turbines = {f"T{i}": PowerCurve(nnx.Rngs(i)) for i in range(3)}
    currents = jax.random.uniform(jax.random.key(7), (12, 3, 4, 3))
    measured = jax.random.uniform(jax.random.key(8), (12, 3, 4))
    coordinator = TurbineCoordinator(turbines)
    total = coordinator.tide_cycle(currents, measured)
    power = coordinator.commit(currents[0, 0])
    jax.block_until_ready((total, power))
    return None
