# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 train_step scanned over batches calls loss_fn, whose model.apply runs BatchNorm in train mode with batch_stats passed but not mutable
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
    logits = model.apply({"params": params, "batch_stats": batch_stats}, images, train=True)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    return loss


def train_step(state, batch):
    params, batch_stats, opt_state = state
    images, labels = batch
    loss, grads = jax.value_and_grad(loss_fn)(params, batch_stats, images, labels)
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
    print("epoch losses", losses)
    return None
