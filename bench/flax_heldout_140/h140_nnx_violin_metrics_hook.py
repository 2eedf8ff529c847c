# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 TapToneEvaluator calls HookList.on_step -> LossMetricHook, which updates its nnx.metrics.Average inside the fori_loop body
"""Violin making: tap-tone frequency predictions for carved plates, loss tracked by metric hooks."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class TapToneModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.thickness = nnx.Linear(10, 6, rngs=rngs)
        self.tone = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, plate):
        return self.tone(nnx.tanh(self.thickness(plate)))[0] * 100.0 + 350.0


class LossMetricHook:
    def __init__(self):
        self.metric = nnx.metrics.Average()

    def on_step(self, loss):
        self.metric.update(values=loss)

    def result(self):
        return self.metric.compute()


class HookList:
    def __init__(self, *hooks):
        self.hooks = hooks

    def on_step(self, loss):
        for hook in self.hooks:
            hook.on_step(loss)

    def results(self):
        return [hook.result() for hook in self.hooks]


class TapToneEvaluator:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = hooks

    def evaluate(self, plates, targets):
        def body(i, total):
            loss = jnp.abs(self.model(plates[i]) - targets[i])
            self.hooks.on_step(loss)
            return total + loss

        total = fori_loop(0, plates.shape[0], body, jnp.float32(0.0))
        return total, self.hooks.results()


def main():
    model = TapToneModel(nnx.Rngs(0))
    plates = jax.random.uniform(jax.random.key(3), (8, 10))
    targets = jnp.linspace(340.0, 380.0, 8)
    evaluator = TapToneEvaluator(model, HookList(LossMetricHook()))
    evaluator.evaluate(plates, targets)
    return None
