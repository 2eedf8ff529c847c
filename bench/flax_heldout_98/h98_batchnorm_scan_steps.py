# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 train loop turned into jax.lax.scan; body calls model.apply on a BatchNorm CNN in train mode without mutable=["batch_stats"]
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state


class CNN(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(8, (3, 3))(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x).mean(axis=(1, 2))
        return nn.Dense(10)(x)


class TrainState(train_state.TrainState):
    batch_stats: dict


def main():
    model = CNN()
    x = jnp.ones((4, 8, 8, 1))
    variables = model.init(jax.random.key(0), x, train=False)
    state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                              batch_stats=variables["batch_stats"], tx=optax.adam(1e-3))
    images = jax.random.normal(jax.random.key(1), (5, 4, 8, 8, 1))
    labels = jnp.zeros((5, 4), jnp.int32)

    def train_step(state, batch):
        imgs, lbls = batch

        def loss_fn(params):
            logits = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, imgs, train=True)
            return optax.softmax_cross_entropy_with_integer_labels(logits, lbls).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    state, losses = jax.lax.scan(train_step, state, (images, labels))
    losses.block_until_ready()
    return None
