# label: ok
# flax-error: none
# class: 5 make_eval_step(model) factory returns a closure run in every fori_loop iteration; per-day errors leave the loop in its carry and the nnx.MultiMetric is updated after it
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


def make_eval_step(model):
    def eval_step(lags, target):
        pred = model(lags)
        err = pred - target
        return pred, jnp.mean(err ** 2), jnp.mean(jnp.abs(err))

    return eval_step


class Backtester:
    def __init__(self, model):
        self.metrics = nnx.MultiMetric(
            mse=nnx.metrics.Average("mse"),
            mae=nnx.metrics.Average("mae"),
        )
        self.step = make_eval_step(model)

    def run(self, lags, targets):
        n_days = lags.shape[0]

        def day(i, acc):
            preds, mse, mae = acc
            pred, day_mse, day_mae = self.step(lags[i], targets[i])
            return preds.at[i].set(pred), mse.at[i].set(day_mse), mae.at[i].set(day_mae)

        init = (jnp.zeros(targets.shape), jnp.zeros(n_days), jnp.zeros(n_days))
        preds, mse, mae = jax.lax.fori_loop(0, n_days, day, init)
        self.metrics.update(mse=mse, mae=mae)
        return preds, self.metrics.compute()


def main():
    model = SubstationLoadModel(n_lags=24, rngs=nnx.Rngs(0))
    load = 40 + 8 * jnp.sin(jnp.arange(10 * 48 + 24) * 2 * jnp.pi / 24)
    lags = jnp.stack([jnp.stack([load[d * 48 + h: d * 48 + h + 24] for h in range(24)]) for d in range(10)])
    targets = jnp.stack([load[d * 48 + 24: d * 48 + 48] for d in range(10)])
    preds, report = Backtester(model).run(lags / 50.0, targets / 50.0)
    assert preds.shape == (10, 24)
    return None
