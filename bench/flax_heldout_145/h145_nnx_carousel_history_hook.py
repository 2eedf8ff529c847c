# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body runs monitor.model and hands its per-horse wear to the monitor's hook list; a WearLog hook keeps the values
"""Carousel maintenance: monitor pole wear over a season of ride logs.

The monitor calls registered hooks after every ride log so the depot can plug in loggers and
alerting without touching the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class PoleWear(nnx.Module):
    def __init__(self, features: int, horses: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(features, 16, rngs=rngs)
        self.head = nnx.Linear(16, horses, rngs=rngs)

    def __call__(self, log):
        return nnx.softplus(self.head(nnx.gelu(self.enc(log))))


class WearLog:
    def __init__(self):
        self.rows = []

    def __call__(self, step_wear):
        self.rows.append(step_wear)

    def worst_horse(self):
        return int(jnp.argmax(jnp.stack(self.rows).sum(0)))


class AlertHook:
    def __init__(self, limit: float):
        self.limit = limit
        self.armed = True

    def __call__(self, step_wear):
        pass  # alerts are only raised by the on-site service


class SeasonMonitor:
    def __init__(self, model: PoleWear, hooks):
        self.model = model
        self.hooks = list(hooks)

    def run(self, logs):
        def body(total, log):
            wear = self.model(log)
            for hook in self.hooks:
                hook(wear)
            return total + wear, None

        total, _ = lax.scan(body, jnp.zeros(self.model.head.out_features), logs)
        return total


def main():
    wear_log = WearLog()
    monitor = SeasonMonitor(PoleWear(5, 8, nnx.Rngs(0)), [wear_log, AlertHook(2.0)])
    logs = jax.random.normal(jax.random.key(6), (10, 5))
    monitor.run(logs)
    print("worst horse", wear_log.worst_horse())
    return None
