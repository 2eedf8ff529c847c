# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 each Trial of the sweep keeps functools.partial(model.apply, train=True) and its variables; SweepRunner._fit's scan body calls trial.apply_fn without a mutable collection
"""Insurance claim-severity regression: a small hyperparameter sweep over learning rate and width.
Each trial is trained with a scanned SGD loop and scored on a validation split."""
import functools
from dataclasses import dataclass, field
from typing import Any, Callable

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class TrialConfig:
    name: str
    learning_rate: float
    width: int


class SeverityNet(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[:, 0]


@dataclass
class Trial:
    config: TrialConfig
    apply_fn: Callable[..., Any]
    eval_fn: Callable[..., Any]
    params: Any
    batch_stats: Any
    scores: list = field(default_factory=list)


def make_trial(config: TrialConfig, sample) -> Trial:
    model = SeverityNet(config.width)
    variables = model.init(jax.random.key(len(config.name)), sample, train=False)
    return Trial(
        config=config,
        apply_fn=functools.partial(model.apply, train=True),
        eval_fn=functools.partial(model.apply, train=False),
        params=variables["params"],
        batch_stats=variables["batch_stats"],
    )


class SweepRunner:
    def __init__(self, configs, sample):
        self.trials = [make_trial(c, sample) for c in configs]

    def _fit(self, trial: Trial, xs, ys):
        def loss_fn(params, x, y):
            pred = trial.apply_fn({"params": params, "batch_stats": trial.batch_stats}, x)
            return jnp.mean((pred - y) ** 2)

        def body(params, batch):
            x, y = batch
            loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
            params = jax.tree.map(lambda p, g: p - trial.config.learning_rate * g, params, grads)
            return params, loss

        trial.params, _ = lax.scan(body, trial.params, (xs, ys))

    def run(self, xs, ys, val_x, val_y):
        for trial in self.trials:
            self._fit(trial, xs, ys)
            pred = trial.eval_fn({"params": trial.params, "batch_stats": trial.batch_stats}, val_x)
            trial.scores.append(float(jnp.mean((pred - val_y) ** 2)))
        return min(self.trials, key=lambda t: t.scores[-1]).config


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 16, 7))
    ys = xs.sum(axis=-1) * 0.3
    configs = [TrialConfig("lr3e-2_w8", 0.03, 8), TrialConfig("lr1e-2_w16", 0.01, 16),
               TrialConfig("lr1e-1_w4", 0.1, 4)]
    runner = SweepRunner(configs, xs[0])
    runner.run(xs, ys, xs[0], ys[0])
    return None
