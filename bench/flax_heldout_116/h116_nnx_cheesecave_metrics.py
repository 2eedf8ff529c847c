# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RipeningEvaluator.hooks holds MetricHook objects whose .metric is an nnx.metrics.Average; the jax.lax.scan body calls hook.on_step, which updates the metric
"""Cheese-cave ripening evaluator: scores the firmness model on a week of
humidity/temperature batches and reports metrics through evaluation hooks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FirmnessModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, climate):
        return self.head(self.drop(nnx.relu(self.body(climate))))[..., 0]


class MetricHook:
    def __init__(self, name):
        self.name = name
        self.metric = nnx.metrics.Average("loss")

    def on_step(self, loss):
        self.metric.update(loss=loss)

    def report(self):
        return {self.name: self.metric.compute()}


class RipeningEvaluator:
    def __init__(self, model, hooks):
        self.model = model
        self.hooks = list(hooks)

    def evaluate(self, climates, firmness):
        self.model.eval()

        def body(carry, batch):
            climate, target = batch
            loss = jnp.mean((self.model(climate) - target) ** 2)
            for hook in self.hooks:
                hook.on_step(loss)
            return carry + 1, loss

        jax.lax.scan(body, 0, (climates, firmness))
        return [hook.report() for hook in self.hooks]


def main():
    model = FirmnessModel(4, rngs=nnx.Rngs(0))
    climates = jax.random.normal(jax.random.key(1), (7, 6, 4))
    firmness = jax.random.uniform(jax.random.key(2), (7, 6))
    RipeningEvaluator(model, [MetricHook("mse")]).evaluate(climates, firmness)
    return None
