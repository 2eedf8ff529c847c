# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a LinearizeTracer to escape the scope of the transformation.
# class: 5 FunctionalAdapter wraps an NNX model as a pure (state, x) function; it merges the traced state inside the lax.fori_loop body and keeps the merged module on FunctionalAdapter.last_module
"""Online tuning of a sorbent uptake model for a direct-air carbon capture plant.

Legacy plant-control code is written against pure JAX functions, so the NNX uptake model is
exposed through an adapter; the tuner runs gradient steps on recent adsorption cycles and the
adapter keeps the last merged module around for the operators' inspection console.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SorbentUptake(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, cycle):
        return self.out(nnx.tanh(self.hidden(cycle)))[..., 0]


class FunctionalAdapter:
    """Presents an NNX module as `apply(state, x)` for code that only knows pure functions."""

    def __init__(self, module: nnx.Module):
        self.graphdef, self.state = nnx.split(module)
        self.last_module = None

    def apply(self, state, x):
        module = nnx.merge(self.graphdef, state)
        self.last_module = module  # for the inspection console
        return module(x)


def tune(adapter: FunctionalAdapter, cycles, uptake, lr: float = 0.05):
    def loss_fn(state, x, y):
        return jnp.mean((adapter.apply(state, x) - y) ** 2)

    def gradient_step(i, state):
        grads = jax.grad(loss_fn)(state, cycles[i], uptake[i])
        return jax.tree.map(lambda p, g: p - lr * g, state, grads)

    return lax.fori_loop(0, cycles.shape[0], gradient_step, adapter.state)


def inspection_console(adapter: FunctionalAdapter, probe):
    return float(adapter.last_module(probe).mean())


def main():
    cycles = jnp.linspace(0.0, 1.0, 4 * 6 * 3).reshape(4, 6, 3)  # humidity, temperature, flow
    uptake = 0.8 * cycles[..., 0] - 0.2 * cycles[..., 1]
    adapter = FunctionalAdapter(SorbentUptake(nnx.Rngs(0)))
    adapter.state = tune(adapter, cycles, uptake)
    inspection_console(adapter, cycles[0])
    return None
