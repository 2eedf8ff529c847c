# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 an epoch scans train_step over batches; jax.value_and_grad(loss_fn) runs model.apply with a training BatchNorm and nothing mutable
import jax
import jax.numpy as jnp
from flax import linen as nn


class SmallNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(2)(nn.relu(x))


model = SmallNet()


def loss_fn(params, batch_stats, x, y):
    logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
    return jnp.mean((logits - y) ** 2)


def train_step(state, batch):
    params, batch_stats = state
    loss, grads = jax.value_and_grad(loss_fn)(params, batch_stats, *batch)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return (params, batch_stats), loss


@jax.jit
def train_epoch(state, xs, ys):
    return jax.lax.scan(train_step, state, (xs, ys))


def main():
    xs = jax.random.normal(jax.random.key(0), (3, 4, 5))
    ys = jax.random.normal(jax.random.key(1), (3, 4, 2))
    variables = model.init(jax.random.key(2), xs[0], train=False)
    state = (variables["params"], variables["batch_stats"])
    train_epoch(state, xs, ys)
    return None
