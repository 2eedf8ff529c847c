# label: ok
# flax-error: none
# class: 4 the DelayEvaluator's MetricReporter holds an nnx.metrics.Average; the scan body over the Linen model's sailings returns each loss as ys and the reporter records them after the loop
"""Ferry timetable: a Linen delay model is evaluated over a day of sailings; an NNX meter keeps the mean error."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import nnx


class DelayModel(nn.Module):
    @nn.compact
    def __call__(self, sailing):
        h = nn.gelu(nn.Dense(12, name="weather_tide")(sailing))
        return nn.Dense(1, name="delay_minutes")(h)[..., 0]


class MetricReporter:
    def __init__(self):
        self.meter = nnx.metrics.Average()

    def record(self, loss):
        self.meter.update(values=loss)

    def summary(self):
        return {"mean_abs_delay_error": self.meter.compute()}


class DelayEvaluator:
    def __init__(self, model, variables, reporter):
        self.model = model
        self.variables = variables
        self.reporter = reporter

    def _sailing(self, worst, batch):
        features, observed = batch
        predicted = self.model.apply(self.variables, features)
        loss = jnp.mean(jnp.abs(predicted - observed))
        return jnp.maximum(worst, loss), loss

    def evaluate(self, features, observed):
        worst, losses = jax.lax.scan(self._sailing, jnp.zeros(()), (features, observed))
        self.reporter.record(losses)
        return {"worst": worst, **self.reporter.summary()}


def main():
    model = DelayModel()
    features = jax.random.normal(jax.random.key(0), (12, 3, 7))
    observed = jnp.abs(jax.random.normal(jax.random.key(1), (12, 3))) * 10.0
    variables = model.init(jax.random.key(2), features[0])
    evaluator = DelayEvaluator(model, variables, MetricReporter())
    summary = evaluator.evaluate(features, observed)
    jax.block_until_ready(summary)
    return None
