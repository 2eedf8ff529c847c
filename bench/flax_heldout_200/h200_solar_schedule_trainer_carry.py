# label: ok
# flax-error: none
# class: 4 SolarTrainer.state.apply_fn runs in train mode with mutable=['batch_stats'] inside the fori_loop body; params and batch_stats travel in the carry
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

    def loss(self, params, batch_stats, x, y):
        variables = {"params": params, "batch_stats": batch_stats}
        pred, updates = self.state.apply_fn(variables, x, train=True, mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def fit(self, xs, ys, num_steps: int):
        n = xs.shape[0]

        def sgd_step(i, carry):
            params, batch_stats = carry
            grads, batch_stats = jax.grad(self.loss, has_aux=True)(params, batch_stats, xs[i % n], ys[i % n])
            lr = self.config.lr(i)
            return jax.tree.map(lambda p, g: p - lr * g, params, grads), batch_stats

        carry = (self.state.params, self.state.batch_stats)
        params, batch_stats = lax.fori_loop(0, num_steps, sgd_step, carry)
        self.state = dataclasses.replace(self.state, params=params, batch_stats=batch_stats)


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 16, 7))
    ys = xs[..., 0] * 2.0 - xs[..., 3]
    model = InverterModel()
    variables = model.init(jax.random.key(0), xs[0], train=False)
    state = TrainState(model.apply, variables["params"], variables["batch_stats"])
    trainer = SolarTrainer(OptimConfig(), state)
    trainer.fit(xs, ys, num_steps=10)
    print("final loss", float(trainer.loss(trainer.state.params, trainer.state.batch_stats, xs[0], ys[0])[0]))
    return None
