# label: ok
# flax-error: none
# class: 4 the while_loop body of the monitor calls an adapter around model.apply and threads the batch_stats through the loop state
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
        self.model = model
        self.params = variables["params"]
        self.initial_stats = variables["batch_stats"]

    def sugar_drop(self, stats, readings):
        drop, updates = self.model.apply(
            {"params": self.params, "batch_stats": stats}, readings, mutable=["batch_stats"]
        )
        return drop, updates["batch_stats"]


class FermentationMonitor:
    def __init__(self, adapter: TankAdapter, dry_threshold: float = 2.0, max_hours: int = 48):
        self.adapter = adapter
        self.dry_threshold = dry_threshold
        self.max_hours = max_hours

    def run(self, sensors, brix0):
        def not_dry(state):
            hour, brix, _ = state
            return (hour < self.max_hours) & (jnp.mean(brix) > self.dry_threshold)

        def hour_step(state):
            hour, brix, stats = state
            drop, stats = self.adapter.sugar_drop(stats, sensors * (1.0 + 0.01 * hour))
            return hour + 1, brix - drop, stats

        hours, brix, stats = lax.while_loop(not_dry, hour_step, (0, brix0, self.adapter.initial_stats))
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
