# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 TrainState.apply_fn is called with params and batch_stats but no mutable inside a raw while_loop body built by the harness
"""Training harness with a plateau scheduler: train until the loss stops improving or a step cap."""
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class TrainState(train_state.TrainState):
    batch_stats: Any


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.Conv(8, (3,))(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=1)
        return nn.Dense(2)(x)


class PlateauScheduler:
    def __init__(self, patience_tol=1e-4, max_steps=20):
        self.tol = patience_tol
        self.max_steps = max_steps

    def keep_going(self, step, prev, cur):
        return (step < self.max_steps) & (prev - cur > self.tol)


class Harness:
    def __init__(self, cfg, sample):
        model = ConvNet()
        variables = model.init(jax.random.key(0), sample, train=False)
        self.state = TrainState.create(
            apply_fn=model.apply, params=variables["params"], batch_stats=variables["batch_stats"],
            tx=optax.sgd(cfg["lr"]),
        )
        self.scheduler = PlateauScheduler(max_steps=cfg["max_steps"])

    def _loss(self, params, state, x, y):
        logits = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def run(self, x, y):
        def cond(c):
            step, prev, cur, _ = c
            return self.scheduler.keep_going(step, prev, cur)

        def body(c):
            step, _, cur, state = c
            loss, grads = jax.value_and_grad(self._loss)(state.params, state, x, y)
            return step + 1, cur, loss, state.apply_gradients(grads=grads)

        init = (0, jnp.inf, jnp.array(1e6), self.state)
        *_, self.state = jax.lax.while_loop(cond, body, init)


def main():
    x = jax.random.normal(jax.random.key(1), (4, 10, 3))
    y = jnp.array([0, 1, 0, 1])
    Harness({"lr": 0.1, "max_steps": 5}, x).run(x, y)
    return None
