# label: ok
# flax-error: none
# class: 4 model of a RinkEvaluator held by a NightlyReport runs in the scan body; the per-pass errors leave as ys and report.evaluator.metrics is updated after the loop
"""Ice rink quality: nightly evaluation of a surface-hardness model against probe readings."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class IceQualityNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))[..., 0]


class RinkEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            abs_error=nnx.metrics.Average("abs_error"),
        )

    def errors(self, readings, hardness):
        pred = self.model(readings)
        return jnp.mean((pred - hardness) ** 2), jnp.mean(jnp.abs(pred - hardness))


class NightlyReport:
    def __init__(self, evaluator: RinkEvaluator):
        self.evaluator = evaluator

    def run(self, passes, hardness):
        def body(carry, batch):
            return carry, self.evaluator.errors(*batch)

        _, (losses, abs_errors) = scan(body, None, (passes, hardness))
        self.evaluator.metrics.update(loss=losses, abs_error=abs_errors)
        return self.evaluator.metrics.compute()


def main():
    report = NightlyReport(RinkEvaluator(IceQualityNet(nnx.Rngs(0))))
    passes = jax.random.normal(jax.random.key(1), (5, 10, 4))  # resurfacing passes x probes x features
    hardness = jax.random.normal(jax.random.key(2), (5, 10))
    report.run(passes, hardness)
