# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 DeicingTrainer._train_step is the fori_loop body and reads and reassigns self.batch_stats on the trainer
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen


@dataclass(frozen=True)
class ShiftConfig:
    steps: int = 4
    batch: int = 8
    learning_rate: float = 0.05
    seed: int = 3


class GlycolDemandNet(linen.Module):
    hidden: int = 8

    @linen.compact
    def __call__(self, weather, train: bool):
        h = linen.Dense(self.hidden)(weather)
        h = linen.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = linen.relu(h)
        return linen.Dense(1)(h)[..., 0]


class DeicingFeed:
    """Weather observations (temperature, precipitation rate, wind) and glycol litres used per aircraft."""

    def __init__(self, config: ShiftConfig):
        grid = jnp.linspace(-1.0, 1.0, config.steps * config.batch * 3, dtype=jnp.float32)
        self.weather = grid.reshape(config.steps, config.batch, 3)
        self.litres = 120.0 + 40.0 * jnp.sum(self.weather, axis=-1)

    def batch(self, i):
        return self.weather[i], self.litres[i]


class ShiftTicket:
    def __init__(self, fn, args):
        self._fn, self._args = fn, args
        self._done, self._value = False, None

    def result(self):
        if not self._done:
            self._value, self._done = self._fn(*self._args), True
        return self._value


class ShiftExecutor:
    def submit(self, fn, *args) -> ShiftTicket:
        return ShiftTicket(fn, args)


class DeicingTrainer:
    def __init__(self, config: ShiftConfig, feed: DeicingFeed):
        self.config = config
        self.feed = feed
        self.model = GlycolDemandNet()
        self.tx = optax.sgd(config.learning_rate)
        variables = self.model.init(jax.random.key(config.seed), feed.weather[0], train=False)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.opt_state = self.tx.init(self.params)

    def _loss(self, params, weather, litres):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": self.batch_stats}, weather, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - litres / 100.0) ** 2), updates

    def _train_step(self, i, carry):
        params, opt_state, loss_sum = carry
        weather, litres = self.feed.batch(i)
        (loss, updates), grads = jax.value_and_grad(self._loss, has_aux=True)(params, weather, litres)
        self.batch_stats = updates["batch_stats"]
        steps, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, steps)
        return params, opt_state, loss_sum + loss

    def run_shift(self):
        carry = (self.params, self.opt_state, jnp.float32(0.0))
        self.params, self.opt_state, loss_sum = jax.lax.fori_loop(0, self.config.steps, self._train_step, carry)
        return loss_sum / self.config.steps

    def forecast(self, weather):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, weather, train=False)


def main():
    config = ShiftConfig()
    trainer = DeicingTrainer(config, DeicingFeed(config))
    executor = ShiftExecutor()
    mean_loss = executor.submit(trainer.run_shift).result()
    litres = executor.submit(trainer.forecast, trainer.feed.weather[-1]).result()
    jax.block_until_ready((mean_loss, litres))
    return None
