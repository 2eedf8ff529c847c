# label: ok
# flax-error: none
# class: 4 the fori_loop body computes gradients through self.state.apply_fn, a frozen train-state dataclass held by the trainer, with batch_stats mutable and threaded through the carry
"""Cheese ripening: fit a model of texture score from cave humidity, temperature and age, over mini-batches."""
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax.lax import fori_loop


class RipeningNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.gelu(x))[..., 0]


@dataclasses.dataclass(frozen=True)
class RipeningState:
    apply_fn: Callable
    params: Any
    batch_stats: Any
    opt_state: Any


class CaveTrainer:
    def __init__(self, model, variables, tx):
        self.tx = tx
        self.state = RipeningState(model.apply, variables["params"], variables["batch_stats"],
                                   tx.init(variables["params"]))

    def loss(self, params, batch_stats, x, y):
        pred, updates = self.state.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True,
                                            mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def fit(self, xs, ys):
        def step(i, carry):
            params, batch_stats, opt_state = carry
            grads, batch_stats = jax.grad(self.loss, has_aux=True)(params, batch_stats, xs[i], ys[i])
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), batch_stats, opt_state

        init = (self.state.params, self.state.batch_stats, self.state.opt_state)
        params, batch_stats, opt_state = fori_loop(0, xs.shape[0], step, init)
        self.state = dataclasses.replace(self.state, params=params, batch_stats=batch_stats, opt_state=opt_state)


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))  # humidity, temperature, age in weeks
    ys = xs[..., 0] * 0.5 - xs[..., 1] * 0.2 + 0.1 * xs[..., 2]
    model = RipeningNet()
    variables = model.init(jax.random.key(1), xs[0])
    trainer = CaveTrainer(model, variables, optax.adam(1e-2))
    trainer.fit(xs, ys)
    jax.block_until_ready(trainer.state.params)
    return None
