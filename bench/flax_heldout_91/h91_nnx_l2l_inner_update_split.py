# label: ok
# flax-error: none
# class: 5 module-level inner_train() splits the optimisee, carries its params through the raw fori_loop, and calls nnx.update once after the loop
"""Learned optimiser (Andrychowicz et al. 2016; Metz et al. 2019 style per-parameter MLP): the
optimiser network maps (gradient, parameter) features to an update; the optimisee is a small MLP
regressor trained for a few inner steps."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class Optimisee(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jnp.tanh(self.l1(x)))


class PerParamMLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, g, p):
        feats = jnp.stack([g, p], -1)
        return 1e-2 * self.l2(nnx.relu(self.l1(feats)))[..., 0]


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def inner_train(optimisee, learned_opt, x, y, n_steps=5):
    graphdef, params = nnx.split(optimisee, nnx.Param)

    def body(i, params):
        grads = jax.grad(lambda p: mse(nnx.merge(graphdef, p), x, y))(params)
        return jax.tree.map(lambda p, g: p - learned_opt(g, p), params, grads)

    params = lax.fori_loop(0, n_steps, body, params)
    nnx.update(optimisee, params)
    return mse(optimisee, x, y)


def main():
    x = jnp.linspace(-2, 2, 32)[:, None]
    y = jnp.sin(2 * x)
    optimisee = Optimisee(rngs=nnx.Rngs(0))
    learned_opt = PerParamMLP(rngs=nnx.Rngs(1))
    final_loss = inner_train(optimisee, learned_opt, x, y)
    final_loss.block_until_ready()
    return None
