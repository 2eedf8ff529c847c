# label: ok
# flax-error: none
# class: 3 the BatchNorm stats are the batch_stats attribute of the TrainState carried by the scan; the body calls state.apply_fn(..., train=False) so they are only read
"""Fine-tune a pretrained classifier (Dense + BatchNorm backbone) on a few new batches with the
BatchNorm statistics frozen, the training loop written as a raw lax.scan over batches."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from flax.training import train_state
import optax


class TrainState(train_state.TrainState):
    batch_stats: dict


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class Classifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        return nn.Dense(self.num_classes)(Backbone()(x, train))


def main():
    model = Classifier()
    xs = jax.random.normal(jax.random.key(0), (6, 16, 10))
    ys = jax.random.randint(jax.random.key(1), (6, 16), 0, 5)
    variables = model.init(jax.random.key(2), xs[0])
    state = TrainState.create(apply_fn=model.apply, params=variables["params"],
                              tx=optax.sgd(1e-2, momentum=0.9), batch_stats=variables["batch_stats"])

    def train_step(state, batch):
        x, y = batch

        def loss_fn(params):
            logits = state.apply_fn({"params": params, "batch_stats": state.batch_stats}, x, train=False)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    state, losses = jax.lax.scan(train_step, state, (xs, ys))
    print(losses)
    return None
