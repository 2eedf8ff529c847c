# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body updates the nnx.MultiMetric held by the Evaluator that a NightlyReport reaches as report.evaluator.metrics
"""Parcel delivery ETA: nightly offline evaluation of the routing model on held-out depots."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DeliveryEta(nnx.Module):
    def __init__(self, n_in: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_in, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.gelu(self.hidden(x))))[..., 0] * 60.0


class Evaluator:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            late_rate=nnx.metrics.Average("late_rate"),
        )

    def evaluate(self, model: nnx.Module, batches):
        self.metrics.reset()

        def body(carry, batch):
            pred = model(batch["x"])
            self.metrics.update(mae=jnp.mean(jnp.abs(pred - batch["y"])),
                                late_rate=jnp.mean((pred < batch["y"]).astype(jnp.float32)))
            return carry, None

        scan(body, None, batches)
        return self.metrics.compute()


class NightlyReport:
    def __init__(self, model: nnx.Module, evaluator: Evaluator):
        self.model = model
        self.evaluator = evaluator

    def run(self, batches):
        self.model.eval()
        results = self.evaluator.evaluate(self.model, batches)
        return {name: float(value) for name, value in results.items()}


def held_out_depots(key, n_batches=4, batch=8, n_in=5):
    kx, ky = jax.random.split(key)
    return {"x": jax.random.normal(kx, (n_batches, batch, n_in)),
            "y": jax.random.uniform(ky, (n_batches, batch), minval=10, maxval=90)}


def main():
    report = NightlyReport(DeliveryEta(5, nnx.Rngs(0)), Evaluator())
    report.run(held_out_depots(jax.random.key(1)))
    return None
