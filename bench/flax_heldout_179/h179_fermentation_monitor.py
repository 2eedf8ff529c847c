# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the while_loop body of the monitor calls an adapter that holds model.bind(variables, mutable=["batch_stats"])
"""Wine fermentation monitor: predicts sugar drop per hour until the must is dry."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class SugarModel(nn.Module):
    @nn.compact
    def __call__(self, readings):
        h = nn.Dense(16)(readings)
        h = nn.BatchNorm(use_running_average=False, momentum=0.8)(h)
        return nn.softplus(nn.Dense(1)(nn.tanh(h))).squeeze(-1)


class TankAdapter:
    """Adapts tank sensor rows to the model; keeps normalisation stats current."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def sugar_drop(self, readings):
        return self.bound(readings)

    def export_stats(self):
        return self.bound.variables["batch_stats"]


class FermentationMonitor:
    def __init__(self, adapter: TankAdapter, dry_threshold: float = 2.0, max_hours: int = 48):
        self.adapter = adapter
        self.dry_threshold = dry_threshold
        self.max_hours = max_hours

    def run(self, sensors, brix0):
        def not_dry(state):
            hour, brix = state
            return (hour < self.max_hours) & (jnp.mean(brix) > self.dry_threshold)

        def hour_step(state):
            hour, brix = state
            drop = self.adapter.sugar_drop(sensors * (1.0 + 0.01 * hour))
            return hour + 1, brix - drop

        hours, brix = lax.while_loop(not_dry, hour_step, (0, brix0))
        stats = self.adapter.export_stats()
        drift = jax.tree.map(lambda a: jnp.abs(a).mean(), stats)
        return hours, brix, drift


def main():
    model = SugarModel()
    sensors = jnp.linspace(0.0, 1.0, 4 * 5).reshape(4, 5)
    variables = model.init(jax.random.key(0), sensors)
    monitor = FermentationMonitor(TankAdapter(model, variables))
    hours, brix, drift = monitor.run(sensors, jnp.full((4,), 22.0))
    jax.block_until_ready(drift)
    return None


if __name__ == "__main__":
    main()
