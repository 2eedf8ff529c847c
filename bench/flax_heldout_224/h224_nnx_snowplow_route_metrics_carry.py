# label: ok
# flax-error: none
# class: 4 RouteEvaluator.callbacks[i].tracker.metrics (an nnx.MultiMetric) is updated after the while_loop from the per-batch errors the loop carries out
"""Municipal snowplow operations: evaluate a route clearance-time model on last winter's runs."""
import jax
import jax.numpy as jnp
from flax import nnx


class ClearanceModel(nnx.Module):
    def __init__(self, n_features, *, rngs):
        self.hidden = nnx.Linear(n_features, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.hidden(x))))[..., 0] * 60.0  # minutes


class MetricsTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("abs_err"),
            late=nnx.metrics.Average("late"),
        )


class MetricsCallback:
    def __init__(self, tracker):
        self.tracker = tracker

    def on_epoch(self, errors):
        self.tracker.metrics.update(abs_err=jnp.abs(errors), late=(errors < -15.0).astype(jnp.float32))


class RouteEvaluator:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = callbacks

    def evaluate(self, features, actual):
        n_batches = features.shape[0]

        def pending(state):
            return state[0] < n_batches

        def body(state):
            i, worst, errors = state
            predicted = self.model(features[i])
            err = predicted - actual[i]
            return i + 1, jnp.maximum(worst, jnp.abs(err).max()), errors.at[i].set(err)

        _, worst, errors = jax.lax.while_loop(pending, body, (0, jnp.zeros(()), jnp.zeros_like(actual)))
        for cb in self.callbacks:
            cb.on_epoch(errors)
        return worst


def main():
    kx, ky = jax.random.split(jax.random.key(3))
    features = jax.random.normal(kx, (6, 8, 5))  # 6 storm days, 8 routes, 5 route features
    actual = 60.0 + 20.0 * jax.random.normal(ky, (6, 8))
    tracker = MetricsTracker()
    evaluator = RouteEvaluator(ClearanceModel(5, rngs=nnx.Rngs(0)), [MetricsCallback(tracker)])
    worst = evaluator.evaluate(features, actual)
    jax.block_until_ready((worst, tracker.metrics.compute()))
    return None
