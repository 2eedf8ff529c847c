# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 module-level unroll() runs fori_loop; the inner step gives the closed-over optimizee to nnx.value_and_grad and then nnx.update
"""Learning to learn: a coordinate-wise learned optimiser unrolled on a
regression optimizee.

The learned optimiser maps (gradient, parameter) pairs to updates; the meta
objective is the optimizee loss after a fixed number of inner steps.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


def unroll(step_fn, init, n_steps):
    return jax.lax.fori_loop(0, n_steps, lambda i, c: step_fn(c), init)


@dataclasses.dataclass(frozen=True)
class L2LConfig:
    in_dim: int = 5
    inner_steps: int = 4
    hidden: int = 8


class Optimizee(nnx.Module):
    def __init__(self, in_dim, rngs):
        self.linear = nnx.Linear(in_dim, 1, rngs=rngs)

    def __call__(self, x):
        return self.linear(x)[:, 0]


class LearnedOptimizer(nnx.Module):
    def __init__(self, hidden, rngs):
        self.l1 = nnx.Linear(2, hidden, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, g, p):
        feats = jnp.stack([g, p], -1)
        return 0.1 * self.l2(jnp.tanh(self.l1(feats)))[..., 0]


def regression_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def make_inner_step(learned_opt, optimizee, x, y):
    def inner_step(total):
        loss, grads = nnx.value_and_grad(regression_loss)(optimizee, x, y)
        params = nnx.state(optimizee, nnx.Param)
        nnx.update(optimizee, jax.tree.map(lambda p, g: p - learned_opt(g, p), params, grads))
        return total + loss
    return inner_step


def meta_loss(learned_opt, cfg, x, y):
    optimizee = Optimizee(cfg.in_dim, nnx.Rngs(3))
    step = make_inner_step(learned_opt, optimizee, x, y)
    running = unroll(step, 0.0, cfg.inner_steps)
    return running / cfg.inner_steps + regression_loss(optimizee, x, y)


def main():
    cfg = L2LConfig()
    x = jax.random.normal(jax.random.key(0), (16, cfg.in_dim))
    y = x @ jnp.arange(1.0, cfg.in_dim + 1)
    learned_opt = LearnedOptimizer(cfg.hidden, nnx.Rngs(1))
    value = meta_loss(learned_opt, cfg, x, y)
    float(value)
    return None
