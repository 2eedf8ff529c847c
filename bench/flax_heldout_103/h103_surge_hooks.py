# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Trainer.fit passes the batch_stats update from apply to a BatchStatsTracker in its hook list inside the scan; the trainer rebuilds its variables from the hook after the loop
"""Ride-hailing surge pricing: a Linen regressor predicts the surge multiplier per zone from
demand/supply features. The trainer calls a list of hooks after every step (loss logging,
batch-norm statistics tracking), then serves prices with the tracked statistics."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class SurgeModel(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return 1.0 + nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


class Hook:
    def on_step(self, loss, updates):
        pass


class LossLogger(Hook):
    def __init__(self):
        self.count = 0

    def on_step(self, loss, updates):
        self.count += 1


class BatchStatsTracker(Hook):
    def __init__(self):
        self.latest = None

    def on_step(self, loss, updates):
        self.latest = updates["batch_stats"]


class Trainer:
    def __init__(self, model, variables, hooks):
        self.model = model
        self.variables = variables
        self.hooks = hooks

    def fit(self, zone_batches):
        params = self.variables["params"]

        def step(stats, batch):
            pred, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, batch["x"], train=True, mutable=["batch_stats"])
            loss = jnp.mean((pred - batch["y"]) ** 2)
            for hook in self.hooks:
                hook.on_step(loss, updates)
            return updates["batch_stats"], loss

        _, losses = scan(step, self.variables["batch_stats"], zone_batches)
        tracker = next(h for h in self.hooks if isinstance(h, BatchStatsTracker))
        self.variables = {"params": params, "batch_stats": tracker.latest}
        return losses

    def price(self, x):
        return self.model.apply(self.variables, x, train=False)


def main():
    model = SurgeModel()
    variables = model.init(jax.random.key(0), jnp.zeros((8, 4)), train=False)
    trainer = Trainer(model, variables, hooks=[LossLogger(), BatchStatsTracker()])
    kx, ky = jax.random.split(jax.random.key(1))
    batches = {"x": jax.random.normal(kx, (6, 8, 4)), "y": 1.0 + jax.random.uniform(ky, (6, 8))}
    trainer.fit(batches)
    trainer.price(jnp.ones((3, 4))).block_until_ready()
    return None
