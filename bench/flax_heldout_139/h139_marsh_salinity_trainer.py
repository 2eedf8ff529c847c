# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 SalinityTrainer.fit (inherited from BaseTrainer) scans over batches; the body reaches self.model.apply through loss() -> super().loss() -> forward(), train mode without a mutable batch_stats
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

    def forward(self, params, x):
        return self.model.apply({**self.variables, "params": params}, x, train=True)

    def fit(self, batches):
        def step(params, batch):
            loss, grads = jax.value_and_grad(self.loss)(params, batch)
            params = jax.tree.map(lambda p, g: p - self.learning_rate * g, params, grads)
            return params, loss

        params, losses = lax.scan(step, self.variables["params"], batches)
        self.variables = {**self.variables, "params": params}
        return losses


class RegressionTrainer(BaseTrainer):
    def loss(self, params, batch):
        pred = self.forward(params, batch["x"])
        return jnp.mean((pred - batch["y"]) ** 2)


class SalinityTrainer(RegressionTrainer):
    def __init__(self, model, variables, learning_rate, creek_weight):
        super().__init__(model, variables, learning_rate)
        self.creek_weight = creek_weight

    def loss(self, params, batch):
        return self.creek_weight * super().loss(params, batch)


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
