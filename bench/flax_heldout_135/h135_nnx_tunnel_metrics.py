# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 ModelEvaluator keeps an nnx.MultiMetric of nnx.metrics.Average; the scan body computes the losses from evaluator.model and calls evaluator.metrics.update
"""Wind-tunnel test campaign: a drag-polar surrogate is checked against the balance data of
every run, accumulating loss and relative-error metrics for the campaign report."""
import jax
import jax.numpy as jnp
from flax import nnx


class DragPolar(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(2, 16, rngs=rngs)  # (alpha, Mach)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, conditions):
        return self.out(nnx.tanh(self.body(conditions)))[:, 0]


class ModelEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            rel_error=nnx.metrics.Average("rel_error"),
        )

    def evaluate(self, conditions, measured_cd):
        def body(count, run):
            cond, cd = run
            pred = self.model(cond)
            loss = jnp.mean((pred - cd) ** 2)
            rel_error = jnp.mean(jnp.abs(pred - cd) / (jnp.abs(cd) + 1e-3))
            self.metrics.update(loss=loss, rel_error=rel_error)
            return count + 1, None

        jax.lax.scan(body, 0, (conditions, measured_cd))
        return self.metrics.compute()


def main():
    conditions = jax.random.uniform(jax.random.key(0), (6, 10, 2))  # 6 runs, 10 points
    measured_cd = 0.02 + 0.05 * conditions[..., 0] ** 2
    evaluator = ModelEvaluator(DragPolar(nnx.Rngs(0)))
    evaluator.evaluate(conditions, measured_cd)
    return None
