# label: ok
# flax-error: none
# class: 4 Trainer.fit returns the per-step batch_stats from the scan as ys and hands the last one to the BatchStatsTracker in its hook list after the loop
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
            return updates["batch_stats"], (loss, updates)

        _, (losses, per_step) = scan(step, self.variables["batch_stats"], zone_batches)
        last = jax.tree.map(lambda a: a[-1], per_step)
        for hook in self.hooks:
            hook.on_step(losses[-1], last)
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
