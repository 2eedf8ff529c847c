# label: ok
# flax-error: none
# class: 4 the scan body returns per-call ETA and lateness as ys; the nnx.MultiMetric reached through Dispatcher.reporter.metrics is updated after the loop
"""Ambulance dispatch: score each incoming call's predicted response time and track shift
metrics (mean ETA, share of calls over the 8-minute target)."""
import jax
import jax.numpy as jnp
from flax import nnx


class ResponseModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(6, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, call):
        return 4.0 + 6.0 * nnx.sigmoid(self.head(nnx.gelu(self.hidden(call))))[..., 0]


class ShiftReporter:
    def __init__(self):
        self.metrics = nnx.MultiMetric(eta=nnx.metrics.Average("eta"), late=nnx.metrics.Average("late"))


class Dispatcher:
    def __init__(self, model: ResponseModel, reporter: ShiftReporter, target_min: float = 8.0):
        self.model, self.reporter, self.target_min = model, reporter, target_min

    def process(self, calls):
        def body(n_late, call):
            eta = self.model(call)
            late = (eta > self.target_min).astype(jnp.float32)
            return n_late + late, (eta, late)

        n_late, (etas, lates) = jax.lax.scan(body, jnp.float32(0.0), calls)
        self.reporter.metrics.update(eta=etas, late=lates)
        return n_late, etas


def main():
    # distance, road class, hour, priority, unit type, weather
    calls = jax.random.uniform(jax.random.PRNGKey(0), (20, 6))
    reporter = ShiftReporter()
    Dispatcher(ResponseModel(nnx.Rngs(0)), reporter).process(calls)
    reporter.metrics.compute()
    return None
