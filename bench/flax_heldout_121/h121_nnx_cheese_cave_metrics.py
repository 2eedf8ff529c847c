# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Evaluator.tracker.metrics (an nnx.MultiMetric of Average metrics) is updated through Evaluator._log inside the while_loop body
"""Cheese cave aging: a rind-quality model grades wheels from cave humidity, temperature,
turning frequency and age; the evaluator walks the wheel batches until the loss budget is
exceeded and reports the running metrics to the affineur's dashboard."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RindQualityNet(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_in, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.norm(self.enc(x)))).squeeze(-1)


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(loss=nnx.metrics.Average("loss"),
                                       mae=nnx.metrics.Average("mae"))

    def reset(self):
        self.metrics.reset()


class Evaluator:
    def __init__(self, model, tracker):
        self.model = model
        self.tracker = tracker

    def _log(self, loss, mae):
        self.tracker.metrics.update(loss=loss, mae=mae)

    def evaluate_until(self, wheels, grades, max_loss):
        model = self.model
        model.eval()

        def cond(state):
            i, worst = state
            return (i < wheels.shape[0]) & (worst < max_loss)

        def body(state):
            i, worst = state
            err = model(wheels[i]) - grades[i]
            loss = jnp.mean(err ** 2)
            self._log(loss, jnp.mean(jnp.abs(err)))
            return i + 1, jnp.maximum(worst, loss)

        jax.lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))
        return self.tracker.metrics.compute()


def main():
    model = RindQualityNet(4, 16, rngs=nnx.Rngs(0))
    evaluator = Evaluator(model, MetricTracker())
    wheels = jax.random.normal(jax.random.key(1), (6, 10, 4))
    grades = jax.random.normal(jax.random.key(2), (6, 10))
    report = evaluator.evaluate_until(wheels, grades, max_loss=50.0)
    jax.block_until_ready(report)
    return None
