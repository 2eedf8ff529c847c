# label: ok
# flax-error: none
# class: 3 the same multi-step update makes batch_stats mutable in state.apply_fn and carries the new statistics through the scan
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
    def one_step(carry, batch):
        state, batch_stats = carry
        x, y = batch

        def loss_fn(params):
            logits, updates = state.apply_fn(
                {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), updates["batch_stats"]

        (loss, batch_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
        return (state.apply_gradients(grads=grads), batch_stats), loss

    return jax.lax.scan(one_step, (state, batch_stats), (images, labels))


def main():
    state, batch_stats = build(jax.random.PRNGKey(0))
    images = jnp.ones((3, 4, 6))
    labels = jnp.zeros((3, 4), jnp.int32)
    multi_step(state, batch_stats, images, labels)
    return None
