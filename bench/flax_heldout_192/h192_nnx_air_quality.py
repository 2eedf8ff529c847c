# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body updates evaluator.metrics, an nnx.MultiMetric attribute of one StationEvaluator
"""Urban air-quality network: evaluates a PM2.5 nowcaster station by station."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Nowcaster(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_inputs, 12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.trunk(x)))[..., 0]


class StationEvaluator:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            bias=nnx.metrics.Average("bias"),
        )

    def report(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


def main():
    model = Nowcaster(6, nnx.Rngs(0))
    model.eval()
    readings = jax.random.normal(jax.random.key(1), (7, 10, 6))
    truth = jax.random.normal(jax.random.key(2), (7, 10))
    evaluator = StationEvaluator()

    def station(carry, batch):
        x, y = batch
        err = model(x) - y
        evaluator.metrics.update(mae=jnp.abs(err), bias=err)
        return carry + 1, None

    scan(station, 0, (readings, truth))
    evaluator.report()
    return None
