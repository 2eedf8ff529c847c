# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_eval_step(model, metrics) factory returns a closure that updates an nnx.MultiMetric; the closure runs in every fori_loop iteration
"""Power grid load forecasting: backtest of a substation model over past days."""
import jax
import jax.numpy as jnp
from flax import nnx


class SubstationLoadModel(nnx.Module):
    def __init__(self, n_lags, rngs):
        self.lags = nnx.Linear(n_lags, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, lags):
        return self.out(nnx.tanh(self.lags(lags)))[..., 0]


def make_eval_step(model, metrics):
    def eval_step(lags, target):
        pred = model(lags)
        err = pred - target
        metrics.update(mse=jnp.mean(err ** 2), mae=jnp.mean(jnp.abs(err)))
        return pred

    return eval_step


class Backtester:
    def __init__(self, model):
        self.metrics = nnx.MultiMetric(
            mse=nnx.metrics.Average("mse"),
            mae=nnx.metrics.Average("mae"),
        )
        self.step = make_eval_step(model, self.metrics)

    def run(self, lags, targets):
        n_days = lags.shape[0]

        def day(i, preds):
            return preds.at[i].set(self.step(lags[i], targets[i]))

        preds = jax.lax.fori_loop(0, n_days, day, jnp.zeros(targets.shape))
        return preds, self.metrics.compute()


def main():
    model = SubstationLoadModel(n_lags=24, rngs=nnx.Rngs(0))
    load = 40 + 8 * jnp.sin(jnp.arange(10 * 48 + 24) * 2 * jnp.pi / 24)
    lags = jnp.stack([jnp.stack([load[d * 48 + h: d * 48 + h + 24] for h in range(24)]) for d in range(10)])
    targets = jnp.stack([load[d * 48 + 24: d * 48 + 48] for d in range(10)])
    preds, report = Backtester(model).run(lags / 50.0, targets / 50.0)
    assert preds.shape == (10, 24)
    return None
