# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "feature_ema" in "/" because collection "drift" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a DriftMonitorHook in the trainer's hook list holds model.bind(variables); the fori_loop body runs every hook and this one calls bound.track_drift, which writes the 'drift' collection
"""Regional power-grid load forecasting. The trainer runs a fixed number of SGD steps in a
fori_loop and lets registered hooks observe each step (drift monitoring, loss logging)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LoadForecaster(nn.Module):
    n_features: int = 9
    horizon: int = 4

    def setup(self):
        self.feature_ema = self.variable("drift", "feature_ema", lambda: jnp.zeros((self.n_features,)))
        self.hidden = nn.Dense(24)
        self.out = nn.Dense(self.horizon)

    def __call__(self, x):
        return self.out(nn.swish(self.hidden(x)))

    def track_drift(self, x):
        ema = 0.99 * self.feature_ema.value + 0.01 * x.mean(axis=0)
        self.feature_ema.value = ema
        return jnp.linalg.norm(ema)


class Hook:
    def on_step(self, step, params, batch):
        return None


class DriftMonitorHook(Hook):
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def on_step(self, step, params, batch):
        x, _ = batch
        return self.bound.track_drift(x)


class StepCounterHook(Hook):
    def on_step(self, step, params, batch):
        return step


@dataclass(frozen=True)
class TrainSpec:
    steps: int = 6
    learning_rate: float = 0.02


class Trainer:
    def __init__(self, model, variables, hooks, spec: TrainSpec):
        self.model = model
        self.variables = variables
        self.hooks = list(hooks)
        self.spec = spec

    def _loss(self, params, x, y):
        pred = self.model.apply({**self.variables, "params": params}, x)
        return jnp.mean((pred - y) ** 2)

    def train(self, x, y):
        def body(step, params):
            for hook in self.hooks:
                hook.on_step(step, params, (x, y))
            grads = jax.grad(self._loss)(params, x, y)
            return jax.tree.map(lambda p, g: p - self.spec.learning_rate * g, params, grads)

        params = lax.fori_loop(0, self.spec.steps, body, self.variables["params"])
        self.variables = {**self.variables, "params": params}


def main():
    x = jax.random.normal(jax.random.key(0), (32, 9))
    y = jnp.stack([x[:, :3].sum(-1) * k for k in (1.0, 0.9, 0.8, 0.7)], axis=-1)
    model = LoadForecaster()
    variables = model.init(jax.random.key(1), x)
    hooks = [StepCounterHook(), DriftMonitorHook(model, variables)]
    Trainer(model, variables, hooks, TrainSpec()).train(x, y)
    return None
