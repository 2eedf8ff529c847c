# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/ResidualBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body applies evaluator.model with evaluator.checkpoint.params and evaluator.checkpoint.batch_stats, in training mode and without mutable
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ResidualBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Dense(self.features)(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return x + nn.gelu(y)


class Regressor(nn.Module):
    features: int = 8
    depth: int = 2

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        for _ in range(self.depth):
            x = ResidualBlock(self.features)(x, train)
        return nn.Dense(1)(x)[..., 0]


@dataclasses.dataclass
class Checkpoint:
    params: dict
    batch_stats: dict
    step: int = 0


@dataclasses.dataclass
class Evaluator:
    model: nn.Module
    checkpoint: Checkpoint

    def mean_squared_error(self, xs, ys):
        def batch_error(total, batch):
            x, y = batch
            variables = {"params": self.checkpoint.params, "batch_stats": self.checkpoint.batch_stats}
            pred = self.model.apply(variables, x, train=True)
            return total + jnp.mean((pred - y) ** 2), None

        total, _ = lax.scan(batch_error, 0.0, (xs, ys))
        return total / xs.shape[0]


def main():
    kx, ky, kinit = jax.random.split(jax.random.PRNGKey(3), 3)
    xs = jax.random.normal(kx, (3, 16, 4))
    ys = jax.random.normal(ky, (3, 16))
    model = Regressor()
    variables = model.init(kinit, xs[0], train=False)
    ckpt = Checkpoint(params=variables["params"], batch_stats=variables["batch_stats"])
    mse = Evaluator(model, ckpt).mean_squared_error(xs, ys)
    jax.block_until_ready(mse)
