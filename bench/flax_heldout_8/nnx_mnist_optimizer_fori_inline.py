# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 1 the model and nnx.Optimizer built in main() are used by nnx.value_and_grad and optimizer.update in an inline fori_loop body
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.fc1(x)))


def loss_fn(model, images, labels):
    logits = model(images)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def main():
    model = MLP(64, 32, 10, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param)
    images = jax.random.normal(jax.random.key(1), (8, 16, 64))
    labels = jax.random.randint(jax.random.key(2), (8, 16), 0, 10)

    def train_body(step, running_loss):
        loss, grads = nnx.value_and_grad(loss_fn)(model, images[step], labels[step])
        optimizer.update(model, grads)
        return running_loss + loss

    total = jax.lax.fori_loop(0, images.shape[0], train_body, jnp.zeros(()))
    print("mean loss", total / images.shape[0])
    return None
