# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a VoicingEvaluator holds a MetricTracker whose nnx.metrics.MultiMetric is updated from the while_loop body (evaluator.tracker.metrics.update)
"""Pipe-organ voicing assistant: evaluates a pitch-deviation regressor pipe by pipe along a rank
until the accumulated error budget is spent, tracking loss and pipes evaluated with nnx.metrics."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class PitchRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(5, 12, rngs=rngs)
        self.cents = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, spectrum):
        return self.cents(nnx.silu(self.body(spectrum)))[0]


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.metrics.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            pipes=nnx.metrics.Average("pipes"),
        )

    def report(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


class VoicingEvaluator:
    def __init__(self, model: PitchRegressor, tracker: MetricTracker, budget: float = 50.0):
        self.model, self.tracker, self.budget = model, tracker, budget

    def evaluate_rank(self, spectra, targets):
        n = spectra.shape[0]

        def more(state):
            i, spent = state
            return (i < n) & (spent < self.budget)

        def pipe(state):
            i, spent = state
            err = (self.model(spectra[i]) - targets[i]) ** 2
            self.tracker.metrics.update(loss=err, pipes=jnp.ones(()))
            return i + 1, spent + err

        return while_loop(more, pipe, (0, jnp.zeros(())))


def main():
    spectra = jax.random.normal(jax.random.key(0), (10, 5))  # pipes x harmonic amplitudes
    targets = jnp.linspace(-8.0, 8.0, 10)
    tracker = MetricTracker()
    evaluator = VoicingEvaluator(PitchRegressor(nnx.Rngs(0)), tracker)
    evaluator.evaluate_rank(spectra, targets)
    print(tracker.report())
    return None
