# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 SolarTrainer.state.apply_fn is called with SolarTrainer.state.batch_stats in train mode, without mutable, inside the fori_loop body
"""Solar-inverter output regression; the decaying learning rate is defined on a frozen optimisation config."""
import dataclasses
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class OptimConfig:
    base_lr: float = 0.05
    decay_steps: int = 12
    end_factor: float = 0.1

    def lr(self, step):
        frac = jnp.minimum(step / self.decay_steps, 1.0)
        return self.base_lr * (1.0 - frac * (1.0 - self.end_factor))


@dataclasses.dataclass
class TrainState:
    apply_fn: Callable
    params: Any
    batch_stats: Any


class InverterModel(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.swish(h)).squeeze(-1)


class SolarTrainer:
    def __init__(self, config: OptimConfig, state: TrainState):
        self.config = config
        self.state = state

    def loss(self, params, x, y):
        variables = {"params": params, "batch_stats": self.state.batch_stats}
        pred = self.state.apply_fn(variables, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def fit(self, xs, ys, num_steps: int):
        n = xs.shape[0]

        def sgd_step(i, params):
            grads = jax.grad(self.loss)(params, xs[i % n], ys[i % n])
            lr = self.config.lr(i)
            return jax.tree.map(lambda p, g: p - lr * g, params, grads)

        params = lax.fori_loop(0, num_steps, sgd_step, self.state.params)
        self.state = dataclasses.replace(self.state, params=params)


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 16, 7))
    ys = xs[..., 0] * 2.0 - xs[..., 3]
    model = InverterModel()
    variables = model.init(jax.random.key(0), xs[0], train=False)
    state = TrainState(model.apply, variables["params"], variables["batch_stats"])
    trainer = SolarTrainer(OptimConfig(), state)
    trainer.fit(xs, ys, num_steps=10)
    print("final loss", float(trainer.loss(trainer.state.params, xs[0], ys[0])))
    return None
