# label: ok
# flax-error: none
# class: 4 SalinityTrainer.fit (inherited from BaseTrainer) scans over batches; loss() -> super().loss() -> forward() applies with mutable batch_stats, carried with the params through the scan
"""Salt marsh restoration: fit a porewater-salinity regressor from piezometer transects.

Trainers are plain Python classes in a small inheritance chain, the way the restoration team's
monitoring library grew: BaseTrainer owns the loop, RegressionTrainer the loss, SalinityTrainer
the weighting of the transects.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class SalinityNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class BaseTrainer:
    def __init__(self, model, variables, learning_rate):
        self.model = model
        self.variables = variables
        self.learning_rate = learning_rate

    def forward(self, params, batch_stats, x):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return pred, updates["batch_stats"]

    def fit(self, batches):
        def step(carry, batch):
            params, batch_stats = carry
            (loss, batch_stats), grads = jax.value_and_grad(self.loss, has_aux=True)(params, batch_stats, batch)
            params = jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads)
            return (params, batch_stats), loss

        start = (self.variables["params"], self.variables["batch_stats"])
        (params, batch_stats), losses = lax.scan(step, start, batches)
        self.variables = {"params": params, "batch_stats": batch_stats}
        return losses


class RegressionTrainer(BaseTrainer):
    def loss(self, params, batch_stats, batch):
        pred, batch_stats = self.forward(params, batch_stats, batch["x"])
        return jnp.mean((pred - batch["y"]) ** 2), batch_stats


class SalinityTrainer(RegressionTrainer):
    def __init__(self, model, variables, learning_rate, creek_weight):
        super().__init__(model, variables, learning_rate)
        self.creek_weight = creek_weight

    def loss(self, params, batch_stats, batch):
        loss, batch_stats = super().loss(params, batch_stats, batch)
        return self.creek_weight * loss, batch_stats


def main():
    key_x, key_y = jax.random.split(jax.random.key(5))
    batches = {"x": jax.random.normal(key_x, (4, 8, 6)), "y": jax.random.uniform(key_y, (4, 8)) * 35.0}
    model = SalinityNet()
    variables = model.init(jax.random.key(0), batches["x"][0], train=False)
    trainer = SalinityTrainer(model, variables, learning_rate=1e-3, creek_weight=2.0)
    losses = trainer.fit(batches)
    print("losses", losses)
    return None


if __name__ == "__main__":
    main()
