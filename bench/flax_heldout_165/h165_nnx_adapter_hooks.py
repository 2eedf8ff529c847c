# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory returns a jax.checkpoint-wrapped refine step that merges the adapter and hands it to step hooks; a hook keeps the merged adapter, served after the while_loop
"""Model serving gateway: a tenant's low-rank adapter is refined on a few feedback pairs before
it is swapped in; observers hooked into the refine step see every intermediate adapter and the
gateway serves the one the 'latest' hook kept."""

import jax
import jax.numpy as jnp
from flax import nnx


class LowRankAdapter(nnx.Module):
    def __init__(self, dim, rank, rngs: nnx.Rngs):
        self.down = nnx.Param(jax.random.normal(rngs.params(), (dim, rank)) * 0.1)
        self.up = nnx.Param(jnp.zeros((rank, dim)))

    def __call__(self, x):
        return x + x @ self.down[...] @ self.up[...]


def feedback_loss(adapter, x, y):
    return jnp.mean((adapter(x) - y) ** 2)


class LatestAdapterHook:
    def __init__(self):
        self.adapter = None

    def on_step(self, adapter, loss):
        self.adapter = adapter


class LossLogHook:
    def __init__(self):
        self.calls = 0

    def on_step(self, adapter, loss):
        self.calls += 1


def make_refine_step(graphdef, x, y, hooks, lr):
    def step(state):
        adapter = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(feedback_loss)(adapter, x, y)
        params = nnx.state(adapter, nnx.Param)
        nnx.update(adapter, jax.tree.map(lambda p, g: p - lr * g, params, grads))
        for hook in hooks:
            hook.on_step(adapter, loss)
        return nnx.state(adapter), loss

    return jax.checkpoint(step)


class AdapterGateway:
    def __init__(self, dim, rank):
        self.adapter = LowRankAdapter(dim, rank, nnx.Rngs(0))
        self.latest = LatestAdapterHook()
        self.hooks = [self.latest, LossLogHook()]

    def refine(self, x, y, max_steps=25, target=1e-3):
        graphdef, state = nnx.split(self.adapter)
        step = make_refine_step(graphdef, x, y, self.hooks, lr=0.2)

        def cond(carry):
            i, _, loss = carry
            return (i < max_steps) & (loss > target)

        def body(carry):
            i, state, _ = carry
            state, loss = step(state)
            return i + 1, state, loss

        _, state, _ = jax.lax.while_loop(cond, body, (jnp.int32(0), state, jnp.float32(jnp.inf)))
        nnx.update(self.adapter, state)

    def serve(self, x):
        return self.latest.adapter(x)


def main():
    x = jax.random.normal(jax.random.key(3), (16, 6))
    y = x * 1.2
    gateway = AdapterGateway(dim=6, rank=2)
    gateway.refine(x, y)
    gateway.serve(x[:2])
    return None
