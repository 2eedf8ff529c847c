# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 per-layer weight-decay penalties are appended to a Python dict of lists inside the raw scan body
"""Layer-wise weight decay with bookkeeping in Python, parameters taken out with nnx.state and carried."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.embed(x)))


WD = {"embed": 1e-4, "out": 1e-2}


def main():
    model = Net(nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 16, 4))
    decay_log = {name: [] for name in WD}

    def step(params, x):
        def loss_fn(p):
            return jnp.mean(nnx.merge(graphdef, p)(x) ** 2)

        grads = jax.grad(loss_fn)(params)
        for name, wd in WD.items():
            decay_log[name].append(wd * jnp.sum(params[name]["kernel"].value ** 2))
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
        return params, None

    params, _ = jax.lax.scan(step, params, xs)
    nnx.update(model, params)
    total = sum(jnp.stack(v).sum() for v in decay_log.values())
    total.block_until_ready()
    return None
