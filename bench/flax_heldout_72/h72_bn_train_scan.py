# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 model.apply with train=True called in a raw lax.scan training loop, batch_stats closed over and not mutable
"""Tutorial CNN-with-BatchNorm training loop made faster by scanning over the batches."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = CNN()
    xs = jnp.ones((4, 2, 8, 8, 1))
    ys = jnp.zeros((4, 2), jnp.int32)
    variables = model.init(jax.random.key(0), xs[0], train=False)
    params, batch_stats = variables["params"], variables["batch_stats"]
    tx = optax.adam(1e-3)
    opt_state = tx.init(params)

    def loss_fn(params, x, y):
        logits = model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def train_step(carry, batch):
        params, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (params, opt_state), (xs, ys))
    return None
