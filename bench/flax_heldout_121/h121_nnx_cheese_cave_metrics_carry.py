# label: ok
# flax-error: none
# class: 4 per-step losses ride in the while_loop carry as buffers; Evaluator._log feeds Evaluator.tracker.metrics (an nnx.MultiMetric) after the loop
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
        n = wheels.shape[0]

        def cond(state):
            i, worst, _, _ = state
            return (i < n) & (worst < max_loss)

        def body(state):
            i, worst, losses, maes = state
            err = model(wheels[i]) - grades[i]
            loss = jnp.mean(err ** 2)
            losses = losses.at[i].set(loss)
            maes = maes.at[i].set(jnp.mean(jnp.abs(err)))
            return i + 1, jnp.maximum(worst, loss), losses, maes

        init = (jnp.int32(0), jnp.float32(0.0), jnp.zeros(n), jnp.zeros(n))
        steps, _, losses, maes = jax.lax.while_loop(cond, body, init)
        steps = int(steps)
        self._log(losses[:steps], maes[:steps])
        return self.tracker.metrics.compute()


def main():
    model = RindQualityNet(4, 16, rngs=nnx.Rngs(0))
    evaluator = Evaluator(model, MetricTracker())
    wheels = jax.random.normal(jax.random.key(1), (6, 10, 4))
    grades = jax.random.normal(jax.random.key(2), (6, 10))
    report = evaluator.evaluate_until(wheels, grades, max_loss=50.0)
    jax.block_until_ready(report)
    return None
