# label: ok
# flax-error: none
# class: 3 the NNX regressor is split once; an inner_adapt helper carries the Param state through fori_loop and merges it inside the loss that jax.grad differentiates
"""MAML meta-gradient for sine regression using a functional inner loop over NNX params."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class MetaConfig:
    hidden: int = 32
    inner_lr: float = 0.05
    inner_steps: int = 3


class SineRegressor(nnx.Module):
    def __init__(self, hidden, *, rngs: nnx.Rngs):
        self.layers = nnx.List([
            nnx.Linear(1, hidden, rngs=rngs),
            nnx.Linear(hidden, hidden, rngs=rngs),
            nnx.Linear(hidden, 1, rngs=rngs),
        ])

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = nnx.relu(layer(x))
        return self.layers[-1](x)


def loss_with(graphdef, params, x, y):
    model = nnx.merge(graphdef, params)
    return jnp.mean((model(x) - y) ** 2)


def inner_adapt(graphdef, params, x, y, cfg):
    def body(_, p):
        g = jax.grad(loss_with, argnums=1)(graphdef, p, x, y)
        return jax.tree.map(lambda a, b: a - cfg.inner_lr * b, p, g)

    return jax.lax.fori_loop(0, cfg.inner_steps, body, params)


def meta_loss(params, graphdef, task, cfg):
    (sx, sy), (qx, qy) = task
    adapted = inner_adapt(graphdef, params, sx, sy, cfg)
    return loss_with(graphdef, adapted, qx, qy)


def sample_task(key, n):
    k1, k2, k3 = jax.random.split(key, 3)
    amp, phase = jax.random.uniform(k1, (), minval=0.5, maxval=2.0), jax.random.uniform(k2, (), maxval=jnp.pi)
    x = jax.random.uniform(k3, (2 * n, 1), minval=-5, maxval=5)
    y = amp * jnp.sin(x + phase)
    return (x[:n], y[:n]), (x[n:], y[n:])


def main():
    cfg = MetaConfig()
    model = SineRegressor(cfg.hidden, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(model, nnx.Param)
    task = sample_task(jax.random.key(1), 10)
    loss, meta_grads = jax.value_and_grad(meta_loss)(params, graphdef, task, cfg)
    nnx.update(model, jax.tree.map(lambda p, g: p - 1e-3 * g, params, meta_grads))
    print("query loss", loss)
    return None
