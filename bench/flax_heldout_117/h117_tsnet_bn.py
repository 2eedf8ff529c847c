# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the training step closes over the local batch_stats dict and applies the BatchNorm model with train=True inside lax.scan, without mutable=
"""1-D conv net with BatchNorm for time-series regression, trained with a raw lax.scan over batches.

Shape of the reports: ModifyScopeVariableError "collection batch_stats is immutable" from a
training loop that calls model.apply(..., train=True) without mutable=['batch_stats'].
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TSNet(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.channels, kernel_size=(3,))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        x = x.mean(axis=1)
        return nn.Dense(1)(x)


def make_data(key, steps=6, batch=16, length=20):
    xs = jax.random.normal(key, (steps, batch, length, 1)).cumsum(axis=2)
    ys = xs[:, :, -1, :] * 0.5
    return xs, ys


def main():
    xs, ys = make_data(jax.random.key(0))
    model = TSNet()
    variables = model.init(jax.random.key(1), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]

    def loss_fn(params, x, y):
        pred = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)

    def step(params, batch):
        x, y = batch
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
        return params, loss

    params, losses = lax.scan(step, params, (xs, ys))
    print("losses", losses)
    return None
