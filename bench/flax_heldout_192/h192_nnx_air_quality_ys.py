# label: ok
# flax-error: none
# class: 3 the scan body returns per-station errors as outputs; evaluator.metrics, an nnx.MultiMetric attribute of one StationEvaluator, is updated after the loop
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
        return carry + 1, err

    _, errors = scan(station, 0, (readings, truth))
    evaluator.metrics.update(mae=jnp.abs(errors), bias=errors)
    evaluator.report()
    return None
