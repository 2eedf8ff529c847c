# label: ok
# flax-error: none
# class: 2 the model and nnx.Optimizer are nnx.split before a raw jax.lax.scan over batches; the body merges them from the carried state, calls train_step and returns nnx.state, then nnx.update after the loop
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


def loss_fn(model, x, y):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def train_step(model, optimizer, batch):
    x, y = batch
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    optimizer.update(model, grads)
    return loss


def main():
    model = MLP(4, 16, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    ys = jnp.arange(40).reshape(5, 8) % 3
    graphdef, state = nnx.split((model, optimizer))

    def body(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss = train_step(model, optimizer, batch)
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(body, state, (xs, ys))
    nnx.update((model, optimizer), state)
    losses.block_until_ready()
    return None
