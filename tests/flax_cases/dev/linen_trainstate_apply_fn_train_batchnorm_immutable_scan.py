# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a TrainState made with apply_fn=model.apply; the raw scan body of a multi-step update calls state.apply_fn in training mode without making batch_stats mutable
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training.train_state import TrainState


class ConvNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(12)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(2)(nn.relu(x))


def build(rng):
    model = ConvNet()
    variables = model.init(rng, jnp.ones((4, 6)), train=False)
    state = TrainState.create(apply_fn=model.apply, params=variables["params"], tx=optax.adam(1e-3))
    return state, variables["batch_stats"]


def multi_step(state, batch_stats, images, labels):
    def one_step(state, batch):
        x, y = batch

        def loss_fn(params):
            logits = state.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return jax.lax.scan(one_step, state, (images, labels))


def main():
    state, batch_stats = build(jax.random.PRNGKey(0))
    images = jnp.ones((3, 4, 6))
    labels = jnp.zeros((3, 4), jnp.int32)
    multi_step(state, batch_stats, images, labels)
    return None
