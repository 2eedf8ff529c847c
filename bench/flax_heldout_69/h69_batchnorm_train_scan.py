# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 variables dict closed over by the scan body; apply in train mode without mutable=['batch_stats']
"""CNN with BatchNorm; the epoch loop was turned into jax.lax.scan over batches."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


def main():
    model = CNN()
    images = jnp.ones((6, 4, 8, 8, 1))
    labels = jnp.zeros((6, 4), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), images[0], train=False)
    tx = optax.adam(1e-3)
    opt_state = tx.init(variables["params"])

    def train_step(carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            logits = model.apply({"params": p, "batch_stats": variables["batch_stats"]}, x, train=True)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), opt_state), loss

    (params, opt_state), losses = jax.lax.scan(train_step, (variables["params"], opt_state), (images, labels))
    print(losses)
    return None
