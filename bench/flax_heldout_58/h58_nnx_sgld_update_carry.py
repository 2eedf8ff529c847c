# label: ok
# flax-error: none
# class: 1 module-level SG-MCMC sampler splits the NNX model and threads its Param state through the raw fori_loop carry, updating the model after
"""SGLD posterior sampling for a small NNX regressor: parameters carried through the loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def sgld(model, x, y, key, n_steps=4, lr=1e-3):
    graphdef, params, rest = nnx.split(model, nnx.Param, ...)

    def loss_fn(p):
        m = nnx.merge(graphdef, p, rest)
        return jnp.mean((m(x)[:, 0] - y) ** 2)

    def body(i, carry):
        params, key = carry
        key, sub = jax.random.split(key)
        grads = jax.grad(loss_fn)(params)
        leaves, treedef = jax.tree.flatten(params)
        noise = jax.tree.unflatten(treedef, [
            jax.random.normal(k, p.shape) * jnp.sqrt(2 * lr)
            for k, p in zip(jax.random.split(sub, len(leaves)), leaves)])
        params = jax.tree.map(lambda p, g, n: p - lr * g + n, params, grads, noise)
        return params, key

    params, key = jax.lax.fori_loop(0, n_steps, body, (params, key))
    nnx.update(model, params)
    return key


def main():
    model = Regressor(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (16, 3))
    sgld(model, x, x.sum(-1), jax.random.key(2))
    return None
