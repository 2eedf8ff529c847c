# label: ok
# flax-error: none
# class: 3 LoadForecastEvaluator.mae, an nnx.metrics.Average updated after the scan from the per-interval errors the body emits as ys
"""Energy-grid load balancing, NNX version: a substation load forecaster is evaluated on a
day of 15-minute intervals; the evaluator accumulates mean absolute error and the peak
error with nnx.metrics so the balancing service can decide whether to trust it."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SubstationForecaster(nnx.Module):
    def __init__(self, n_substations: int, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_substations, 32, rngs=rngs)
        self.out = nnx.Linear(32, n_substations, rngs=rngs)

    def __call__(self, load):
        return load + self.out(nnx.relu(self.mix(load)))


class LoadForecastEvaluator:
    def __init__(self):
        self.mae = nnx.metrics.Average()
        self.peak = jnp.zeros(())

    def evaluate(self, model: SubstationForecaster, day):
        def interval(peak, pair):
            load_now, load_next = pair
            err = jnp.abs(model(load_now) - load_next)
            return jnp.maximum(peak, err.max()), err

        self.peak, errs = scan(interval, self.peak, (day[:-1], day[1:]))
        self.mae.update(values=errs)
        return {"mae": self.mae.compute(), "peak": self.peak}


def main():
    n_sub = 5
    model = SubstationForecaster(n_sub, rngs=nnx.Rngs(0))
    t = jnp.arange(96)[:, None] / 96.0
    day = 10 + 3 * jnp.sin(2 * jnp.pi * t + jnp.arange(n_sub)) + 0.1 * jax.random.normal(jax.random.key(1), (96, n_sub))
    report = LoadForecastEvaluator().evaluate(model, day)
    print({k: float(v) for k, v in report.items()})
    return None
