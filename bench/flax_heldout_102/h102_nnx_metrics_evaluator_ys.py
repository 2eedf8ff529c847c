# label: ok
# flax-error: none
# class: 4 the scan body returns the per-batch errors as ys and the nnx.MultiMetric held by the Evaluator (report.evaluator.metrics) is updated once after the loop
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
            return carry, (jnp.mean(jnp.abs(pred - batch["y"])),
                           jnp.mean((pred < batch["y"]).astype(jnp.float32)))

        _, (mae, late_rate) = scan(body, None, batches)
        self.metrics.update(mae=mae, late_rate=late_rate)
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
