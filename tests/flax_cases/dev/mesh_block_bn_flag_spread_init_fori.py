# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 init spreads the mesh tuple (model.init(key, *mesh)); the jitted step applies with train=True and mutable batch_stats, whose fori_loop body runs the block's setup BatchNorm with train passed down
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class SmoothingBlock(nn.Module):
    def setup(self):
        self.mix = nn.Dense(4)
        self.norm = nn.BatchNorm(momentum=0.9)

    def __call__(self, h, neighbours, *, train: bool):
        return self.norm(self.mix(h + h[neighbours]), use_running_average=not train)


class MeshSmoother(nn.Module):
    def setup(self):
        self.lift = nn.Dense(4)
        self.block = SmoothingBlock()

    def __call__(self, x, neighbours, train: bool = False):
        h = self.block(self.lift(x), neighbours, train=train)
        return jax.lax.fori_loop(0, 3, lambda i, h: self.block(h, neighbours, train=train), h)


@functools.partial(jax.jit, static_argnums=0)
def train_step(model, variables, mesh):
    out, updated = model.apply(variables, *mesh, train=True, mutable=["batch_stats"])
    return out, updated["batch_stats"]


def main():
    x = jax.random.normal(jax.random.key(0), (6, 3))
    mesh = (x, (jnp.arange(6) + 1) % 6)
    model = MeshSmoother()
    variables = model.init(jax.random.key(1), *mesh)
    out, stats = train_step(model, variables, mesh)
    print(float(out.sum()))
    return None
