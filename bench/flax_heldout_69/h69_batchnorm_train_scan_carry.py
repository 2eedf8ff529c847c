# label: ok
# flax-error: none
# class: 3 batch_stats carried through the scan; apply(..., mutable=['batch_stats']) returns the new stats
"""CNN with BatchNorm; the epoch loop as jax.lax.scan over batches, with the running statistics
carried alongside params and optimizer state."""
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
        params, batch_stats, opt_state = carry
        x, y = batch

        def loss_fn(p):
            logits, updates = model.apply(
                {"params": p, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return loss, updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = tx.update(grads, opt_state)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    init = (variables["params"], variables["batch_stats"], opt_state)
    (params, batch_stats, opt_state), losses = jax.lax.scan(train_step, init, (images, labels))
    print(losses, jax.tree.map(jnp.mean, batch_stats))
    return None
