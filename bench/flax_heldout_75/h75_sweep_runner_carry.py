# label: ok
# flax-error: none
# class: 2 a sweep runner gets a step function from a factory and drives it with while_loop; the step asks for mutable=["batch_stats"] and puts the new stats in the loop state
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TrialConfig:
    learning_rate: float
    hidden: int = 16
    max_steps: int = 5


class Regressor(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[:, 0]


def make_train_step(model, tx, x, y):
    def loss_fn(params, batch_stats):
        pred, updates = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True,
                                    mutable=["batch_stats"])
        return jnp.mean((pred - y) ** 2), updates["batch_stats"]

    def train_step(state):
        step, params, batch_stats, opt_state, _ = state
        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats)
        updates, opt_state = tx.update(grads, opt_state, params)
        return step + 1, optax.apply_updates(params, updates), batch_stats, opt_state, loss

    return train_step


class SweepRunner:
    def __init__(self, trials, x, y):
        self.trials, self.x, self.y = trials, x, y
        self.results = {}

    def run_trial(self, cfg: TrialConfig):
        model = Regressor(cfg.hidden)
        variables = model.init(jax.random.key(0), self.x, train=False)
        tx = optax.sgd(cfg.learning_rate)
        train_step = make_train_step(model, tx, self.x, self.y)
        init = (0, variables["params"], variables["batch_stats"], tx.init(variables["params"]), jnp.inf)
        final = jax.lax.while_loop(lambda s: s[0] < cfg.max_steps, train_step, init)
        return final[-1]

    def run(self):
        for cfg in self.trials:
            self.results[cfg.learning_rate] = float(self.run_trial(cfg))
        return self.results


def main():
    x = jax.random.normal(jax.random.key(1), (16, 3))
    y = x @ jnp.array([1.0, -2.0, 0.5])
    SweepRunner([TrialConfig(1e-2), TrialConfig(1e-1)], x, y).run()
    return None
