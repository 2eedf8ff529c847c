# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 1 module-level SG-MCMC sampler closes over the NNX model and writes Langevin-updated params back into its Param variables inside a raw fori_loop
"""SGLD posterior sampling for a small NNX regressor: in-place parameter updates per step."""
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
    def loss_fn(m):
        return jnp.mean((m(x)[:, 0] - y) ** 2)

    def body(i, key):
        key, sub = jax.random.split(key)
        grads = nnx.grad(loss_fn)(model)
        params = nnx.state(model, nnx.Param)
        leaves, treedef = jax.tree.flatten(params)
        noise = jax.tree.unflatten(treedef, [
            jax.random.normal(k, p.shape) * jnp.sqrt(2 * lr)
            for k, p in zip(jax.random.split(sub, len(leaves)), leaves)])
        new = jax.tree.map(lambda p, g, n: p - lr * g + n, params, grads, noise)
        nnx.update(model, new)
        return key

    return jax.lax.fori_loop(0, n_steps, body, key)


def main():
    model = Regressor(nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (16, 3))
    sgld(model, x, x.sum(-1), jax.random.key(2))
    return None
