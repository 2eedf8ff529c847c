# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 evaluate()'s local nnx.MultiMetric goes into the scan body directly and is updated once per milking session
"""Dairy milking robot: an evaluator scores a milk-yield model over the day's milking sessions
(teat-cup sensor features per cow) with nnx.metrics, after the model is switched to eval()."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class ParlorConfig:
    sensors: int = 6
    hidden: int = 12
    sessions: int = 5
    cows_per_session: int = 10


class YieldModel(nnx.Module):
    def __init__(self, config: ParlorConfig, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(config.sensors, config.hidden, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, sensors):
        return nnx.softplus(self.head(self.dropout(nnx.gelu(self.encode(sensors)))))[..., 0]


class ParlorEvaluator:
    def __init__(self, config: ParlorConfig):
        self.config = config

    def evaluate(self, model: YieldModel, sensors, litres):
        model.eval()
        metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            mse=nnx.metrics.Average("mse"),
        )

        def session(carry, batch):
            x, y = batch
            error = model(x) - y
            metrics.update(mae=jnp.abs(error), mse=error ** 2)
            return carry, None

        jax.lax.scan(session, None, (sensors, litres))
        return metrics.compute()


def main():
    cfg = ParlorConfig()
    model = YieldModel(cfg, rngs=nnx.Rngs(0, dropout=1))
    kx, ky = jax.random.split(jax.random.key(2))
    sensors = jax.random.normal(kx, (cfg.sessions, cfg.cows_per_session, cfg.sensors))
    litres = jax.random.uniform(ky, (cfg.sessions, cfg.cows_per_session), minval=8.0, maxval=16.0)
    report = ParlorEvaluator(cfg).evaluate(model, sensors, litres)
    {name: float(value) for name, value in report.items()}
    return None
