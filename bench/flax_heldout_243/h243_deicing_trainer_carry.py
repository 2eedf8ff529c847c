# label: ok
# flax-error: none
# class: 3 DeicingTrainer._train_step is the fori_loop body; the trainer's batch_stats enter and leave through the loop carry
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

    def _loss(self, params, batch_stats, weather, litres):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, weather, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - litres / 100.0) ** 2), updates

    def _train_step(self, i, carry):
        params, opt_state, batch_stats, loss_sum = carry
        weather, litres = self.feed.batch(i)
        (loss, updates), grads = jax.value_and_grad(self._loss, has_aux=True)(params, batch_stats, weather, litres)
        steps, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, steps)
        return params, opt_state, updates["batch_stats"], loss_sum + loss

    def run_shift(self):
        carry = (self.params, self.opt_state, self.batch_stats, jnp.float32(0.0))
        carry = jax.lax.fori_loop(0, self.config.steps, self._train_step, carry)
        self.params, self.opt_state, self.batch_stats, loss_sum = carry
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
