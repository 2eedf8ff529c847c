# label: ok
# flax-error: none
# class: 4 body built in one helper and run by lax.fori_loop in another carries the optimizee params; nnx.update writes them back after the loop
"""Learned optimizer in NNX: a small MLP maps (grad, param) features to an update; the unroll
body is built by `make_unroll_body` and run by `unroll`. The optimizee's params ride in the
fori_loop carry and are written back into the model once the loop is done."""
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

    def body(i, carry):
        params, loss_acc = carry
        loss_fn = lambda p: jnp.mean((nnx.merge(graphdef, p)(x) - y) ** 2)
        loss, grads = jax.value_and_grad(loss_fn)(params)
        new_params = jax.tree.map(lambda p, g: p - 0.01 * opt(g, p), params, grads)
        return new_params, loss_acc + loss

    return body


def unroll(body, optimizee, n):
    params, meta_loss = lax.fori_loop(0, n, body, (nnx.state(optimizee, nnx.Param), jnp.zeros(())))
    nnx.update(optimizee, params)
    return meta_loss


def main():
    rngs = nnx.Rngs(0)
    opt, optimizee = LearnedOpt(rngs), Optimizee(rngs)
    x = jnp.ones((8, 3))
    y = jnp.zeros((8, 1))
    meta_loss = unroll(make_unroll_body(opt, optimizee, x, y), optimizee, 4)
    meta_loss.block_until_ready()
    return None
