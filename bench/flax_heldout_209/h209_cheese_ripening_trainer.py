# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the fori_loop body computes gradients through self.state.apply_fn, a frozen train-state dataclass held by the trainer, in training mode without a mutable batch_stats
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

    def loss(self, params, x, y):
        pred = self.state.apply_fn({"params": params, "batch_stats": self.state.batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def fit(self, xs, ys):
        def step(i, carry):
            params, opt_state = carry
            grads = jax.grad(self.loss)(params, xs[i], ys[i])
            updates, opt_state = self.tx.update(grads, opt_state, params)
            return optax.apply_updates(params, updates), opt_state

        params, opt_state = fori_loop(0, xs.shape[0], step, (self.state.params, self.state.opt_state))
        self.state = dataclasses.replace(self.state, params=params, opt_state=opt_state)


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))  # humidity, temperature, age in weeks
    ys = xs[..., 0] * 0.5 - xs[..., 1] * 0.2 + 0.1 * xs[..., 2]
    model = RipeningNet()
    variables = model.init(jax.random.key(1), xs[0])
    trainer = CaveTrainer(model, variables, optax.adam(1e-2))
    trainer.fit(xs, ys)
    return None
