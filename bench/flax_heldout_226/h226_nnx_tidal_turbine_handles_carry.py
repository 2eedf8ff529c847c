# label: ok
# flax-error: none
# class: 4 the TurbineCoordinator's TurbineHandles each hold an nnx.split state; the states travel through the scan carry, each handle merges and adapts the carried one and returns nnx.state(copy), and they are stored on the handles after the loop
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

    def adapt(self, state, current, measured):
        turbine = nnx.merge(self.graphdef, state, copy=True)
        loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(current) - measured) ** 2))(turbine)
        params = nnx.state(turbine, nnx.Param)
        nnx.update(turbine, jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads))
        return loss, nnx.state(turbine)


class TurbineCoordinator:
    def __init__(self, turbines):
        self.turbines = turbines
        self.handles = {name: TurbineHandle(turbine) for name, turbine in turbines.items()}

    def _half_hour(self, carry, reading):
        total, states = carry
        current, measured = reading
        results = [handle.adapt(states[name], current[i], measured[i])
                   for i, (name, handle) in enumerate(self.handles.items())]
        losses = [loss for loss, _ in results]
        states = {name: state for name, (_, state) in zip(self.handles, results)}
        return (total + sum(losses), states), None

    def tide_cycle(self, currents, measured):
        states = {name: handle.state for name, handle in self.handles.items()}
        (total, states), _ = jax.lax.scan(self._half_hour, (jnp.zeros(()), states), (currents, measured))
        for name, handle in self.handles.items():
            handle.state = states[name]
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
