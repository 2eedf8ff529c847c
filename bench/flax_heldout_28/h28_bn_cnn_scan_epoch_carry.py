# label: ok
# flax-error: none
# class: 3 train_step scanned over batches calls loss_fn, whose model.apply(mutable=['batch_stats']) returns the new stats, carried in the scan state
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class SmallCNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(4, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(2)(x)


model = SmallCNN()
tx = optax.sgd(0.05, momentum=0.9)


def loss_fn(params, batch_stats, images, labels):
    logits, updates = model.apply(
        {"params": params, "batch_stats": batch_stats}, images, train=True, mutable=["batch_stats"]
    )
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss, updates["batch_stats"]


def train_step(state, batch):
    params, batch_stats, opt_state = state
    images, labels = batch
    (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch_stats, images, labels)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return (params, batch_stats, opt_state), loss


@jax.jit
def train_epoch(state, images, labels):
    return jax.lax.scan(train_step, state, (images, labels))


def main():
    images = jax.random.normal(jax.random.key(0), (3, 4, 6, 6, 1))
    labels = jnp.array([[0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]])
    variables = model.init(jax.random.key(1), images[0], train=False)
    state = (variables["params"], variables["batch_stats"], tx.init(variables["params"]))
    state, losses = train_epoch(state, images, labels)
    print("epoch losses", losses, "mean", state[1]["BatchNorm_0"]["mean"])
    return None
