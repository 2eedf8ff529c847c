# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.metrics.Average held by a MetricsCallback in the SensingRunner's callback list is updated from inside the scan body
"""Supply-chain demand sensing: replay daily point-of-sale deltas through a nowcaster and
report the sensing error through the runner's callbacks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Nowcaster(nnx.Module):
    def __init__(self, skus, rngs: nnx.Rngs):
        self.mix = nnx.Linear(skus, skus, rngs=rngs)
        self.gate = nnx.Linear(skus, skus, rngs=rngs)

    def __call__(self, level, pos_delta):
        gate = nnx.sigmoid(self.gate(pos_delta))
        return gate * level + (1.0 - gate) * self.mix(pos_delta)


class MetricsCallback(nnx.Module):
    def __init__(self):
        self.error = nnx.metrics.Average("error")

    def on_step(self, error):
        self.error.update(error=error)

    def report(self):
        return {"mean_abs_error": self.error.compute()}


class SensingRunner:
    def __init__(self, model, callbacks):
        self.model = model
        self.callbacks = list(callbacks)

    def replay(self, level, pos_deltas, actuals):
        def day(level, inputs):
            pos_delta, actual = inputs
            level = self.model(level, pos_delta)
            error = jnp.mean(jnp.abs(level - actual))
            for callback in self.callbacks:
                callback.on_step(error)
            return level, error

        return scan(day, level, (pos_deltas, actuals))


def main():
    days, skus = 7, 6
    pos = jax.random.normal(jax.random.key(1), (days, skus))
    actual = jnp.cumsum(pos, axis=0)
    callback = MetricsCallback()
    runner = SensingRunner(Nowcaster(skus, nnx.Rngs(0)), [callback])
    runner.replay(jnp.zeros((skus,)), pos, actual)
    print(callback.report())
    return None
