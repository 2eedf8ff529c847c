# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 module-level relax() receives the NNX model and a small dataclass log; the lax.while_loop body stores the current positions on the dataclass
"""Molecular relaxation with an NNX equivariant displacement model and a dataclass run log.

`relax` iterates the model with lax.while_loop; the run log keeps the latest positions so the
RMSD to the starting geometry can be reported afterwards.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Displacer(nnx.Module):
    def __init__(self, hidden=16, *, rngs: nnx.Rngs):
        self.edge = nnx.Linear(1, hidden, rngs=rngs)
        self.coord = nnx.Linear(hidden, 1, kernel_init=nnx.initializers.normal(1e-2), rngs=rngs)

    def __call__(self, x):
        diff = x[:, None, :] - x[None, :, :]
        w = self.coord(nnx.silu(self.edge(jnp.sum(diff ** 2, -1, keepdims=True))))
        return jnp.mean(diff * w, axis=1)


@dataclasses.dataclass
class RelaxLog:
    tol: float = 1e-4
    max_iter: int = 10
    last_pos: jax.Array | None = None


def relax(model, pos, log: RelaxLog):
    def cond(state):
        i, _, dmax = state
        return (i < log.max_iter) & (dmax > log.tol)

    def body(state):
        i, x, _ = state
        dx = model(x)
        x = x + dx
        log.last_pos = x
        return i + 1, x, jnp.max(jnp.abs(dx))

    n, _, _ = jax.lax.while_loop(cond, body, (0, pos, jnp.inf))
    return n


def main():
    model = Displacer(rngs=nnx.Rngs(0))
    pos = jax.random.normal(jax.random.key(1), (5, 3))
    log = RelaxLog()
    n = relax(model, pos, log)
    rmsd = jnp.sqrt(jnp.mean((log.last_pos - pos) ** 2))
    print(n, rmsd)
    return None
