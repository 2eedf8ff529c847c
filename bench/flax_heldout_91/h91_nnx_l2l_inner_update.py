# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 module-level inner_train() gets the optimisee and the learned optimiser and writes the new optimisee params back with nnx.update inside a raw fori_loop body
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

    def body(i, _):
        params = nnx.state(optimisee, nnx.Param)
        grads = jax.grad(lambda p: mse(nnx.merge(graphdef, p), x, y))(params)
        new_params = jax.tree.map(lambda p, g: p - learned_opt(g, p), params, grads)
        nnx.update(optimisee, new_params)
        return None

    lax.fori_loop(0, n_steps, body, None)
    return mse(optimisee, x, y)


def main():
    x = jnp.linspace(-2, 2, 32)[:, None]
    y = jnp.sin(2 * x)
    optimisee = Optimisee(rngs=nnx.Rngs(0))
    learned_opt = PerParamMLP(rngs=nnx.Rngs(1))
    final_loss = inner_train(optimisee, learned_opt, x, y)
    final_loss.block_until_ready()
    return None
