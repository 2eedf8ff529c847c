# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the runner's graphdef attribute and the split state are merged in the scan body, which keeps the merged state on self._latest_state
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class BNElmanCell(nnx.Module):
    def __init__(self, in_dim, hidden, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(in_dim + hidden, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.95, rngs=rngs)

    def __call__(self, h, x):
        return jnp.tanh(self.norm(self.proj(jnp.concatenate([h, x], axis=-1))))


class StatefulRunner:
    def __init__(self, cell, hidden):
        self.cell = cell
        self.hidden = hidden
        self.graphdef, _ = nnx.split(cell)
        self._latest_state = None

    def run(self, xs):
        _, state = nnx.split(self.cell)
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(carry, x_t):
            state, h = carry
            cell = nnx.merge(self.graphdef, state)
            h = cell(h, x_t)
            self._latest_state = nnx.state(cell)
            return (state, h), h

        (_, h), hs = scan(step, (state, h0), xs)
        nnx.update(self.cell, self._latest_state)
        return hs


def main():
    cell = BNElmanCell(3, 6, rngs=nnx.Rngs(0))
    runner = StatefulRunner(cell, hidden=6)
    xs = jax.random.normal(jax.random.key(1), (5, 4, 3))
    for _ in range(2):
        hs = runner.run(xs)
    jax.block_until_ready((hs, cell.norm.mean[...]))
