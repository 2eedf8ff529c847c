# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 optimizee model captured by a body built in one helper and run by lax.fori_loop in another; the body writes new params with nnx.update
"""Learned optimizer in NNX: a small MLP maps (grad, param) features to an update; the unroll
body is built by `make_unroll_body` and run by `unroll`, and it writes the new weights into the
optimizee model with nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Optimizee(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


class LearnedOpt(nnx.Module):
    def __init__(self, rngs):
        self.mlp = nnx.Sequential(nnx.Linear(2, 8, rngs=rngs), nnx.relu, nnx.Linear(8, 1, rngs=rngs))

    def __call__(self, g, p):
        return self.mlp(jnp.stack([g, p], -1))[..., 0]


def make_unroll_body(opt, optimizee, x, y):
    graphdef = nnx.graphdef(optimizee)

    def body(i, loss_acc):
        params = nnx.state(optimizee, nnx.Param)
        loss_fn = lambda p: jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)
        loss, grads = jax.value_and_grad(loss_fn)(params)
        new_params = jax.tree.map(lambda p, g: p - 0.01 * opt(g, p), params, grads)
        nnx.update(optimizee, new_params)
        return loss_acc + loss

    return body


def unroll(body, n):
    return lax.fori_loop(0, n, body, jnp.zeros(()))


def main():
    rngs = nnx.Rngs(0)
    opt, optimizee = LearnedOpt(rngs), Optimizee(rngs)
    x = jnp.ones((8, 3))
    y = jnp.zeros((8, 1))
    meta_loss = unroll(make_unroll_body(opt, optimizee, x, y), 4)
    meta_loss.block_until_ready()
    return None
